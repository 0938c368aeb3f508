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
    # those do) gets replays and late deliveries refused (ReplayGuard).
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
