# frozen_string_literal: true

require "minitest/autorun"
require "rankquill"
require_relative "support/mock_server"
require_relative "support/scripted_server"

# A test against the one reference server of the run, reset to its seeded state before each test.
class ServerTest < Minitest::Test
  def server
    MockServer.instance
  end

  def client
    @client ||= server.client(max_retries: 0)
  end

  def project_id
    server.project_id
  end

  def setup
    server.reset
  end

  # Moves the manual clock from another thread until `work` finishes, so that a call that polls
  # (create_and_wait) sees its work done; answers the value of `work`.
  def with_clock_moving(seconds: 30, &work)
    thread = Thread.new(&work)
    server.advance(seconds) until thread.join(0.05)
    thread.value
  end
end
