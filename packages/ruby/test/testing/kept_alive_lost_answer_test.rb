# frozen_string_literal: true

require "minitest/autorun"
require "rankquill/testing/minitest"
require_relative "../support/repo_mock_command"
require_relative "../support/recording_logger"

# A kept-alive connection that the server closes after it committed the request (the mock's
# `disconnect`, after commit): only a GET is sent again for free; any other method goes through
# the retry loop, so max_retries 0 sends it once. Against the real server process from the CLI.
class KeptAliveLostAnswerTest < Minitest::Test
  include Rankquill::Testing::Minitest

  def test_a_put_on_a_kept_alive_connection_is_sent_once_without_retries
    client = rankquill_mock.client(max_retries: 0)
    client.projects.retrieve(rankquill_mock.project_id) # warms the connection
    fault = rankquill_mock.disconnect("projects.update")

    assert_raises(Rankquill::APIConnectionError) do
      client.projects.update(rankquill_mock.project_id, name: "Renamed once")
    end

    sent = rankquill_mock.requests("projects.update")
    assert_equal [[nil, fault.id]], sent.map { |entry| [entry.status, entry.fault] }, "one request, no resend"
    assert_equal "Renamed once", client.projects.retrieve(rankquill_mock.project_id).name, "it was committed"
  end

  def test_a_post_on_a_kept_alive_connection_is_retried_once_and_counted
    logger = RecordingLogger.new
    client = rankquill_mock.client(max_retries: 1, logger: logger)
    client.projects.retrieve(rankquill_mock.project_id)
    rankquill_mock.disconnect("content.create")

    response = client.content.with_response.create(rankquill_mock.project_id, keyword: "kept alive")

    assert_equal "true", response.headers["idempotent-replayed"]
    assert_equal 1, logger.lines.grep(%r{\Ainfo Retrying POST .*/content .*\(retry 1 of 1\)}).size, logger.lines.inspect
    lost, replayed = rankquill_mock.requests("content.create").reverse
    assert_equal [nil, 202], [lost.status, replayed.status]
    assert_equal lost.idempotency_key, replayed.idempotency_key
    assert_equal [response.data.id], client.content.list(rankquill_mock.project_id).map(&:id)
  end

  def test_a_get_on_a_kept_alive_connection_is_still_sent_again_for_free
    client = rankquill_mock.client(max_retries: 0)
    client.projects.list
    rankquill_mock.disconnect("projects.retrieve")

    assert_equal rankquill_mock.project_id, client.projects.retrieve(rankquill_mock.project_id).id
    assert_equal [200, nil], rankquill_mock.requests("projects.retrieve").map(&:status)
  end
end
