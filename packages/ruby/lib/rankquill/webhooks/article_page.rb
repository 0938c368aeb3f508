# frozen_string_literal: true

module Rankquill
  module Webhooks
    # The HTML page of a stored article, the same bytes as the TypeScript `renderArticlePage` and
    # PHP's `ArticlePage::render`: title, description, author and URLs escaped (URLs limited to
    # http and https), the content sanitized again with the service's allow-list whatever store
    # it came from. Serve it with CONTENT_SECURITY_POLICY as a second line of defence; ArticlePages
    # does both for a Rack app.
    #
    # @example
    #   html = Rankquill::Webhooks::ArticlePage.render(store.get("cold-brew-ratio"))
    #   [200, { "content-type" => "text/html; charset=utf-8",
    #           "content-security-policy" => Rankquill::Webhooks::ArticlePage::CONTENT_SECURITY_POLICY }, [html]]
    module ArticlePage
      # No script, frame, form target or `<base>` may run or apply on an article page.
      CONTENT_SECURITY_POLICY = "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; " \
                                "base-uri 'none'; form-action 'none'"
      ESCAPES = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;", "'" => "&#39;" }.freeze
      # An absolute http or https URL with a host and no space or control character: written exactly
      # as given (packages/contract/vectors/article-page.json), any other canonical or image URL left out.
      HTTP_URL = %r{\Ahttps?://[^/?#\\\x00-\x20\x7f]+([/?#][^\x00-\x20\x7f]*)?\z}i

      module_function

      # @param article [Hash{Symbol => Object}] a stored article (ArticleStore#get)
      # @param sanitizer [HtmlSanitizer]
      # @return [String] the page, UTF-8
      # @example
      #   Rankquill::Webhooks::ArticlePage.render(receiver.store.get("cold-brew-ratio"))
      def render(article, sanitizer: HtmlSanitizer.new)
        text = ->(name) { article[name].is_a?(String) ? article[name] : "" }
        title = text.call(:title)
        canonical = http_url(text.call(:canonical_url))
        image = http_url(text.call(:featured_image))
        keywords = Array(article[:keywords]).map(&:to_s).join(", ")
        meta_title = text.call(:meta_title).empty? ? title : text.call(:meta_title)
        <<~HTML
          <!doctype html>
          <html lang="#{escape(text.call(:language))}">
          <head>
          <meta charset="utf-8">
          <title>#{escape(meta_title)}</title>
          <meta name="description" content="#{escape(text.call(:meta_description))}">
          <meta name="keywords" content="#{escape(keywords)}">
          <meta name="author" content="#{escape(text.call(:author))}">
          #{canonical ? %(<link rel="canonical" href="#{escape(canonical)}">\n) : ""}</head>
          <body>
          <article>
          <h1>#{escape(title)}</h1>
          <p class="byline">#{escape(text.call(:author))}</p>
          #{image ? %(<img src="#{escape(image)}" alt="">\n) : ""}#{sanitizer.sanitize(text.call(:content))}
          </article>
          </body>
          </html>
        HTML
      end

      # Escapes text for element content and quoted attribute values.
      # @example
      #   Rankquill::Webhooks::ArticlePage.escape(%(<a href="x">)) # => "&lt;a href=&quot;x&quot;&gt;"
      def escape(text)
        text.gsub(/[&<>"']/, ESCAPES)
      end

      # The URL when it matches HTTP_URL, else nil.
      # @api private
      def http_url(value)
        HTTP_URL.match?(value) ? value : nil
      end
    end
  end
end
