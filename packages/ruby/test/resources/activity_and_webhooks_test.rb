# frozen_string_literal: true

require "test_helper"

class ActivityAndWebhooksTest < ServerTest
  def test_webhook_test_delivers_to_the_receiver_and_the_deliveries_show_it
    answer = { status: 200, body: '{"success":true,"url":"/en/resources/blog/sample"}' }
    receiver = ScriptedServer.new(answer, answer)
    project = client.projects.update(project_id, webhook: { url: "#{receiver.url}/hook", secret: "s3cret" })
    assert_match(/\Awhsec_/, project.webhook.signing_secret)
    queued = client.webhooks.test(project_id)
    assert_equal %w[content.published pending], [queued.event, queued.status]
    server.advance(0) # returns once the background delivery has been answered
    delivery = client.deliveries.list(project_id, limit: 1).first
    assert_equal [queued.id, "succeeded", 200], [delivery.id, delivery.status, delivery.attempts.first.status]
    assert_equal "pending", client.deliveries.redeliver(project_id, queued.id).status
    server.advance(0)
    assert_equal 2, client.deliveries.list(project_id, limit: 1).first.attempt_count
    assert_match(/\Awhsec_/, client.webhooks.rotate_signing_secret(project_id).signing_secret)
    delivered = receiver.requests.first
    assert_equal "s3cret", delivered.headers["x-service-key"]
    assert_equal "content.published", delivered.headers["x-service-event"]
    # Signed with the signing secret the PUT answered (verify_signature raises otherwise).
    assert Rankquill::Webhooks.verify_signature(project.webhook.signing_secret, headers: delivered.headers,
                                                                                body: delivered.body)

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
