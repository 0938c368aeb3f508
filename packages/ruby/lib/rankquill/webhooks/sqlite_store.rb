# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Articles in a SQLite file, kept across restarts. Needs the `sqlite3` gem (Debian's
    # `ruby-sqlite3`), loaded only when a SqliteStore is made, so the rest of the gem never
    # requires it. Thread-safe within one process.
    #
    # @example
    #   store = Rankquill::Webhooks::SqliteStore.new(path: "articles.db")
    #   Rankquill::Webhooks::Receiver.new(secret: ENV.fetch("RANKQUILL_WEBHOOK_SECRET"), store: store)
    class SqliteStore
      include ArticleStore

      TABLE = "rankquill_articles"
      DELIVERIES_TABLE = "rankquill_applied_deliveries"
      TOMBSTONES_TABLE = "rankquill_tombstones"

      # @param path [String] the database file (created when missing), or ":memory:"
      def initialize(path:)
        begin
          require "sqlite3"
        rescue LoadError
          raise Error, "SqliteStore needs the sqlite3 gem: add `gem \"sqlite3\"` to your Gemfile, " \
                       "or install Debian's ruby-sqlite3."
        end
        @mutex = Mutex.new
        @db = SQLite3::Database.new(path)
        @db.busy_timeout = 5000
        @db.execute("CREATE TABLE IF NOT EXISTS #{TABLE} (slug TEXT PRIMARY KEY, received_at TEXT NOT NULL, " \
                    "sequence INTEGER NOT NULL, article TEXT NOT NULL)")
        @db.execute("CREATE TABLE IF NOT EXISTS #{DELIVERIES_TABLE} (webhook_id TEXT PRIMARY KEY, " \
                    "applied_at INTEGER NOT NULL)")
        @db.execute("CREATE TABLE IF NOT EXISTS #{TOMBSTONES_TABLE} (slug TEXT PRIMARY KEY, " \
                    "webhook_timestamp INTEGER NOT NULL)")
      end

      # Stores the article (a Hash with Symbol keys) under its slug, replacing the one there.
      # Slugs are bound as UTF-8 text: a binary string (PATH_INFO from Puma) would be bound as a
      # BLOB, which never equals the TEXT stored.
      # @example
      #   store.upsert(title: "Cold brew", slug: "cold-brew", content: "<p>1:8</p>", url: "/en/blog/cold-brew")
      def upsert(article)
        article = article.merge(slug: ArticleStore.utf8_slug(article.fetch(:slug)))
        @mutex.synchronize do
          @db.execute("DELETE FROM #{TOMBSTONES_TABLE} WHERE slug = ?", [article.fetch(:slug)])
          @db.execute(
            "INSERT INTO #{TABLE} (slug, received_at, sequence, article) " \
            "VALUES (?, ?, (SELECT COALESCE(MAX(sequence), 0) + 1 FROM #{TABLE}), ?) " \
            "ON CONFLICT(slug) DO UPDATE SET received_at = excluded.received_at, sequence = excluded.sequence, " \
            "article = excluded.article",
            [article.fetch(:slug), article.fetch(:received_at, ""), JSON.generate(article)]
          )
        end
        nil
      end

      # Removes the article of this slug; true when there was one.
      # @example
      #   store.remove("cold-brew")
      def remove(slug)
        slug = ArticleStore.utf8_slug(slug)
        @mutex.synchronize do
          article = read(slug)
          @db.execute("DELETE FROM #{TOMBSTONES_TABLE} WHERE slug = ?", [slug])
          @db.execute("DELETE FROM #{TABLE} WHERE slug = ?", [slug]) if article
          article
        end
      end

      # The article of this slug (a Hash with Symbol keys), or nil.
      # @example
      #   store.get("cold-brew")&.fetch(:title)
      def get(slug)
        @mutex.synchronize { read(ArticleStore.utf8_slug(slug)) }
      end

      # Every stored article.
      # @example
      #   store.list.map { |article| article[:slug] }
      def list
        @mutex.synchronize do
          @db.execute("SELECT article FROM #{TABLE} ORDER BY sequence DESC").map { |(json)| parse(json) }
        end
      end

      # True when a delivery with this webhook-id was applied in the last ReplayGuard::REMEMBER_SECONDS.
      # @example
      #   store.delivery_applied?("dlv_1", Time.now.to_f) # => true for a replay
      def delivery_applied?(webhook_id, now)
        @mutex.synchronize do
          !@db.get_first_value("SELECT 1 FROM #{DELIVERIES_TABLE} WHERE webhook_id = ? AND applied_at > ?",
                               [webhook_id, now - ReplayGuard::REMEMBER_SECONDS]).nil?
        end
      end

      # The webhook-timestamp of the delivery that removed this slug (its tombstone), or nil.
      # @example
      #   store.tombstone("cold-brew") # => 1767225600 after a delivery removed it, else nil
      def tombstone(slug)
        @mutex.synchronize do
          @db.get_first_value("SELECT webhook_timestamp FROM #{TOMBSTONES_TABLE} WHERE slug = ?",
                              [ArticleStore.utf8_slug(slug)])
        end
      end

      # Keeps a removed slug's tombstone until the slug is written or removed again.
      # @example
      #   store.keep_tombstone("cold-brew", Integer(headers["webhook-timestamp"]))
      def keep_tombstone(slug, timestamp)
        @mutex.synchronize do
          @db.execute("INSERT INTO #{TOMBSTONES_TABLE} (slug, webhook_timestamp) VALUES (?, ?) " \
                      "ON CONFLICT(slug) DO UPDATE SET webhook_timestamp = excluded.webhook_timestamp",
                      [ArticleStore.utf8_slug(slug), timestamp])
        end
        nil
      end

      # Remembers an applied delivery's webhook-id (Unix seconds `now`), forgetting expired ones.
      # @example
      #   store.remember_delivery("dlv_1", Time.now.to_f)
      def remember_delivery(webhook_id, now)
        @mutex.synchronize do
          @db.execute("DELETE FROM #{DELIVERIES_TABLE} WHERE applied_at <= ?", [now - ReplayGuard::REMEMBER_SECONDS])
          @db.execute("INSERT INTO #{DELIVERIES_TABLE} (webhook_id, applied_at) VALUES (?, ?) " \
                      "ON CONFLICT(webhook_id) DO UPDATE SET applied_at = excluded.applied_at", [webhook_id, now])
        end
        nil
      end

      # Closes the database.
      # @example
      #   store = Rankquill::Webhooks::SqliteStore.new(path: "articles.db")
      #   store.close
      def close
        @mutex.synchronize { @db.close }
      end

      def inspect
        "#<#{self.class.name}>"
      end

      private

      def read(slug)
        json = @db.get_first_value("SELECT article FROM #{TABLE} WHERE slug = ?", [slug])
        json && parse(json)
      end

      def parse(json)
        JSON.parse(json, symbolize_names: true)
      end
    end
  end
end
