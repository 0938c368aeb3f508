# frozen_string_literal: true

require "test_helper"

# client.deliveries.retrieve against the reference server: one delivery by id, the same the list
# answers; an unknown id or one of another project is a NotFoundError naming deliveryId.
class DeliveriesTest < ServerTest
  def test_retrieve_answers_the_delivery_the_list_shows
    receiver = ScriptedServer.new({ status: 200, body: '{"success":true,"url":"/en/resources/blog/sample"}' })
    queued = queue_test_delivery(receiver)
    server.advance(0) # returns once the background delivery has been answered

    delivery = client.deliveries.retrieve(project_id, queued.id)
    assert_instance_of Rankquill::Models::Delivery, delivery
    assert_equal [queued.id, "succeeded", 200], [delivery.id, delivery.status, delivery.attempts.first.status]
    listed = client.deliveries.list(project_id).find { |entry| entry.id == queued.id }
    assert_equal listed.to_h, delivery.to_h
  ensure
    receiver&.stop
  end

  def test_an_unknown_delivery_is_not_found_naming_delivery_id
    error = assert_raises(Rankquill::NotFoundError) { client.deliveries.retrieve(project_id, "dlv_missing") }
    assert_equal [404, "not_found_error", "deliveryId"], [error.status, error.type, error.param]
  end

  def test_a_delivery_of_another_project_is_not_found
    receiver = ScriptedServer.new({ status: 200, body: '{"success":true,"url":"/en/resources/blog/sample"}' })
    queued = queue_test_delivery(receiver)
    other = client.projects.create(name: "Other site", domain: "other.example")
    error = assert_raises(Rankquill::NotFoundError) { client.deliveries.retrieve(other.id, queued.id) }
    assert_equal "deliveryId", error.param
  ensure
    receiver&.stop
  end

  def test_a_dot_dot_id_is_refused_before_any_request
    scripted = ScriptedServer.new
    local = Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{scripted.url}/v1", max_retries: 0)
    error = assert_raises(ArgumentError) { local.deliveries.retrieve("proj_1", "..") }
    assert_match(/\Adelivery_id must be a non-empty id/, error.message)
    assert_empty scripted.requests
  ensure
    scripted&.stop
  end

  private

  # Points the project's webhook at `receiver` and queues a test delivery; answers it.
  def queue_test_delivery(receiver)
    client.projects.update(project_id, webhook: { url: "#{receiver.url}/hook", secret: "s3cret" })
    client.webhooks.test(project_id)
  end
end
