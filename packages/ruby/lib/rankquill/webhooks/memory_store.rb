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
        @mutex = Mutex.new
      end

      def upsert(article)
        @mutex.synchronize do
          @articles.delete(article.fetch(:slug))
          @articles[article.fetch(:slug)] = article.dup.freeze
        end
        nil
      end

      def remove(slug)
        @mutex.synchronize { @articles.delete(slug) }
      end

      def get(slug)
        @mutex.synchronize { @articles[slug] }
      end

      def list
        @mutex.synchronize { @articles.values.reverse }
      end
    end
  end
end
