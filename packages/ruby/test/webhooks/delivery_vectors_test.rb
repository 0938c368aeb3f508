# frozen_string_literal: true

require "test_helper"
require "tmpdir"
require_relative "../support/vectors"
require_relative "../support/rack_server"

# deliveries.json: every case answered and stored as the vector says, twice: through
# Receiver#handle with the memory store, and over real HTTP through the Rack interface (WEBrick,
# Rack::Lint) with the SQLite store.
class DeliveryVectorsTest < Minitest::Test
  VECTORS = Vectors.load("deliveries.json")

  def self.http_server
    @http_server ||= RackServer.new(nil).tap { |server| Minitest.after_run { server.stop } }
  end

  def receiver_for(vector, store)
    config = VECTORS.fetch("receiver").merge(vector.fetch("receiver", nil) || {})
    vector.fetch("store_before", []).each { |article| store.upsert(Vectors.symbolized(article)) }
    Rankquill::Webhooks::Receiver.new(
      secret: config["secret"], signing_secret: config["signing_secret"], store: store,
      site_base_url: config["site_base_url"], author_default: config["author_default"],
      remove_on: config["remove_on"], clock: -> { Time.at(vector["now"]) }
    )
  end

  def assert_answer(vector, status, body)
    expected = vector.fetch("expected")
    assert_equal expected["status"], status, body.inspect
    if expected["error_contains"]
      expected["error_contains"].each { |text| assert_includes body["error"], text }
    else
      assert_equal expected["body"], body
    end
  end

  def assert_store(vector, store)
    Vectors.assert_store(self, vector.fetch("expected").fetch("store", {}), store)
  end

  VECTORS.fetch("cases").each do |vector|
    define_method(Vectors.test_name("handle #{vector["id"]}")) do
      store = Rankquill::Webhooks::MemoryStore.new
      status, body = receiver_for(vector, store).handle(vector.dig("request", "headers"), vector.dig("request", "body"))
      assert_answer(vector, status, Vectors.plain(body))
      assert_store(vector, store)
    end

    define_method(Vectors.test_name("rack over http #{vector["id"]}")) do
      Dir.mktmpdir do |dir|
        store = Rankquill::Webhooks::SqliteStore.new(path: File.join(dir, "articles.db"))
        server = self.class.http_server
        server.app = receiver_for(vector, store)
        request = vector.fetch("request")
        status, body = server.post(request["path"], request["body"], request["headers"])
        assert_answer(vector, status, body)
        assert_store(vector, store)
      ensure
        store&.close
      end
    end
  end
end
