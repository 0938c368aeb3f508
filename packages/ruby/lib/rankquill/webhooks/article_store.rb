# frozen_string_literal: true

module Rankquill
  module Webhooks
    # What the receiver stores articles in. An article is a Hash with Symbol keys: the fields of
    # the article payload (spec 2.5: title, slug, content, excerpt, meta_title, meta_description,
    # keywords, canonical_url, featured_image, author, language) plus `url` (the answered URL) and
    # `received_at` (ISO 8601), and `webhook_timestamp` (Integer seconds) when the delivery that
    # wrote it carried one. Include this module and implement the four methods to write straight
    # into your CMS; MemoryStore and SqliteStore are ready-made. A store that also defines
    # `delivery_applied?(webhook_id, now)` and `remember_delivery(webhook_id, now)` (as both of
    # those do) gets replays and late deliveries refused (ReplayGuard); one that also defines
    # `tombstone(slug)` and `keep_tombstone(slug, timestamp)` keeps a removed article from coming back.
    #
    # @example
    #   class CmsStore
    #     include Rankquill::Webhooks::ArticleStore
    #     def upsert(article) = Cms::Post.upsert(article.slice(:slug, :title, :content))
    #     def remove(slug) = Cms::Post.delete_by_slug(slug)
    #     def get(slug) = Cms::Post.find_by_slug(slug)&.to_h
    #     def list = Cms::Post.newest_first.map(&:to_h)
    #   end
    module ArticleStore
      # A slug as UTF-8 text, the encoding the receiver stores it in. Rack servers such as Puma
      # hand PATH_INFO over as a binary (ASCII-8BIT) string: its bytes are taken as UTF-8, a
      # string in another encoding is converted. The built-in stores apply it to every slug they
      # are given, so `get(slug)` finds the article whatever the encoding of the request's slug.
      #
      # @example
      #   Rankquill::Webhooks::ArticleStore.utf8_slug("caf\xC3\xA9".b) # => "café"
      def self.utf8_slug(slug)
        text = slug.to_s
        return text if text.encoding == Encoding::UTF_8
        return text.dup.force_encoding(Encoding::UTF_8) if text.encoding == Encoding::BINARY

        text.encode(Encoding::UTF_8)
      end

      # Stores the article, replacing the one with the same slug.
      # @example
      #   store.upsert(article.to_h.merge(url: "/en/resources/blog/cold-brew"))
      def upsert(article)
        raise NotImplementedError, "#{self.class} must implement upsert(article)"
      end

      # Removes the article with this slug; answers it, or nil when there was none.
      # @example
      #   store.remove("cold-brew") # => false when there was none
      def remove(slug)
        raise NotImplementedError, "#{self.class} must implement remove(slug)"
      end

      # The article with this slug, or nil.
      # @example
      #   store.get("cold-brew")&.fetch(:title)
      def get(slug)
        raise NotImplementedError, "#{self.class} must implement get(slug)"
      end

      # Every article, the most recently received first.
      # @example
      #   store.list.map { |article| article[:slug] }
      def list
        raise NotImplementedError, "#{self.class} must implement list"
      end
    end
  end
end
