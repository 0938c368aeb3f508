# frozen_string_literal: true

require "test_helper"
require "open3"
require_relative "../support/rack_server"

# The Rack receiver over real HTTP (WEBrick), fed by the real reference server: its Test action,
# a publication, and every event the CLI's `trigger` sends exactly as the service does.
class ServiceToReceiverTest < ServerTest
  SECRET = "rq_whsec_receiver_test"

  def setup
    super
    @articles = []
    @receiver = Rankquill::Webhooks::Receiver.new(secret: SECRET)
    %w[content.published content.updated].each do |event|
      @receiver.on(event) { |article, delivery| @articles << [article.slug, delivery.url] }
    end
    @http = RackServer.new(@receiver)
    project = client.projects.update(project_id, webhook: { url: "#{@http.url}/webhook", secret: SECRET })
    @signing_secret = project.webhook.signing_secret
  end

  def teardown
    @http.stop
  end

  def test_the_test_action_reaches_the_receiver
    queued = client.webhooks.test(project_id)
    server.advance(0) # returns once the background delivery has been answered
    attempt = client.deliveries.list(project_id, limit: 1).first.attempts.first
    assert_equal [queued.id, 200], [client.deliveries.list(project_id, limit: 1).first.id, attempt.status]
    slug, url = @articles.fetch(0)
    assert_equal({ "success" => true, "url" => url }, JSON.parse(attempt.answer))
    assert_equal slug, @receiver.store.get(slug)[:slug]
  end

  def test_a_published_article_is_stored_and_its_url_recorded
    draft = client.content.list(project_id, status: "draft").first
    client.content.publish(project_id, draft.id)
    server.advance(0)
    stored = @receiver.store.get(draft.slug)
    refute_nil stored, "the delivery reached the receiver"
    assert_equal draft.title, stored[:title]
    assert_equal "/en/resources/blog/#{draft.slug}", stored[:url]
    assert_equal stored[:url], client.content.retrieve(project_id, draft.id).published_url

    client.content.unpublish(project_id, draft.id)
    server.advance(0)
    assert_nil @receiver.store.get(draft.slug)
  end

  def test_every_event_the_service_sends
    events = %w[content.generated content.published content.updated content.unpublished content.deleted
                keyword.ranking_changed ai_visibility.mention_detected]
    events.each { |event| assert_equal 200, trigger(event, "--secret", SECRET), event }
    assert_equal 2, @articles.size
  end

  def test_a_wrong_secret_is_refused
    assert_equal 401, trigger("content.published", "--secret", "not-it")
    assert_empty @articles
  end

  def test_with_a_signing_secret_only_deliveries_signed_with_it_pass
    signing_secret = "whsec_#{[Random.bytes(32)].pack("m0")}"
    @http.app = signed = Rankquill::Webhooks::Receiver.new(secret: SECRET, signing_secret: signing_secret)
    assert_equal 200, trigger("content.published", "--secret", SECRET, "--signing-secret", signing_secret)
    refute_empty signed.store.list
    other = "whsec_#{[Random.bytes(32)].pack("m0")}"
    assert_equal 401, trigger("content.published", "--secret", SECRET, "--signing-secret", other)
    assert_equal 401, trigger("content.published", "--secret", SECRET)
  end

  def test_a_receiver_given_the_generated_signing_secret_takes_the_services_deliveries
    @http.app = signed = Rankquill::Webhooks::Receiver.new(secret: SECRET, signing_secret: @signing_secret)
    queued = client.webhooks.test(project_id)
    assert_equal "succeeded", outcome_of(queued.id)
    refute_empty signed.store.list

    # After a rotation, deliveries carry signatures by both secrets for a day; another secret is refused.
    rotated = client.webhooks.rotate_signing_secret(project_id).signing_secret
    other = "whsec_#{[Random.bytes(32)].pack("m0")}"
    outcomes = [@signing_secret, rotated, other].map do |signing_secret|
      @http.app = Rankquill::Webhooks::Receiver.new(secret: SECRET, signing_secret: signing_secret)
      client.deliveries.redeliver(project_id, queued.id)
      outcome_of(queued.id)
    end
    assert_equal %w[succeeded succeeded failed], outcomes
  end

  private

  # The status of a delivery once its attempt has been answered.
  def outcome_of(delivery_id)
    server.advance(0) # returns once the background delivery has been answered
    client.deliveries.list(project_id).auto_paging_each.find { |delivery| delivery.id == delivery_id }.status
  end

  # Sends a sample event with the CLI's `trigger`, as the service does; answers the receiver's status.
  def trigger(event, *options)
    output, = Open3.capture2e(ENV.fetch("RANKQUILL_NODE", "node"), MockServer::CLI, "trigger", event,
                              "--to", "#{@http.url}/webhook", *options)
    JSON.parse(output.lines.last).fetch("status")
  end
end
