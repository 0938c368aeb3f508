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
        @mutex = Mutex.new
      end

      # Stores the article (a Hash with Symbol keys) under its slug, replacing the one there.
      # @example
      #   store.upsert(title: "Cold brew", slug: "cold-brew", content: "<p>1:8</p>", url: "/en/blog/cold-brew")
      def upsert(article)
        @mutex.synchronize do
          @articles.delete(article.fetch(:slug))
          @articles[article.fetch(:slug)] = article.dup.freeze
        end
        nil
      end

      # Removes the article of this slug; true when there was one.
      # @example
      #   store.remove("cold-brew")
      def remove(slug)
        @mutex.synchronize { @articles.delete(slug) }
      end

      # The article of this slug (a Hash with Symbol keys), or nil.
      # @example
      #   store.get("cold-brew")&.fetch(:title)
      def get(slug)
        @mutex.synchronize { @articles[slug] }
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
