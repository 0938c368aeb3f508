# frozen_string_literal: true

require "test_helper"

# One client keeps its connections alive between calls, and threads may share it.
class ConnectionsTest < Minitest::Test
  PROJECT = '{"id":"proj_1","name":"Acme"}'

  def teardown
    @scripted&.stop
  end

  def test_calls_reuse_one_kept_alive_connection
    @scripted = ScriptedServer.new(Array.new(10) { { status: 200, body: PROJECT } })
    client = Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{@scripted.url}/v1")
    10.times { client.projects.retrieve("proj_1") }
    assert_equal 10, @scripted.requests.size
    assert_equal 1, @scripted.connections
  end

  def test_threads_share_a_client_each_on_its_own_connection
    @scripted = ScriptedServer.new(Array.new(40) { { status: 200, body: PROJECT, delay: 0.01 } })
    client = Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{@scripted.url}/v1")
    ids = Array.new(4) { Thread.new { Array.new(10) { client.projects.retrieve("proj_1").id } } }.flat_map(&:value)
    assert_equal ["proj_1"] * 40, ids
    assert_operator @scripted.connections, :<=, 4
  end

  def test_close_ends_the_kept_alive_connections
    @scripted = ScriptedServer.new(Array.new(2) { { status: 200, body: PROJECT } })
    client = Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{@scripted.url}/v1")
    client.projects.retrieve("proj_1")
    client.close
    client.projects.retrieve("proj_1")
    assert_equal 2, @scripted.connections
  end
end
