# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Articles in memory, for tests and trials; gone when the process ends. Thread-safe.
    #
    # @example
    #   store = Rankquill::Webhooks::MemoryStore.new
    #   receiver = Rankquill::Webhooks::Receiver.new(secret: ENV.fetch("RANKQUILL_WEBHOOK_SECRET"), store: store)
    #   store.get("cold-brew-ratio")&.fetch(:title)
    class MemoryStore
      include ArticleStore

      def initialize
        @articles = {}
        @deliveries = {}
        @tombstones = {}
        @mutex = Mutex.new
      end

      # Stores the article (a Hash with Symbol keys) under its slug, replacing the one there.
      # @example
      #   store.upsert(title: "Cold brew", slug: "cold-brew", content: "<p>1:8</p>", url: "/en/blog/cold-brew")
      def upsert(article)
        slug = ArticleStore.utf8_slug(article.fetch(:slug))
        @mutex.synchronize do
          @tombstones.delete(slug)
          @articles.delete(slug)
          @articles[slug] = article.merge(slug: slug).freeze
        end
        nil
      end

      # Removes the article of this slug; true when there was one.
      # @example
      #   store.remove("cold-brew")
      def remove(slug)
        slug = ArticleStore.utf8_slug(slug)
        @mutex.synchronize do
          @tombstones.delete(slug)
          @articles.delete(slug)
        end
      end

      # The article of this slug (a Hash with Symbol keys), or nil.
      # @example
      #   store.get("cold-brew")&.fetch(:title)
      def get(slug)
        @mutex.synchronize { @articles[ArticleStore.utf8_slug(slug)] }
      end

      # Every stored article.
      # @example
      #   store.list.map { |article| article[:slug] }
      def list
        @mutex.synchronize { @articles.values.reverse }
      end

      # True when a delivery with this webhook-id was applied in the last ReplayGuard::REMEMBER_SECONDS.
      # @example
      #   store.delivery_applied?("dlv_1", Time.now.to_f) # => true for a replay
      def delivery_applied?(webhook_id, now)
        @mutex.synchronize do
          applied_at = @deliveries[webhook_id]
          !applied_at.nil? && applied_at > now - ReplayGuard::REMEMBER_SECONDS
        end
      end

      # The webhook-timestamp of the delivery that removed this slug (its tombstone), or nil.
      # @example
      #   store.tombstone("cold-brew") # => 1767225600 after a delivery removed it, else nil
      def tombstone(slug)
        @mutex.synchronize { @tombstones[ArticleStore.utf8_slug(slug)] }
      end

      # Keeps a removed slug's tombstone until the slug is written or removed again.
      # @example
      #   store.keep_tombstone("cold-brew", Integer(headers["webhook-timestamp"]))
      def keep_tombstone(slug, timestamp)
        @mutex.synchronize { @tombstones[ArticleStore.utf8_slug(slug)] = timestamp }
        nil
      end

      # Remembers an applied delivery's webhook-id (Unix seconds `now`), forgetting expired ones.
      # @example
      #   store.remember_delivery("dlv_1", Time.now.to_f)
      def remember_delivery(webhook_id, now)
        @mutex.synchronize do
          @deliveries.delete_if { |_, applied_at| applied_at <= now - ReplayGuard::REMEMBER_SECONDS }
          @deliveries[webhook_id] = now
        end
        nil
      end
    end
  end
end
