# frozen_string_literal: true

require "test_helper"

# Every error class, from real answers: the reference server where it gives them, a scripted
# local server for a 5xx, a slow answer and a refused connection.
class ErrorsTest < ServerTest
  def test_bad_request_names_the_field
    error = assert_raises(Rankquill::BadRequestError) { client.content.create(project_id, keyword: "") }
    assert_equal 400, error.status
    assert_equal "invalid_request_error", error.type
    assert_equal "keyword", error.param
    assert_match(/\Areq_/, error.request_id)
    assert_equal error.request_id, error.headers["x-request-id"]
  end

  def test_authentication_error
    stranger = Rankquill::Client.new(api_key: "rq_test_unknown", base_url: server.api_base_url, max_retries: 0)
    error = assert_raises(Rankquill::AuthenticationError) { stranger.projects.list }
    assert_equal 401, error.status
    assert_equal "authentication_error", error.type
  end

  def test_not_found_error
    error = assert_raises(Rankquill::NotFoundError) { client.content.retrieve(project_id, "cnt_missing") }
    assert_equal "not_found_error", error.type
  end

  def test_conflict_error
    draft = client.content.list(project_id, status: "draft").first
    client.content.update(project_id, draft.id, slug: "taken-slug")
    other = client.content.list(project_id, status: "published").first
    error = assert_raises(Rankquill::ConflictError) { client.content.update(project_id, other.id, slug: "taken-slug") }
    assert_equal "slug", error.param
  end

  def test_rate_limit_error_carries_retry_after_and_is_not_retried_for_an_hour
    key = server.create_account(plan: "enterprise", rate_limit: 1)
    limited = Rankquill::Client.new(api_key: key, base_url: server.api_base_url, max_retries: 2)
    limited.projects.list
    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    error = assert_raises(Rankquill::RateLimitError) { limited.projects.list }
    assert_operator Process.clock_gettime(Process::CLOCK_MONOTONIC) - started, :<, 1
    assert_equal 429, error.status
    assert_equal "rate_limit_error", error.type
    assert_operator error.retry_after, :>, 60
  end

  def test_internal_server_error_from_a_5xx_after_the_retries
    scripted = ScriptedServer.new(Array.new(2) { { status: 502, body: "<html>bad gateway</html>" } })
    failing = Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{scripted.url}/v1", max_retries: 1)
    error = assert_raises(Rankquill::InternalServerError) { failing.projects.list }
    assert_equal 502, error.status
    assert_equal "502: <html>bad gateway</html>", error.message
    assert_equal 2, scripted.requests.size
  ensure
    scripted&.stop
  end

  def test_the_message_of_a_long_body_keeps_its_first_500_characters_not_bytes
    scripted = ScriptedServer.new({ status: 502, body: "é" * 600 })
    error = assert_raises(Rankquill::InternalServerError) { scripted_client(scripted).projects.list }
    assert_equal "502: #{"é" * 500}", error.message
  ensure
    scripted&.stop
  end

  def test_an_empty_error_string_leaves_the_message_to_the_body
    body = '{"success":false,"error":""}'
    scripted = ScriptedServer.new({ status: 404, body: body })
    error = assert_raises(Rankquill::NotFoundError) { scripted_client(scripted).projects.list }
    assert_equal "404: #{body}", error.message
  ensure
    scripted&.stop
  end

  def test_another_status_is_a_plain_api_error
    scripted = ScriptedServer.new({ status: 418, body: '{"error":{"type":"teapot","message":"I am a teapot"}}' })
    error = assert_raises(Rankquill::APIError) { scripted_client(scripted).projects.list }
    assert_equal Rankquill::APIError, error.class
    assert_equal "I am a teapot", error.message
  ensure
    scripted&.stop
  end

  def test_connection_error_says_whether_it_retried
    port = TCPServer.open("127.0.0.1", 0) { |socket| socket.addr[1] }
    once = Rankquill::Client.new(api_key: "rq_test_x", base_url: "http://127.0.0.1:#{port}/v1", max_retries: 0)
    error = assert_raises(Rankquill::APIConnectionError) { once.projects.list }
    refute_match(/retried/, error.message)
    assert_kind_of SystemCallError, error.cause

    twice = Rankquill::Client.new(api_key: "rq_test_x", base_url: "http://127.0.0.1:#{port}/v1", max_retries: 1)
    error = assert_raises(Rankquill::APIConnectionError) { twice.projects.list }
    assert_match(/retried 1 time\)/, error.message)
  end

  def test_timeout_error
    scripted = ScriptedServer.new({ status: 200, delay: 1 })
    slow = Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{scripted.url}/v1", timeout: 0.2, max_retries: 0)
    error = assert_raises(Rankquill::APITimeoutError) { slow.projects.list }
    assert_kind_of Rankquill::APIConnectionError, error
    assert_match(/within 0.2 s/, error.message)
  ensure
    scripted&.stop
  end

  def test_a_body_that_is_not_json_says_to_check_the_address
    scripted = ScriptedServer.new({ status: 200, body: "<html>welcome</html>" })
    error = assert_raises(Rankquill::Error) { scripted_client(scripted).projects.list }
    assert_match(/not JSON.*base_url/, error.message)
  ensure
    scripted&.stop
  end

  def test_a_missing_key_or_address_says_how_to_pass_it
    with_env("RANKQUILL_API_KEY" => nil, "RANKQUILL_BASE_URL" => nil) do
      error = assert_raises(Rankquill::Error) { Rankquill::Client.new(base_url: server.api_base_url) }
      assert_match(/api_key: .*RANKQUILL_API_KEY/, error.message)
      error = assert_raises(Rankquill::Error) { Rankquill::Client.new(api_key: "rq_test_x") }
      assert_match(/RANKQUILL_BASE_URL/, error.message)
    end
    with_env("RANKQUILL_API_KEY" => server.api_key, "RANKQUILL_BASE_URL" => server.api_base_url) do
      assert_equal project_id, Rankquill::Client.new.projects.retrieve(project_id).id
    end
  end

  def test_bad_options_are_refused_at_construction
    assert_raises(ArgumentError) { server.client(timeout: 0) }
    assert_raises(ArgumentError) { server.client(max_retries: -1) }
    assert_raises(Rankquill::Error) { server.client(base_url: "ftp://example.com/v1") }
  end

  private

  def scripted_client(scripted)
    Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{scripted.url}/v1", max_retries: 0)
  end

  def with_env(values)
    saved = values.keys.to_h { |name| [name, ENV.fetch(name, nil)] }
    values.each { |name, value| ENV[name] = value }
    yield
  ensure
    saved.each { |name, value| ENV[name] = value }
  end
end
