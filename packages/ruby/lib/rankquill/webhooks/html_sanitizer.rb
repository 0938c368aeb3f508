# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Cleans article HTML down to the allow-list the service applies (Models::HTML_ALLOW_LIST, from
    # packages/contract/vectors/html-allow-list.json): headings, paragraphs, lists, links,
    # emphasis, quotes, code, images, figures and tables. Other elements are unwrapped (their
    # text stays), except scripts, styles, frames, forms, SVG and the like, which go with their
    # content; attributes outside the list and URLs with another scheme than the list's are
    # removed; comments go; every element left open is closed. Entities are decoded and text is
    # escaped again, so no entity trick turns into markup. The tree is built as the TypeScript
    # sanitizer builds it (HtmlTree), so the output is the same bytes in every language, in time
    # linear in the input whatever it holds (packages/contract/vectors/sanitize-pathological.json).
    #
    # @example
    #   Rankquill::Webhooks::HtmlSanitizer.new.sanitize('<p onclick="x()">Hi<script>alert(1)</script></p>')
    #   # => "<p>Hi</p>"
    class HtmlSanitizer
      # Void elements written without an end tag.
      VOID_TAGS = %w[area base br col embed hr img input link meta source track wbr].to_h { |tag| [tag, true] }.freeze
      ESCAPES = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;" }.freeze
      COMMENT_START = "<!--".b.freeze
      # How many bytes of a comment's start may end the text kept so far.
      COMMENT_START_ENDS = [3, 2, 1].freeze
      # What happens to an open element's tags and content.
      KEPT = 1
      DROPS = 2
      UNWRAPPED = 3
      # HTML's ASCII whitespace, which separates the values of `rel`.
      HTML_SPACES = /[\t\n\f\r ]+/

      # @param allow_list [Hash] the allow-list, with the keys of html-allow-list.json
      def initialize(allow_list = Models::HTML_ALLOW_LIST)
        @kept = allow_list.fetch("tags").to_h { |tag| [tag, true] }
        @attributes = allow_list.fetch("attributes").transform_values { |names| names.to_h { |name| [name, true] } }
        @url_attributes = allow_list.fetch("url_attributes")
        @url_schemes = allow_list.fetch("url_schemes")
        @dropped = allow_list.fetch("dropped_with_content").to_h { |tag| [tag, true] }
        new_window = allow_list.fetch("new_window_link")
        @same_context_targets = new_window.fetch("same_context_targets")
        @add_rel = new_window.fetch("add_rel")
        @start_tags = {} # `<name>`, `</name>` by name, written once
        @end_tags = {}
      end

      # @param html [String]
      # @return [String] the cleaned HTML
      # @example
      #   Rankquill::Webhooks::HtmlSanitizer.new.sanitize('<p onclick="x()">Hi</p>') # => "<p>Hi</p>"
      def sanitize(html)
        @out = +""
        @elements = [] # per open element, innermost last: KEPT, DROPS or UNWRAPPED
        @dropping = 0
        HtmlTree.build(html, self)
        @out
      end

      # @!group Tree events (HtmlTree)

      # @api private
      def unwrapped?(name) = !@kept.key?(name) && !@dropped.key?(name)

      # @api private
      def open(name, attributes)
        if @dropped.key?(name)
          @elements << DROPS
          @dropping += 1
        elsif @dropping.zero? && @kept.key?(name)
          @elements << KEPT
          @out << start_tag(name, attributes)
        else
          @elements << UNWRAPPED
        end
      end

      # @api private
      def close(name)
        case @elements.pop
        when DROPS then @dropping -= 1
        when KEPT then @out << (@end_tags[name] ||= "</#{name}>") unless VOID_TAGS.key?(name)
        end
      end

      # @api private
      def text(text)
        @out << text.gsub(/[&<>]/, ESCAPES) if @dropping.zero?
      end

      # @!endgroup

      # `value` without its `<!--…-->` comments, removed as the service removes them: the first
      # `<!--` through the first `-->` after it, then again, since removing one can form another
      # (`<!-<!---->--->`). One pass: the kept text only grows or loses a comment's start, and
      # every search moves forward, so the time is linear whatever the input.
      #
      # @example
      #   Rankquill::Webhooks::HtmlSanitizer.without_url_comments("java<!-<!---->--->script:") # => "javascript:"
      # @param value [String]
      # @return [String]
      def self.without_url_comments(value)
        return value unless value.include?("<!--")

        bytes = value.b
        kept = +"".b
        index = 0
        loop do
          # A comment may start in the last bytes kept and end in what follows (`<!-` + `-->`).
          start = COMMENT_START_ENDS.find do |size|
            kept.end_with?(COMMENT_START[0, size]) && bytes.byteslice(index, 4 - size) == COMMENT_START[size..]
          end
          if start
            finish = bytes.index("-->", index + 4 - start)
            break unless finish

            kept.slice!(-start, start)
          else
            opening = bytes.index(COMMENT_START, index)
            finish = opening && bytes.index("-->", opening + 4)
            break unless finish

            kept << bytes.byteslice(index, opening - index)
          end
          index = finish + 3
        end
        (kept << bytes.byteslice(index, bytes.bytesize - index)).force_encoding(Encoding::UTF_8)
      end

      private

      def start_tag(name, attributes)
        return @start_tags[name] ||= "<#{name}>" if attributes.empty? && !VOID_TAGS.key?(name)

        allowed = @attributes.fetch(name, {})
        attributes = with_new_window_rel(attributes) if name == "a"
        text = attributes.filter_map do |attribute, value|
          next unless allowed[attribute]
          # An empty URL (href="", a bare href) is removed, as the service's own sanitizer does.
          next if @url_attributes.include?(attribute) && (value.empty? || !allowed_url?(value))

          " #{attribute}=\"#{value.gsub(/[&<>"]/, ESCAPES)}\""
        end.join
        VOID_TAGS.key?(name) ? "<#{name}#{text} />" : "<#{name}#{text}>"
      end

      # A link that opens another window gets rel="noopener noreferrer" added to its own. HTML
      # compares these keywords in ASCII lower case, untrimmed: ` _self` names a new window.
      def with_new_window_rel(attributes)
        target = attributes["target"]&.downcase(:ascii)
        return attributes if target.nil? || target.empty? || @same_context_targets.include?(target)

        rel = attributes.fetch("rel", "").downcase(:ascii).split(HTML_SPACES).reject(&:empty?).uniq | @add_rel
        attributes.merge("rel" => rel.join(" "))
      end

      # A path-relative URL, or one whose scheme is in the list. Browsers skip control characters
      # and spaces inside a scheme (`java\tscript:`), so those (and comments) go from the copy
      # whose scheme is read; `//host` and `\\host` are refused.
      def allowed_url?(value)
        cleaned = self.class.without_url_comments(value.gsub(/[\u0000-\u0020]+/, ""))
        scheme = cleaned[/\A([A-Za-z][A-Za-z0-9.+-]*):/, 1]
        return @url_schemes.include?(scheme.downcase) if scheme

        !cleaned.match?(%r{\A[/\\]{2}})
      end
    end
  end
end
