# frozen_string_literal: true

require "test_helper"
require "logger"
require "open3"
require "stringio"
require "tmpdir"
require_relative "../support/rack_server"

class ReceiverTest < Minitest::Test
  SECRET = "rq_whsec_test_secret"
  SIGNING_SECRET = "whsec_UdKC1BxxqzFyscfBSS4+5RSRPyWmYa2kcBl+wKWS720="
  ARTICLE = {
    title: "Cold Brew", slug: "cold-brew", content: '<p onclick="x()">Steep <em>long</em><script>x()</script></p>',
    excerpt: "Steep it long.", keywords: ["cold brew"], language: "fr"
  }.freeze

  def receiver(**options)
    Rankquill::Webhooks::Receiver.new(secret: SECRET, clock: -> { Time.at(1_767_259_800) }, **options)
  end

  def deliver(receiver, body, event: "content.published", delivery: "dlv_1")
    headers = { "X-Service-Key" => SECRET, "X-Service-Event" => event, "X-Service-Delivery" => delivery }
    receiver.handle(headers, JSON.generate(body))
  end

  def test_article_handlers_get_the_article_with_defaults_and_the_delivery
    seen = []
    subject = receiver(site_base_url: "https://www.example.com/")
    subject.on("content.published") { |article, delivery| seen << [article, delivery] }
    status, body = deliver(subject, ARTICLE)
    assert_equal 200, status
    assert_equal({ success: true, url: "https://www.example.com/fr/resources/blog/cold-brew" }, body)
    article, delivery = seen.fetch(0)
    assert_instance_of Rankquill::Models::ArticlePayload, article
    assert_equal "<p>Steep <em>long</em></p>", article.content
    assert_equal "Rankquill", article.author
    assert_equal "Cold Brew", article.meta_title
    assert_equal "Steep it long.", article.meta_description
    assert_equal %w[content.published dlv_1], [delivery.event, delivery.id]
    assert_equal body[:url], delivery.url
    stored = subject.store.get("cold-brew")
    assert_equal "2026-01-01T09:30:00.000Z", stored[:received_at]
    assert_equal body[:url], stored[:url]
  end

  def test_other_events_pass_their_model
    seen = []
    subject = receiver.on("keyword.ranking_changed") { |event| seen << event }
    event = {
      event: "keyword.ranking_changed", project_id: "proj_1", keyword_id: "kw_1", keyword: "cold brew",
      previous_position: 9, position: 4, change: 5, checked_at: "2026-01-01T00:00:00.000Z"
    }
    status, body = deliver(subject, event, event: "keyword.ranking_changed")
    assert_equal [200, { success: true, url: "" }], [status, body]
    assert_instance_of Rankquill::Models::KeywordRankingChangedEvent, seen.first
    assert_equal 4, seen.first.position
  end

  def test_a_field_of_the_wrong_kind_is_named
    subject = receiver
    status, body = deliver(subject, { event: "keyword.ranking_changed", project_id: "proj_1", keyword_id: "kw_1",
                                      keyword: "x", previous_position: nil, position: "4", change: nil,
                                      checked_at: "2026-01-01T00:00:00.000Z" }, event: "keyword.ranking_changed")
    assert_equal 400, status
    assert_match(/Invalid field position: must be an integer/, body[:error])
  end

  def test_a_handler_that_raises_answers_a_server_error_so_the_service_retries
    log = StringIO.new
    subject = receiver(logger: Logger.new(log)).on("content.published") { raise KeyError, "cms is down" }
    status, body = deliver(subject, ARTICLE)
    assert_equal 500, status
    assert_match(/content.published handler failed \(KeyError\)/, body[:error])
    assert_match(/cms is down/, log.string)
    refute_includes log.string + body[:error], SECRET
  end

  def test_a_store_that_fails_answers_a_server_error
    failing = Class.new do
      include Rankquill::Webhooks::ArticleStore
      def upsert(_article) = raise(IOError, "disk full")
    end
    status, body = deliver(receiver(store: failing.new), ARTICLE)
    assert_equal 500, status
    assert_match(/Storing the article failed \(IOError\)/, body[:error])
  end

  def test_the_article_store_interface_names_what_is_missing
    incomplete = Class.new { include Rankquill::Webhooks::ArticleStore }.new
    error = assert_raises(NotImplementedError) { incomplete.list }
    assert_match(/must implement list/, error.message)
  end

  def test_signed_deliveries_with_a_signing_secret
    subject = Rankquill::Webhooks::Receiver.new(secret: SECRET, signing_secret: SIGNING_SECRET)
    body = JSON.generate(ARTICLE)
    timestamp = Time.now.to_i
    signature = Rankquill::Webhooks.sign(SIGNING_SECRET, id: "dlv_9", timestamp: timestamp, body: body)
    headers = { "x-service-key" => SECRET, "webhook-id" => "dlv_9", "webhook-timestamp" => timestamp.to_s,
                "webhook-signature" => "v1,bm90IGl0 #{signature}" }
    assert_equal 200, subject.handle(headers, body).status
    assert_equal 401, subject.handle(headers, body.sub("Cold", "Hot")).status
    assert_equal 401, subject.handle(headers.except("webhook-signature"), body).status
  end

  def test_construction_checks_its_secrets_and_hides_them
    assert_raises(ArgumentError) { Rankquill::Webhooks::Receiver.new(secret: "") }
    assert_raises(ArgumentError) { Rankquill::Webhooks::Receiver.new(secret: SECRET, signing_secret: SECRET) }
    subject = Rankquill::Webhooks::Receiver.new(secret: SECRET, signing_secret: SIGNING_SECRET)
    refute_includes subject.inspect, SECRET
    refute_includes subject.inspect, SIGNING_SECRET
  end

  def test_the_rack_interface_takes_posts_only_and_bounds_the_body
    server = RackServer.new(receiver(max_body_bytes: 64))
    uri = URI("#{server.url}/webhook")
    get = Net::HTTP.get_response(uri)
    assert_equal "405", get.code
    assert_equal "POST", get["allow"]
    status, body = server.post("/webhook", "x" * 65, "x-service-key" => SECRET)
    assert_equal 413, status
    assert_match(/larger than 64 bytes/, body["error"])
  ensure
    server&.stop
  end

  def test_the_sqlite_store_keeps_articles_across_instances_newest_first
    Dir.mktmpdir do |dir|
      path = File.join(dir, "articles.db")
      first = Rankquill::Webhooks::SqliteStore.new(path: path)
      deliver(receiver(store: first), ARTICLE)
      deliver(receiver(store: first), ARTICLE.merge(slug: "iced-latte", title: "Iced Latte"))
      deliver(receiver(store: first), ARTICLE.merge(title: "Cold Brew, revised"))
      first.close
      second = Rankquill::Webhooks::SqliteStore.new(path: path)
      assert_equal(["Cold Brew, revised", "Iced Latte"], second.list.map { |article| article[:title] })
      assert_equal "Iced Latte", second.remove("iced-latte")[:title]
      assert_nil second.remove("iced-latte")
      assert_nil second.get("iced-latte")
      second.close
    end
  end

  def test_the_sqlite3_gem_is_loaded_only_when_a_sqlite_store_is_made
    script = 'require "rankquill"; Rankquill::Webhooks::Receiver.new(secret: "s"); print defined?(SQLite3).inspect; ' \
             'Rankquill::Webhooks::SqliteStore.new(path: ":memory:"); print " ", defined?(SQLite3).inspect'
    output, status = Open3.capture2e("ruby", "-I", File.expand_path("../../lib", __dir__), "-e", script)
    assert status.success?, output
    assert_equal 'nil "constant"', output
  end
end
