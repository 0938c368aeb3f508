# frozen_string_literal: true

require "strscan"

module Rankquill
  module Webhooks
    # Cleans article HTML down to the allow-list the service applies (Models::HTML_ALLOW_LIST, from
    # packages/contract/vectors/html-allow-list.json): headings, paragraphs, lists, links,
    # emphasis, quotes, code, images, figures and tables. Other elements are unwrapped (their
    # text stays), except scripts, styles, frames, forms, SVG and the like, which go with their
    # content; attributes outside the list and URLs with another scheme than the list's are
    # removed; comments go; every element left open is closed. Entities are decoded and text is
    # escaped again, so no entity trick turns into markup. One pass, no DOM: the standard library
    # has no HTML parser, so this tokenizer follows HTML's rules for the cases that matter here
    # (raw-text elements, unquoted and duplicate attributes, unterminated tags).
    #
    # @example
    #   Rankquill::Webhooks::HtmlSanitizer.new.sanitize('<p onclick="x()">Hi<script>alert(1)</script></p>')
    #   # => "<p>Hi</p>"
    class HtmlSanitizer
      VOID_TAGS = %w[area base br col embed hr img input link meta param source track wbr].freeze
      # Elements whose content is text up to their end tag, never markup.
      RAW_TEXT_TAGS = %w[script style xmp iframe noembed noframes noscript textarea title plaintext].freeze
      TAG_NAME = %r{[A-Za-z][^\s/>]*}
      ATTRIBUTE_NAME = %r{[^\s"'<>/=]+}
      ENTITY = /&(?:#(\d+)|#[xX](\h+)|([A-Za-z][A-Za-z0-9]*));?/
      ESCAPES = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;" }.freeze

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
      end

      # @param html [String]
      # @return [String] the cleaned HTML
      def sanitize(html)
        @out = +""
        @open = []
        @dropping = []
        scanner = StringScanner.new(html.to_s)
        step(scanner) until scanner.eos?
        @open.reverse_each { |tag| @out << "</#{tag}>" }
        @out
      end

      private

      def step(scanner)
        if scanner.scan(/<!--/) then scanner.skip_until(/-->/) || scanner.terminate
        elsif scanner.scan(/<[!?]/) then scanner.skip_until(/>/) || scanner.terminate
        elsif scanner.scan(%r{</})
          name = scanner.scan(TAG_NAME)
          scanner.skip_until(/>/) || scanner.terminate
          end_tag(name.downcase) if name
        elsif scanner.check(/<[A-Za-z]/) then start_tag(scanner)
        else
          text = scanner.scan(/<?[^<]*/)
          emit_text(text)
        end
      end

      def start_tag(scanner)
        scanner.skip(/</)
        name = scanner.scan(TAG_NAME).downcase
        attributes = read_attributes(scanner)
        return scanner.terminate unless scanner.skip(%r{/?>}) # unterminated at the end: no element

        if RAW_TEXT_TAGS.include?(name)
          skip_raw_text(scanner, name)
          return
        end
        open_element(name, attributes)
      end

      def read_attributes(scanner)
        attributes = {}
        loop do
          scanner.skip(%r{[\s/]+})
          name = scanner.scan(ATTRIBUTE_NAME) or break
          value = ""
          if scanner.skip(/\s*=\s*/)
            value = scanner.scan(/"([^"]*)"|'([^']*)'|[^\s>]*/)
            value = decode(scanner[1] || scanner[2] || value)
          end
          attributes[name.downcase] ||= value
        end
        attributes
      end

      # Raw text ends at the first `</name` followed by a space, `/` or `>`; it is dropped.
      def skip_raw_text(scanner, name)
        return scanner.terminate unless scanner.skip_until(%r{</#{name}(?=[\s/>])}i)

        scanner.skip_until(/>/) || scanner.terminate
      end

      def open_element(name, attributes)
        if @dropped[name] || @dropping.any?
          @dropping << name if !VOID_TAGS.include?(name) && (@dropped[name] || @dropping.include?(name))
          return
        end
        return unless @kept[name]

        @out << "<#{name}#{attribute_text(name, attributes)}>"
        @open << name unless VOID_TAGS.include?(name)
      end

      def end_tag(name)
        if @dropping.any?
          index = @dropping.rindex(name)
          @dropping.slice!(index..) if index
          return
        end
        index = @open.rindex(name)
        return unless index

        @open.slice!(index..).reverse_each { |tag| @out << "</#{tag}>" }
      end

      def emit_text(text)
        @out << decode(text).gsub(/[&<>]/, ESCAPES) if @dropping.empty?
      end

      def attribute_text(name, attributes)
        allowed = @attributes.fetch(name, {})
        attributes = with_new_window_rel(attributes) if name == "a"
        attributes.filter_map do |attribute, value|
          next unless allowed[attribute]
          next if @url_attributes.include?(attribute) && !allowed_url?(value)

          " #{attribute}=\"#{value.gsub(/[&<>"]/, ESCAPES)}\""
        end.join
      end

      # A link that opens another window gets rel="noopener noreferrer" added to its own.
      def with_new_window_rel(attributes)
        target = attributes["target"]&.strip&.downcase
        return attributes if target.nil? || target.empty? || @same_context_targets.include?(target)

        rel = attributes.fetch("rel", "").downcase.split | @add_rel
        attributes.merge("rel" => rel.join(" "))
      end

      # A path-relative URL, or one whose scheme is in the list. Browsers skip control characters
      # and spaces inside a scheme (`java\tscript:`), so those (and comments) go from the copy
      # whose scheme is read; `//host` and `\\host` are refused.
      def allowed_url?(value)
        cleaned = value.gsub(/[\u0000-\u0020]+/, "").gsub(/<!--.*?-->/m, "")
        scheme = cleaned[/\A([A-Za-z][A-Za-z0-9.+-]*):/, 1]
        return @url_schemes.include?(scheme.downcase) if scheme

        !cleaned.match?(%r{\A[/\\]{2}})
      end

      def decode(text)
        text.gsub(ENTITY) do |match|
          decimal, hex, name = Regexp.last_match.captures
          if name
            code = HTML_ENTITIES[name]
            code && match.end_with?(";") ? code.chr(Encoding::UTF_8) : match
          else
            character((decimal || hex.to_i(16).to_s).to_i)
          end
        end
      end

      def character(code)
        return "\uFFFD" if code.zero? || code > 0x10FFFF || (0xD800..0xDFFF).cover?(code)

        code.chr(Encoding::UTF_8)
      end
    end
  end
end
