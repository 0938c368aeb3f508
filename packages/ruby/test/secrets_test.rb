# frozen_string_literal: true

require "test_helper"

# No key appears in an error, its cause, its inspection, or any object's inspection.
class SecretsTest < ServerTest
  def test_no_key_in_inspections
    secret_client = server.client
    refute_includes secret_client.inspect, server.api_key
    refute_includes secret_client.projects.inspect, server.api_key
    refute_includes secret_client.instance_variable_get(:@transport).inspect, server.api_key
    articles = Rankquill::PublicArticles.new(api_key: server.public_api_key, base_url: server.content_api_url)
    refute_includes articles.inspect, server.public_api_key
  end

  def test_no_key_in_api_errors
    stranger_key = "rq_test_a_secret_nobody_knows"
    stranger = Rankquill::Client.new(api_key: stranger_key, base_url: server.api_base_url, max_retries: 0)
    error = assert_raises(Rankquill::AuthenticationError) { stranger.projects.list }
    assert_free_of(stranger_key, error)
  end

  def test_no_key_in_connection_errors_and_their_causes
    port = TCPServer.open("127.0.0.1", 0) { |socket| socket.addr[1] }
    key = "rq_test_secret_for_connection"
    unreachable = Rankquill::Client.new(api_key: key, base_url: "http://127.0.0.1:#{port}/v1", max_retries: 0)
    error = assert_raises(Rankquill::APIConnectionError) { unreachable.projects.list }
    assert_free_of(key, error)
  end

  def test_no_download_signature_in_errors
    scripted = ScriptedServer.new({ status: 500 })
    error = assert_raises(Rankquill::InternalServerError) do
      Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{scripted.url}/v1", max_retries: 0)
                       .exports.download("#{scripted.url}/v1/x/download?signature=sig_secret")
    end
    assert_free_of("sig_secret", error)
    assert_nil scripted.requests.first.headers["authorization"]
  ensure
    scripted&.stop
  end

  private

  def assert_free_of(secret, error)
    while error
      [error.message, error.inspect, error.full_message, Marshal.dump(error.instance_variables.map do |name|
        error.instance_variable_get(name).to_s
      end)].each { |text| refute_includes text, secret }
      error = error.cause
    end
  end
end
