# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Keeps a replayed or late delivery from changing a store that remembers deliveries (the
    # built-in MemoryStore and SqliteStore; see ArticleStore#delivery_applied?): a delivery whose
    # `webhook-id` the store applied in the last REMEMBER_SECONDS, or whose `webhook-timestamp`
    # is older than the one that last wrote the article, or removed it (a store that also defines
    # `tombstone(slug)` and `keep_tombstone(slug, timestamp)`, as both built-in ones do, keeps the
    # removal's timestamp), answers 200 with the article's URL and changes nothing
    # (packages/contract/vectors/replays.json). A delivery without the headers is applied as before.
    #
    # @example
    #   guard = Rankquill::Webhooks::ReplayGuard.new(store, -> { Time.now })
    #   guard.replay_url(headers, "cold-brew", "/en/resources/blog/cold-brew") # => nil: apply it
    #
    # @api private
    class ReplayGuard
      # Twice the signature tolerance: a signed replay is refused by its timestamp after that.
      REMEMBER_SECONDS = 2 * DEFAULT_TOLERANCE
      # The largest timestamp that counts (2^53 - 1, JavaScript's largest exact integer).
      MAX_TIMESTAMP = (2**53) - 1

      # The webhook-timestamp header as Integer seconds, or nil when absent or not ASCII digits up to MAX_TIMESTAMP.
      def self.timestamp(value)
        return nil unless value.is_a?(String) && value.match?(/\A[0-9]+\z/)

        seconds = Integer(value, 10)
        seconds <= MAX_TIMESTAMP ? seconds : nil
      end

      # @param store [ArticleStore]
      # @param clock [#call] answers the current Time
      def initialize(store, clock)
        @store = store
        @clock = clock
        @remembers = store.respond_to?(:delivery_applied?) && store.respond_to?(:remember_delivery)
        @tombstones = store.respond_to?(:tombstone) && store.respond_to?(:keep_tombstone)
        @mutex = Mutex.new
      end

      # Runs the check and the write it allows as one step for this receiver.
      def synchronize(&)
        @mutex.synchronize(&)
      end

      # The URL to answer when the delivery must change nothing, or nil to apply it: the stored
      # article's URL, or `url` with none stored.
      def replay_url(headers, slug, url)
        return nil unless @remembers

        stored = @store.get(slug)
        current = stored && stored[:url].is_a?(String) ? stored[:url] : url
        id = headers["webhook-id"]
        return current if id && !id.empty? && @store.delivery_applied?(id, @clock.call.to_i)

        timestamp = self.class.timestamp(headers["webhook-timestamp"])
        # A removed slug keeps its removal's timestamp, so an older update cannot bring it back.
        last = stored ? stored[:webhook_timestamp] : (@tombstones && @store.tombstone(slug))
        timestamp && last.is_a?(Integer) && timestamp < last ? current : nil
      end

      # Keeps the webhook-timestamp of a delivery that removed `slug` as its tombstone, when it carries one.
      def removed(headers, slug)
        timestamp = self.class.timestamp(headers["webhook-timestamp"])
        @store.keep_tombstone(slug, timestamp) if @tombstones && timestamp
      end

      # Remembers the delivery's webhook-id once it has been applied.
      def applied(headers)
        id = headers["webhook-id"]
        @store.remember_delivery(id, @clock.call.to_i) if @remembers && id && !id.empty?
      end
    end
  end
end
