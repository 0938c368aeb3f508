# frozen_string_literal: true

require "test_helper"

class ActivityAndWebhooksTest < ServerTest
  def test_webhook_test_delivers_to_the_receiver_and_the_feed_shows_it
    receiver = ScriptedServer.new({ status: 200, body: '{"success":true,"url":"/en/resources/blog/sample"}' })
    client.projects.update(project_id, webhook: { url: "#{receiver.url}/hook", secret: "s3cret" })
    result = client.webhooks.test(project_id)
    assert_equal 200, result.status
    assert_equal "content.published", result.event
    delivered = receiver.requests.first
    assert_equal "s3cret", delivered.headers["x-service-key"]
    assert_equal "content.published", delivered.headers["x-service-event"]

    entries = client.activity.list(project_id).auto_paging_each.to_a
    refute_empty entries
    assert(entries.all? { |entry| entry.project_id == project_id })
  ensure
    receiver&.stop
  end

  def test_webhook_test_without_a_webhook_names_the_fix
    error = assert_raises(Rankquill::APIError) { client.webhooks.test(project_id) }
    assert_includes [400, 409], error.status
    assert_match(/webhook/i, error.message)
  end
end
