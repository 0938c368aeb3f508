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
    # sanitizer's parser builds it (HtmlTokenizer, and the element rules of
    # packages/contract/vectors/README.md), so the output is the same bytes in every language.
    #
    # @example
    #   Rankquill::Webhooks::HtmlSanitizer.new.sanitize('<p onclick="x()">Hi<script>alert(1)</script></p>')
    #   # => "<p>Hi</p>"
    class HtmlSanitizer
      # Void elements written without an end tag.
      VOID_TAGS = %w[area base br col embed hr img input link meta source track wbr].freeze
      # Elements the parser never holds open.
      PARSER_VOID_TAGS = (VOID_TAGS + %w[basefont command frame isindex keygen param]).freeze
      ESCAPES = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;" }.freeze
      FORM_TAGS = %w[input option optgroup select button datalist textarea].freeze
      HEADINGS = %w[h1 h2 h3 h4 h5 h6 p].freeze
      # Opening the key closes the innermost open element while it is one of the value's.
      OPEN_IMPLIES_CLOSE = {
        "tr" => %w[tr th td], "th" => %w[th], "td" => %w[thead th td], "body" => %w[head link script],
        "a" => %w[a], "li" => %w[li], "option" => %w[option], "optgroup" => %w[optgroup option],
        "dd" => %w[dd dt], "dt" => %w[dd dt], "rt" => %w[rt rp], "rp" => %w[rt rp],
        "tbody" => %w[thead tbody], "tfoot" => %w[thead tbody]
      }.merge(
        %w[h1 h2 h3 h4 h5 h6].to_h { |tag| [tag, HEADINGS] },
        %w[select input output button datalist textarea].to_h { |tag| [tag, FORM_TAGS] },
        %w[p address article aside blockquote details div dl fieldset figcaption figure footer form header hr main
           nav ol pre section table ul].to_h { |tag| [tag, %w[p]] }
      ).freeze
      FOREIGN_TAGS = %w[svg math].freeze
      # Elements inside svg or math whose content is HTML again.
      HTML_INTEGRATION_TAGS = %w[mi mo mn ms mtext annotation-xml foreignobject desc title].freeze
      # JavaScript's whitespace (String#trim, \s), which the TypeScript sanitizer trims `target` and splits `rel` by.
      JS_SPACE = "[\\t\\n\\v\\f\\r \\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]"
      JS_TRIM = /\A#{JS_SPACE}+|#{JS_SPACE}+\z/
      JS_SPACES = /#{JS_SPACE}+/

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
      # @example
      #   Rankquill::Webhooks::HtmlSanitizer.new.sanitize('<p onclick="x()">Hi</p>') # => "<p>Hi</p>"
      def sanitize(html)
        @out = +""
        @stack = []          # the parser's open elements, innermost last
        @foreign = [:html]   # whether the innermost context is svg, math or HTML
        @elements = []       # per element opened: [kept, drops]
        @dropping = 0
        @tag_name = ""
        @attribs = nil
        @attribute_name = ""
        @attribute_value = +""
        HtmlTokenizer.new(html, self).run
        @out
      end

      # @!group Tokenizer events (HtmlTokenizer)

      # @api private
      def foreign? = @foreign.last != :html

      # @api private
      def text(text)
        @out << text.gsub(/[&<>]/, ESCAPES) if @dropping.zero?
      end

      # @api private
      def cdata(text)
        text(text) if foreign?
      end

      # @api private
      def open_tag_name(raw)
        open_element(tag_name(raw))
      end

      # @api private
      def attribute_name(raw)
        @attribute_name = raw.downcase
      end

      # @api private
      def attribute_data(text)
        @attribute_value << text
      end

      # @api private
      def attribute_end
        @attribs[@attribute_name] = @attribute_value if @attribs && !@attribs.key?(@attribute_name)
        @attribute_value = +""
      end

      # @api private
      def open_tag_end
        end_open_tag
      end

      # Self-closing syntax closes an element only inside svg and math.
      # @api private
      def self_closing_tag
        return end_open_tag unless foreign?

        name = @tag_name
        end_open_tag
        pop_element if @stack.last == name
      end

      # @api private
      def close_tag(raw)
        name = tag_name(raw)
        if PARSER_VOID_TAGS.include?(name)
          # `</br>` is a line break; other void end tags mean nothing.
          element_opened("br", {}) && element_closed("br") if name == "br"
        elsif (position = @stack.rindex(name))
          (@stack.length - 1 - position).times { pop_element }
          pop_element
        elsif name == "p"
          open_element("p")
          self_closing_p
        end
      end

      # @api private
      def finish
        @stack.reverse_each { |name| element_closed(name) }
      end

      # @!endgroup

      private

      def tag_name(raw)
        name = raw.downcase
        foreign? || name != "image" ? name : "img"
      end

      def open_element(name)
        @tag_name = name
        if name == "form" && @stack.include?("form") # a form inside a form is ignored
          @tag_name = ""
          return
        end
        closes = OPEN_IMPLIES_CLOSE[name]
        pop_element while closes && !@stack.empty? && closes.include?(@stack.last)
        unless PARSER_VOID_TAGS.include?(name)
          @stack << name
          if FOREIGN_TAGS.include?(name) then @foreign << name.to_sym
          elsif HTML_INTEGRATION_TAGS.include?(name) then @foreign << :html
          end
        end
        @attribs = {}
      end

      def end_open_tag
        if @attribs
          element_opened(@tag_name, @attribs)
          @attribs = nil
        end
        element_closed(@tag_name) if PARSER_VOID_TAGS.include?(@tag_name)
        @tag_name = ""
      end

      # `</p>` with no p open: an empty paragraph.
      def self_closing_p
        end_open_tag
        pop_element if @stack.last == "p"
      end

      def pop_element
        name = @stack.pop
        @foreign.pop if FOREIGN_TAGS.include?(name) || HTML_INTEGRATION_TAGS.include?(name)
        element_closed(name)
      end

      def element_opened(name, attributes)
        drops = @dropped.key?(name)
        kept = @dropping.zero? && !drops && @kept.key?(name)
        @elements << [kept, drops]
        @dropping += 1 if drops
        @out << start_tag(name, attributes) if kept
        true
      end

      def element_closed(name)
        kept, drops = @elements.pop
        @dropping -= 1 if drops
        @out << "</#{name}>" if kept && !VOID_TAGS.include?(name)
      end

      def start_tag(name, attributes)
        allowed = @attributes.fetch(name, {})
        attributes = with_new_window_rel(attributes) if name == "a"
        text = attributes.filter_map do |attribute, value|
          next unless allowed[attribute]
          # An empty URL (href="", a bare href) is removed, as the service's own sanitizer does.
          next if @url_attributes.include?(attribute) && (value.empty? || !allowed_url?(value))

          " #{attribute}=\"#{value.gsub(/[&<>"]/, ESCAPES)}\""
        end.join
        VOID_TAGS.include?(name) ? "<#{name}#{text} />" : "<#{name}#{text}>"
      end

      # A link that opens another window gets rel="noopener noreferrer" added to its own.
      def with_new_window_rel(attributes)
        target = attributes["target"]&.gsub(JS_TRIM, "")&.downcase
        return attributes if target.nil? || target.empty? || @same_context_targets.include?(target)

        rel = attributes.fetch("rel", "").downcase.split(JS_SPACES).reject(&:empty?).uniq | @add_rel
        attributes.merge("rel" => rel.join(" "))
      end

      # A path-relative URL, or one whose scheme is in the list. Browsers skip control characters
      # and spaces inside a scheme (`java\tscript:`), so those (and comments) go from the copy
      # whose scheme is read; `//host` and `\\host` are refused.
      def allowed_url?(value)
        cleaned = value.gsub(/[\u0000-\u0020]+/, "")
        loop do
          shorter = cleaned.sub(/<!--.*?-->/m, "")
          break if shorter == cleaned

          cleaned = shorter
        end
        scheme = cleaned[/\A([A-Za-z][A-Za-z0-9.+-]*):/, 1]
        return @url_schemes.include?(scheme.downcase) if scheme

        !cleaned.match?(%r{\A[/\\]{2}})
      end
    end
  end
end
