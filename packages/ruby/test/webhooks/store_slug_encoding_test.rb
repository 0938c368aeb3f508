# frozen_string_literal: true

require "test_helper"
require "net/http"
require "puma"
require "rack"
require "puma/server"
require "tmpdir"

# Rack servers such as Puma hand PATH_INFO over as a binary (ASCII-8BIT) string, and
# Rack::Utils.unescape_path keeps that encoding. A page route written on raw Rack passes such a
# slug to the store: both stores must find the article the receiver stored under the same slug
# in UTF-8, whatever the encoding of the slug they are asked for.
class StoreSlugEncodingTest < Minitest::Test
  SECRET = "rq_whsec_slug_encoding"
  SLUGS = %w[cold-brew-ratio café-crème].freeze

  # A page route as a user writes it on raw Rack: the slug is what follows /articles/ in PATH_INFO.
  def article_route(store)
    lambda do |env|
      slug = Rack::Utils.unescape_path(env["PATH_INFO"].delete_prefix("/articles/"))
      article = store.get(slug)
      next [404, { "content-type" => "text/plain" }, ["no article #{slug.encoding}"]] unless article

      [200, { "content-type" => "text/plain; charset=utf-8" }, [article.fetch(:title)]]
    end
  end

  def serve_stored_articles(store)
    receiver = Rankquill::Webhooks::Receiver.new(secret: SECRET, store: store)
    SLUGS.each do |slug|
      body = JSON.generate(title: "Title of #{slug}", slug: slug, content: "<p>x</p>")
      status, = receiver.handle({ "x-service-key" => SECRET }, body)
      assert_equal 200, status
    end
    server = Puma::Server.new(article_route(store), Puma::Events.null, min_threads: 0, max_threads: 2)
    server.add_tcp_listener("127.0.0.1", 0)
    server.run
    SLUGS.each do |slug|
      url = "http://127.0.0.1:#{server.connected_ports.first}/articles/#{URI.encode_www_form_component(slug)}"
      response = Net::HTTP.get_response(URI(url))
      assert_equal ["200", "Title of #{slug}"], [response.code, response.body.force_encoding(Encoding::UTF_8)], slug
    end
  ensure
    server&.stop(true)
  end

  def test_the_memory_store_finds_an_article_by_a_binary_slug_from_puma
    serve_stored_articles(Rankquill::Webhooks::MemoryStore.new)
  end

  def test_the_sqlite_store_finds_an_article_by_a_binary_slug_from_puma
    Dir.mktmpdir do |dir|
      store = Rankquill::Webhooks::SqliteStore.new(path: File.join(dir, "articles.db"))
      serve_stored_articles(store)
    ensure
      store&.close
    end
  end

  def test_both_stores_take_slugs_in_any_encoding_on_every_method
    Dir.mktmpdir do |dir|
      [Rankquill::Webhooks::MemoryStore.new, Rankquill::Webhooks::SqliteStore.new(path: File.join(dir, "a.db"))]
        .each do |store|
        store.upsert({ slug: "café".b, title: "Binary slug", received_at: "" })
        assert_equal "Binary slug", store.get("café")&.fetch(:title), store.class.name
        assert_equal "Binary slug", store.get("café".encode(Encoding::ISO_8859_1))&.fetch(:title), store.class.name
        assert_equal "café", store.get("café".b)&.fetch(:slug), store.class.name
        assert_equal Encoding::UTF_8, store.list.first.fetch(:slug).encoding, store.class.name
        assert_equal "Binary slug", store.remove("café".b)&.fetch(:title), store.class.name
        assert_nil store.get("café"), store.class.name
      ensure
        store.close if store.respond_to?(:close)
      end
    end
  end
end
