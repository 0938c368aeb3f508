# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Builds the element tree of an HTML fragment (HtmlTokenizer's tokens, and the element rules of
    # packages/contract/vectors/README.md) as the TypeScript sanitizer builds it
    # (packages/webhooks/src/html/html-tree-builder.ts), reporting it to a sink as it goes:
    # unwrapped?(name), open(name, attributes), close(name) (every open matched by one close,
    # innermost first) and text(string). Linear in the input: the open elements are a stack with
    # a count per name, so an end tag that closes nothing costs no scan.
    #
    # @example
    #   Rankquill::Webhooks::HtmlTree.build("<p>Hi <a href=x", sink)
    #   # sink.open("p", {}), sink.text("Hi "), sink.close("p")
    #
    # @api private
    class HtmlTree
      # Elements the parser never holds open: they have no content and no end tag.
      PARSER_VOID = %w[area base basefont br col command embed frame hr img input isindex keygen link meta param source
                       track wbr].to_h { |name| [name, true] }.freeze
      HEADINGS = %w[h1 h2 h3 h4 h5 h6 p].freeze
      FORM_CONTROLS = %w[input option optgroup select button datalist textarea].freeze
      # Opening the key closes the innermost open element, repeatedly, while it is one of the value's.
      OPEN_IMPLIES_CLOSE = {
        "tr" => %w[tr th td], "th" => %w[th], "td" => %w[thead th td], "body" => %w[head link script],
        "a" => %w[a], "li" => %w[li], "option" => %w[option], "optgroup" => %w[optgroup option],
        "dd" => %w[dd dt], "dt" => %w[dd dt], "rt" => %w[rt rp], "rp" => %w[rt rp],
        "tbody" => %w[thead tbody], "tfoot" => %w[thead tbody]
      }.merge(
        %w[h1 h2 h3 h4 h5 h6].to_h { |tag| [tag, HEADINGS] },
        %w[select input output button datalist textarea].to_h { |tag| [tag, FORM_CONTROLS] },
        %w[p address article aside blockquote details div dl fieldset figcaption figure footer form header hr main
           nav ol pre section table ul].to_h { |tag| [tag, %w[p]] }
      ).transform_values { |names| names.to_h { |name| [name, true] }.freeze }.freeze
      # Elements inside svg or math whose content is HTML again (SVG's own spelling).
      HTML_INTEGRATION_POINTS = %w[mi mo mn ms mtext annotation-xml foreignObject desc title].freeze
      # The namespace each element opens: its own (svg, math) or HTML again inside one.
      NAMESPACE_OF = HTML_INTEGRATION_POINTS.to_h { |name| [name, "html"] }.merge("svg" => "svg", "math" => "math")
                                            .freeze
      # SVG element names that are not all lower case, by their lower-case spelling.
      SVG_TAG_NAMES = %w[
        altGlyph altGlyphDef altGlyphItem animateColor animateMotion animateTransform clipPath feBlend feColorMatrix
        feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight
        feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology
        feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence foreignObject glyphRef
        linearGradient radialGradient textPath
      ].to_h { |name| [name.downcase, name] }.freeze
      NO_ATTRIBUTES = {}.freeze

      # Reports the elements and text of `html` to `sink`; closes what the input left open.
      # @param html [String]
      # @param sink [#unwrapped?, #open, #close, #text]
      def self.build(html, sink)
        tree = new(sink)
        HtmlTokenizer.new(html, tree).run
        tree.finish
      end

      # @param sink [#unwrapped?, #open, #close, #text]
      def initialize(sink)
        @sink = sink
        @stack = [] # names of the open elements, innermost last
        @open_counts = Hash.new(0) # how many of each name are open
        @namespaces = ["html"] # innermost last; the bottom one is the fragment's own
        @solid = [] # stack positions of the elements the sink does not unwrap
        @solid_names = {} # the sink's answer, per name
      end

      # @!group Tokenizer events (HtmlTokenizer)

      def in_foreign_content? = @namespaces.last != "html"

      def text(text) = @sink.text(text)

      def start_tag(name, attributes, self_closing)
        name = element_name(name) if @namespaces.length > 1 || name == "image"
        open_element(name, attributes, self_closing)
      end

      def end_tag(name)
        name = element_name(name) if @namespaces.length > 1 || name == "image"
        if PARSER_VOID.key?(name)
          # `</br>` is a line break; the other void end tags mean nothing.
          open_element("br", NO_ATTRIBUTES, false) if name == "br"
        elsif @open_counts[name].positive?
          nil until pop == name
        elsif name == "p" # `</p>` alone is an empty paragraph
          open_element("p", NO_ATTRIBUTES, false)
          pop
        end
      end

      # @!endgroup

      # Closes what the input left open, innermost first.
      def finish
        pop until @stack.empty?
      end

      private

      def open_element(name, attributes, self_closing)
        return if name == "form" && @open_counts["form"].positive? # a form inside a form is ignored

        closes = OPEN_IMPLIES_CLOSE[name]
        # Closes the innermost element the sink keeps (or drops) while it is in `closes`, with the
        # unwrapped ones inside it.
        pop while closes && !@solid.empty? && closes.key?(@stack[@solid.last])
        if PARSER_VOID.key?(name)
          @sink.open(name, attributes)
          return @sink.close(name)
        end
        # Pushes `name` (in line: this runs for every element).
        solid = @solid_names[name]
        solid = @solid_names[name] = !@sink.unwrapped?(name) if solid.nil?
        @solid << @stack.length if solid
        @stack << name
        @open_counts[name] += 1
        namespace = NAMESPACE_OF[name]
        @namespaces << namespace if namespace
        @sink.open(name, attributes)
        pop if self_closing && in_foreign_content? # self-closing syntax means something only in svg and math
      end

      # A tag's name as the element rules compare it: SVG's own spelling inside svg, `image` is `img`.
      def element_name(name)
        namespace = @namespaces.last
        return SVG_TAG_NAMES.fetch(name, name) if namespace == "svg"

        if @namespaces.length > 1
          # An end tag inside an HTML integration point may still close an SVG element around it.
          svg_name = SVG_TAG_NAMES[name]
          return svg_name if svg_name && @open_counts[svg_name].positive?
        end
        namespace == "html" && name == "image" ? "img" : name
      end

      def pop
        name = @stack.pop
        @solid.pop if @solid.last == @stack.length
        @open_counts[name] -= 1
        @namespaces.pop if NAMESPACE_OF.key?(name)
        @sink.close(name)
        name
      end
    end
  end
end
