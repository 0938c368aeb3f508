# frozen_string_literal: true

require "test_helper"
require_relative "support/recording_logger"

# Retries against a scripted local server: which answers are retried, how long the client waits,
# and that a POST keeps one Idempotency-Key across its attempts.
class RetriesTest < Minitest::Test
  def teardown
    @scripted&.stop
  end

  def test_a_500_then_200_is_retried_and_a_post_keeps_its_idempotency_key
    @scripted = ScriptedServer.new({ status: 500 }, { status: 200, body: project_json })
    project = client(max_retries: 2).projects.create(name: "Acme", domain: "acme.example")
    assert_equal "proj_1", project.id
    keys = @scripted.requests.map { |request| request.headers["idempotency-key"] }
    assert_equal 2, keys.size
    assert_match(/\Arq-ruby-\h{8}-/, keys.first)
    assert_equal keys.first, keys.last
    assert_equal @scripted.requests.first.body, @scripted.requests.last.body
  end

  def test_every_post_gets_its_own_key_unless_one_is_given
    @scripted = ScriptedServer.new(Array.new(3) { { status: 200, body: project_json } })
    projects = client.projects
    projects.create(name: "A", domain: "a.example")
    projects.create(name: "B", domain: "b.example")
    projects.create(name: "C", domain: "c.example", request_options: { idempotency_key: "my-key" })
    keys = @scripted.requests.map { |request| request.headers["idempotency-key"] }
    assert_equal 3, keys.uniq.size
    assert_equal "my-key", keys.last
  end

  def test_gets_carry_no_idempotency_key
    @scripted = ScriptedServer.new({ status: 200, body: project_json })
    client.projects.retrieve("proj_1")
    assert_nil @scripted.requests.first.headers["idempotency-key"]
  end

  def test_retried_statuses_and_the_others
    [408, 429, 500, 503, 504].each do |status|
      @scripted = ScriptedServer.new({ status: status }, { status: 200, body: project_json })
      assert_equal "proj_1", client(max_retries: 1).projects.retrieve("proj_1").id, "status #{status}"
      @scripted.stop
    end
    [400, 401, 404, 409].each do |status|
      @scripted = ScriptedServer.new({ status: status }, { status: 200, body: project_json })
      assert_raises(Rankquill::APIError) { client(max_retries: 1).projects.retrieve("proj_1") }
      assert_equal 1, @scripted.requests.size, "status #{status}"
      @scripted.stop
    end
    @scripted = nil
  end

  def test_retry_after_decides_the_wait
    @scripted = ScriptedServer.new({ status: 429, headers: { "retry-after" => "1" } },
                                   { status: 200, body: project_json })
    started = monotonic
    client(max_retries: 1).projects.retrieve("proj_1")
    assert_waited_about_one_second monotonic - started
  end

  def test_a_spent_limits_reset_timestamp_decides_the_wait_without_retry_after
    # Unix seconds, so between 1 and 2 s ahead; the backoff would wait 0.5 s at most.
    reset = (Time.now + 2).to_i.to_s
    @scripted = ScriptedServer.new(
      { status: 429, headers: { "x-ratelimit-remaining" => "0", "x-ratelimit-reset" => reset } },
      { status: 200, body: project_json }
    )
    started = monotonic
    client(max_retries: 1).projects.retrieve("proj_1")
    assert_operator monotonic - started, :>, 0.9
    assert_operator monotonic - started, :<, 2.6
  end

  def test_a_503_with_requests_remaining_backs_off_though_its_reset_is_now
    # Every answer carries the rate-limit headers; while requests remain the reset is "now", which
    # must not turn an outage into retries at once (every client in step).
    now = { "x-ratelimit-remaining" => "5", "x-ratelimit-reset" => Time.now.to_i.to_s }
    @scripted = ScriptedServer.new({ status: 503, headers: now }, { status: 200, body: project_json })
    started = monotonic
    client(max_retries: 1).projects.retrieve("proj_1")
    # The first backoff (0.5 s) less at most its 25% jitter.
    assert_operator monotonic - started, :>=, 0.375
    assert_equal 2, @scripted.requests.size
  end

  def test_retry_after_wins_over_a_spent_limits_reset
    reset = (Time.now + 30).to_i.to_s
    spent = { "retry-after" => "1", "x-ratelimit-remaining" => "0", "x-ratelimit-reset" => reset }
    @scripted = ScriptedServer.new({ status: 503, headers: spent }, { status: 200, body: project_json })
    started = monotonic
    client(max_retries: 1).projects.retrieve("proj_1")
    assert_waited_about_one_second monotonic - started
  end

  def test_an_unreadable_retry_after_leaves_the_wait_to_the_rate_limit_reset
    spent = { "retry-after" => "soon", "x-ratelimit-remaining" => "0", "x-ratelimit-reset" => "2" }
    @scripted = ScriptedServer.new({ status: 429, headers: spent },
                                   { status: 200, body: project_json })
    started = monotonic
    client(max_retries: 1).projects.retrieve("proj_1")
    # The backoff would have waited 0.5 s at most.
    assert_operator monotonic - started, :>, 1.5
  end

  def test_a_retry_after_beyond_a_minute_raises_at_once
    @scripted = ScriptedServer.new({ status: 503, headers: { "retry-after" => "120" } })
    error = assert_raises(Rankquill::InternalServerError) { client(max_retries: 2).projects.retrieve("proj_1") }
    assert_equal "120", error.headers["retry-after"]
    assert_equal 1, @scripted.requests.size
  end

  def test_a_dropped_connection_is_retried
    @scripted = ScriptedServer.new({ drop: true }, { status: 200, body: project_json })
    assert_equal "proj_1", client(max_retries: 1).projects.retrieve("proj_1").id
  end

  def test_per_call_max_retries_and_timeout
    @scripted = ScriptedServer.new({ status: 500 }, { status: 200, body: project_json })
    assert_raises(Rankquill::InternalServerError) do
      client(max_retries: 3).projects.retrieve("proj_1", request_options: { max_retries: 0 })
    end
    @scripted.stop
    @scripted = ScriptedServer.new({ status: 200, delay: 0.5, body: project_json })
    assert_raises(Rankquill::APITimeoutError) do
      client.projects.retrieve("proj_1", request_options: { timeout: 0.1, max_retries: 0 })
    end
  end

  def test_retries_are_logged_without_the_key
    @scripted = ScriptedServer.new({ status: 500 }, { status: 200, body: project_json })
    logger = RecordingLogger.new
    Rankquill::Client.new(api_key: "rq_test_secret_key", base_url: "#{@scripted.url}/v1", logger: logger)
                     .projects.retrieve("proj_1")
    assert_equal 1, logger.lines.size
    assert_match(%r{\Ainfo Retrying GET http://127.0.0.1:\d+/v1/projects/proj_1 .*status 500}, logger.lines.first)
    refute_includes logger.lines.join, "rq_test_secret_key"
  end

  def test_a_stale_kept_alive_connection_is_replaced_without_spending_a_retry
    @scripted = ScriptedServer.new({ status: 200, body: project_json, headers: {} },
                                   { drop: true }, { status: 200, body: project_json })
    kept = client(max_retries: 0)
    kept.projects.retrieve("proj_1")
    assert_equal "proj_1", kept.projects.retrieve("proj_1").id
    assert_equal 3, @scripted.requests.size
  end

  private

  def client(max_retries: 0)
    Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{@scripted.url}/v1", max_retries: max_retries)
  end

  def project_json
    '{"id":"proj_1","name":"Acme","domain":"acme.example"}'
  end

  def monotonic
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end

  # At least the server's second (a backoff would wait 0.5 s at most), and far less than the
  # 30 s reset: a loaded runner may add a few tenths on top.
  def assert_waited_about_one_second(elapsed)
    assert_operator elapsed, :>=, 0.95
    assert_operator elapsed, :<, 5
  end
end
