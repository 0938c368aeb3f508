# frozen_string_literal: true

require "strscan"

module Rankquill
  module Webhooks
    # Splits HTML into start tags, end tags and text by the rules of
    # packages/contract/vectors/README.md ("Sanitizing"), the TypeScript sanitizer's
    # (packages/webhooks/src/html/html-tokenizer.ts): comments (`<!-->` and `<!--->` included),
    # CDATA, doctypes, processing instructions and bogus comments are dropped, raw-text elements
    # hold text up to their own end tag, `<plaintext>` makes the rest text, and a tag or comment
    # the input ends in is dropped. It reads a binary copy of the input by byte offsets (every
    # delimiter is ASCII), and every search moves forward, so it takes time linear in the input.
    # It calls, on `handler`: in_foreign_content?, start_tag(name, attributes, self_closing),
    # end_tag(name) and text(string).
    #
    # @example
    #   Rankquill::Webhooks::HtmlTokenizer.new("<p class=x>a &amp; b", handler).run
    #
    # @api private
    class HtmlTokenizer
      # Elements whose content is text up to their own end tag; title and textarea decode references.
      RAW_TEXT = %w[script style xmp iframe noembed noframes title textarea].freeze
      ESCAPABLE_RAW_TEXT = %w[title textarea].freeze
      STARTS_RAW_TEXT = (RAW_TEXT + %w[plaintext]).to_h { |name| [name, true] }.freeze
      # Text without `<`, then a tag without attributes (`<p>`, `<br/>`, `</p>`): most of an
      # article, read in two steps each.
      TEXT = /[^<]*+/n
      SIMPLE_TAG = %r{</?[A-Za-z][^\t\n\f\r />]*+/?>}n
      SLASH = 0x2F
      TAG_NAME = %r{[^\t\n\f\r />]*+}n
      # The end of a start tag: spaces and `/`s, then `>` or `/>`.
      TAG_END = %r{(?:[\t\n\f\r ]|/(?!>))*+(/?)>}n
      # One attribute, after spaces and `/`s: its name (which may start with `=`) and its value,
      # quoted or not. Possessive throughout: it never backtracks, so a scan is linear.
      ATTRIBUTE = Regexp.new(
        %q{(?:[\t\n\f\r ]|/(?!>))*+([^\t\n\f\r />][^\t\n\f\r />=]*+)} +
        %q{(?:[\t\n\f\r ]*+=[\t\n\f\r ]*+("[^"]*+"|'[^']*+'|[^\t\n\f\r >"'][^\t\n\f\r >]*+|(?=>)))?+},
        Regexp::NOENCODING
      )
      EQUALS_NEXT = /[\t\n\f\r ]*+=/n
      COMMENT_END = /--!?>/n
      ASCII_LETTER = /\A[A-Za-z]\z/n
      MARKUP_START = %r{<[A-Za-z/!?]}n
      NO_ATTRIBUTES = {}.freeze
      RAW_TEXT_ENDS = RAW_TEXT.to_h { |name| [name, %r{</#{name}(?=[\t\n\f\r />])}in] }.freeze

      # @param html [String]
      # @param handler [#in_foreign_content?, #start_tag, #end_tag, #text]
      def initialize(html, handler)
        @html = html.to_s.encode(Encoding::UTF_8, invalid: :replace, undef: :replace).b
        @scanner = StringScanner.new(@html)
        @handler = handler
        @index = 0 # where reading goes on
        @text_start = 0 # where the text not yet reported starts
        @names = {} # lower-case names, by their spelling in the input
        @simple_tags = {} # what simple_tag says, by the tag as written
      end

      def run
        html = @html
        # A `<` that starts nothing is text: only one followed by a letter, `/`, `!` or `?` matters.
        loop do
          next if simple_token
          break unless (opening = html.index(MARKUP_START, @index))

          following = html.byteslice(opening + 1, 1)
          goes_on =
            case following
            when "/" then end_tag(opening)
            when "!" then markup_declaration(opening)
            when "?" then skip_to(opening, html.index(">", opening + 2), 1)
            else start_tag(opening)
            end
          return unless goes_on
        end
        flush_text(html.bytesize)
      end

      private

      def utf8(from, to) = @html.byteslice(from, to - from).force_encoding(Encoding::UTF_8)

      def lower(name) = @names[name] ||= name.tr("A-Z", "a-z").force_encoding(Encoding::UTF_8).freeze

      # Reports the text before `finish` and moves on to `resume`.
      def flush_text(finish, resume = finish)
        @handler.text(CharacterReference.decode(utf8(@text_start, finish), attribute: false)) if finish > @text_start
        @index = @text_start = resume
      end

      # Drops the markup from `opening` through `finish` (plus `size` bytes); false when it runs out.
      def skip_to(opening, finish, size)
        flush_text(opening, finish.nil? ? @html.bytesize : finish + size)
        !finish.nil?
      end

      # Text and a tag without attributes that starts no raw text, read in one step; true when it
      # read them.
      def simple_token
        @scanner.pos = @index
        text_end = @index + @scanner.skip(TEXT).to_i
        return false unless (tag = @scanner.scan(SIMPLE_TAG))

        closing, name, self_closing = @simple_tags[tag] ||= simple_tag(tag)
        return false if !closing && STARTS_RAW_TEXT.key?(name)

        flush_text(text_end, @scanner.pos)
        closing ? @handler.end_tag(name) : @handler.start_tag(name, NO_ATTRIBUTES, self_closing)
        true
      end

      # [end tag?, lower-case name, self-closing?] of a tag without attributes, as written.
      def simple_tag(tag)
        closing = tag.getbyte(1) == SLASH
        slash_end = tag.getbyte(-2) == SLASH # `/>`; after a name, so never the `/` of `</`
        start = closing ? 2 : 1
        [closing, lower(tag.byteslice(start, tag.bytesize - start - (slash_end ? 2 : 1))), slash_end].freeze
      end

      def start_tag(opening)
        foreign = @handler.in_foreign_content?
        tag = read_tag(opening + 1)
        flush_text(opening, tag ? tag[3] : @html.bytesize)
        return false unless tag

        name, attributes, self_closing, finish = tag
        @handler.start_tag(name, attributes, self_closing)
        return true if foreign
        return plaintext(finish) if name == "plaintext"

        raw_text(name, finish) if RAW_TEXT.include?(name)
        true
      end

      def plaintext(start)
        @handler.text(utf8(start, @html.bytesize)) if start < @html.bytesize
        false
      end

      # Text up to `</name` followed by a space, `/` or `>` (its end tag is read next), or to the end.
      def raw_text(name, start)
        found = @html.index(RAW_TEXT_ENDS.fetch(name), start) || @html.bytesize
        if found > start
          text = utf8(start, found)
          @handler.text(ESCAPABLE_RAW_TEXT.include?(name) ? CharacterReference.decode(text, attribute: false) : text)
        end
        @index = @text_start = found
      end

      def end_tag(opening)
        first = @html.byteslice(opening + 2, 1)
        if first.empty?
          @index = opening + 2 # `</` at the very end is text
          return true
        end
        return skip_to(opening, opening + 2, 1) if first == ">" # `</>` is nothing
        # A bogus comment:
        return skip_to(opening, @html.index(">", opening + 2), 1) unless ASCII_LETTER.match?(first)

        tag = read_tag(opening + 2)
        flush_text(opening, tag ? tag[3] : @html.bytesize)
        @handler.end_tag(tag[0]) if tag
        !tag.nil?
      end

      def markup_declaration(opening)
        html = @html
        if html.byteslice(opening, 4) == "<!--"
          start = opening + 4
          # `<!-->` and `<!--->` are empty comments.
          return skip_to(opening, start, 1) if html.byteslice(start, 1) == ">"
          return skip_to(opening, start + 1, 1) if html.byteslice(start, 2) == "->"

          found = html.index(COMMENT_END, start)
          return skip_to(opening, found, found ? Regexp.last_match(0).bytesize : 0)
        end
        return cdata(opening) if html.byteslice(opening, 9) == "<![CDATA["

        skip_to(opening, html.index(">", opening + 2), 1)
      end

      def cdata(opening)
        found = @html.index("]]>", opening + 9)
        if found && found > opening + 9 && @handler.in_foreign_content?
          flush_text(opening, opening)
          @handler.text(utf8(opening + 9, found))
        end
        skip_to(opening, found, 3)
      end

      # The tag whose name starts at `start` (after `<` or `</`): [lower-case name, attributes
      # (values decoded, the first of duplicates kept), self-closing?, where it ends]; nil when
      # the input ends first.
      def read_tag(start)
        @scanner.pos = start
        name = lower(@scanner.scan(TAG_NAME).to_s)
        attributes = {}
        loop do
          return [name, attributes, !@scanner[1].empty?, @scanner.pos] if @scanner.scan(TAG_END)
          return nil unless @scanner.scan(ATTRIBUTE)

          attribute = lower(@scanner[1])
          value = @scanner[2]
          # A name then `=` but no value: a quote the input never closes, or the end of the input.
          return nil if value.nil? && @scanner.match?(EQUALS_NEXT)

          attributes[attribute] = attribute_value(value) unless attributes.key?(attribute)
        end
      end

      def attribute_value(raw)
        return "" if raw.nil? || raw.empty?

        raw = raw[1...-1] if raw.start_with?('"', "'")
        CharacterReference.decode(raw.force_encoding(Encoding::UTF_8), attribute: true)
      end
    end
  end
end
