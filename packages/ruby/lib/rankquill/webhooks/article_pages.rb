# frozen_string_literal: true

module Rankquill
  module Webhooks
    # A Rack application serving the stored articles at the URLs the receiver answers,
    # `/<language>/resources/blog/<slug>` (spec 6.4), with ArticlePage's HTML and
    # Content-Security-Policy. Anything else is a JSON 404; methods other than GET and HEAD a 405.
    #
    # @example config.ru, next to the receiver
    #   map("/webhooks/rankquill") { run receiver }
    #   run Rankquill::Webhooks::ArticlePages.new(receiver.store)
    class ArticlePages
      PATH = %r{\A/([^/]+)/resources/blog/([^/]+)\z}
      ALLOWED_METHODS = %w[GET HEAD].freeze

      # @param store [ArticleStore] where the receiver stores the articles
      def initialize(store)
        @store = store
      end

      # The Rack interface: GET /<language>/resources/blog/<slug> answers the stored article's page, 404 otherwise.
      # @example
      #   run Rankquill::Webhooks::ArticlePages.new(receiver.store) # config.ru
      def call(env)
        method = env["REQUEST_METHOD"]
        unless ALLOWED_METHODS.include?(method)
          return json(405, { error: "Method #{method} not allowed here: article pages take GET." },
                      "allow" => "GET, HEAD")
        end

        path = env["PATH_INFO"].to_s
        match = PATH.match(path)
        return not_found(path) unless match

        language, slug = match.captures.map { |segment| percent_decoded(segment) }
        if language.nil? || slug.nil?
          return json(400, { error: "Malformed percent escape in #{path}: encode the language and slug with " \
                                    "encodeURIComponent." })
        end

        article = @store.get(slug)
        return not_found(path) unless article && article[:language] == language

        page(ArticlePage.render(article), head: method == "HEAD")
      end

      private

      def page(html, head:)
        [200, { "content-type" => "text/html; charset=utf-8", "content-length" => html.bytesize.to_s,
                "content-security-policy" => ArticlePage::CONTENT_SECURITY_POLICY }, head ? [] : [html]]
      end

      def not_found(path)
        json(404, { error: "Nothing at #{path}: articles live at /<language>/resources/blog/<slug>." })
      end

      def json(status, body, headers = {})
        [status, { "content-type" => "application/json" }.merge(headers), [JSON.generate(body)]]
      end

      # The UTF-8 text of a path segment, or nil for a malformed escape such as `%zz`.
      def percent_decoded(segment)
        return nil if segment.match?(/%(?![0-9A-Fa-f]{2})/)

        text = segment.gsub(/%[0-9A-Fa-f]{2}/) { |escape| escape[1, 2].to_i(16).chr }.force_encoding(Encoding::UTF_8)
        text.valid_encoding? ? text : nil
      end
    end
  end
end
