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

      def upsert(article)
        slug = ArticleStore.utf8_slug(article.fetch(:slug))
        @mutex.synchronize do
          @tombstones.delete(slug)
          @articles.delete(slug)
          @articles[slug] = article.merge(slug: slug).freeze
        end
        nil
      end

      def remove(slug)
        slug = ArticleStore.utf8_slug(slug)
        @mutex.synchronize do
          @tombstones.delete(slug)
          @articles.delete(slug)
        end
      end

      def get(slug)
        @mutex.synchronize { @articles[ArticleStore.utf8_slug(slug)] }
      end

      def list
        @mutex.synchronize { @articles.values.reverse }
      end

      # True when a delivery with this webhook-id was applied in the last ReplayGuard::REMEMBER_SECONDS.
      def delivery_applied?(webhook_id, now)
        @mutex.synchronize do
          applied_at = @deliveries[webhook_id]
          !applied_at.nil? && applied_at > now - ReplayGuard::REMEMBER_SECONDS
        end
      end

      # The webhook-timestamp of the delivery that removed this slug (its tombstone), or nil.
      def tombstone(slug)
        @mutex.synchronize { @tombstones[ArticleStore.utf8_slug(slug)] }
      end

      # Keeps a removed slug's tombstone until the slug is written or removed again.
      def keep_tombstone(slug, timestamp)
        @mutex.synchronize { @tombstones[ArticleStore.utf8_slug(slug)] = timestamp }
        nil
      end

      # Remembers an applied delivery's webhook-id (Unix seconds `now`), forgetting expired ones.
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
