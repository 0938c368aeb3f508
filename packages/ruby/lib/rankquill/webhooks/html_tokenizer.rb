# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Splits HTML into tokens the way the TypeScript sanitizer's parser (htmlparser2 12, HTML mode,
    # entities decoded) does, so that every language's sanitizer sees the same tree: raw-text
    # elements (`script`, `style`, `xmp`, `iframe`, `noembed`, `noframes`, `title`, `textarea`,
    # and `plaintext` to the end), comments, CDATA and bogus comments, character references
    # (legacy ones without `;` included), and tag and attribute names that end only at space, tab,
    # LF, FF, CR, `/` or `>`. It calls, on `handler`: text(string), open_tag_name(name),
    # attribute_name(name), attribute_data(string), attribute_end, open_tag_end, self_closing_tag,
    # close_tag(name), cdata(string), foreign? and finish.
    #
    # One short method per state of HTML's tokenizer: the loop, text and character references
    # live here; the states of tags (TagStates), of their attributes (AttributeStates), of
    # raw-text elements (RawTextStates) and of comments, CDATA and declarations
    # (MarkupDeclarationStates) in the modules it includes.
    #
    # @example
    #   Rankquill::Webhooks::HtmlTokenizer.new("<p>Hi</p>", handler).run
    #
    # @api private
    class HtmlTokenizer
      include TagStates
      include AttributeStates
      include RawTextStates
      include MarkupDeclarationStates

      LT = 0x3C
      GT = 0x3E
      AMP = 0x26
      SLASH = 0x2F
      EQUALS = 0x3D
      DASH = 0x2D
      DOUBLE_QUOTE = 0x22
      SINGLE_QUOTE = 0x27
      WHITESPACE = { 0x20 => true, 0x0A => true, 0x09 => true, 0x0C => true, 0x0D => true }.freeze
      CDATA_START = "CDATA[".codepoints.freeze
      CDATA_END = "]]>".codepoints.freeze
      COMMENT_END = "--!>".codepoints.freeze
      DOCTYPE = "doctype".codepoints.freeze
      SEQUENCES = %w[iframe noembed noframes plaintext script style title textarea xmp]
                  .to_h { |name| [name, "</#{name}".codepoints.freeze] }.freeze
      # The raw-text element a tag name starting with this lower-case letter may be.
      SPECIAL_START = %w[iframe noembed plaintext script title xmp].to_h { |name| [name.ord, SEQUENCES[name]] }.freeze
      # Raw text in which character references are decoded.
      RCDATA = [SEQUENCES["title"], SEQUENCES["textarea"]].freeze

      STATES = %i[text special_start_sequence cdata_sequence comment_like special_tag plain_text before_tag_name
                  tag_name before_closing_tag_name closing_tag_name after_closing_tag_name before_attribute_name
                  self_closing_tag attribute_name after_attribute_name before_attribute_value
                  attribute_value_double attribute_value_single attribute_value_unquoted before_declaration
                  declaration_sequence declaration before_comment special_comment].freeze
      STATE_METHODS = STATES.to_h { |state| [state, :"state_#{state}"] }.freeze
      # States whose every character but this one (and `&`) is plain data.
      FAST_STATES = { text: LT, attribute_value_double: DOUBLE_QUOTE, attribute_value_single: SINGLE_QUOTE }.freeze
      # States that read a name, ended by a space, `/`, `>` (or `=` for an attribute's).
      NAME_STATES = { tag_name: true, closing_tag_name: true, attribute_name: true }.freeze
      private_constant :STATES, :STATE_METHODS, :FAST_STATES, :NAME_STATES

      def initialize(html, handler)
        @input = html.to_s.encode(Encoding::UTF_8, invalid: :replace, undef: :replace).codepoints
        @handler = handler
        @state = :text
        @section_start = 0
        @index = 0
        @special = false
        @sequence = []
        @sequence_index = 0
      end

      def run
        input = @input
        length = input.length
        while @index < length
          code = input[@index]
          next if skip_plain(input, length, code)

          send(STATE_METHODS.fetch(@state), code)
          @index += 1
        end
        cleanup
        trailing_data
        @handler.finish
      end

      private

      # Plain text, quoted values and names need no step per character: moves on to the next
      # character that matters and answers true, or answers false to step on `code`.
      def skip_plain(input, length, code)
        stop = FAST_STATES[@state]
        if stop
          return false if code == stop || code == AMP

          @index += 1 while @index < length && (code = input[@index]) != stop && code != AMP
        else
          return false unless NAME_STATES.key?(@state) && !name_end?(code)

          @index += 1 while @index < length && !name_end?(input[@index])
        end
        true
      end

      def name_end?(code) = code == EQUALS || end_of_tag_section?(code)
      def slice(from, to) = @input[from...to].pack("U*")
      def whitespace?(code) = WHITESPACE.key?(code)
      def end_of_tag_section?(code) = code == SLASH || code == GT || whitespace?(code)
      def alpha?(code) = (code >= 0x61 && code <= 0x7A) || (code >= 0x41 && code <= 0x5A)

      # Moves to the next `code` (true), or to the last codepoint (false).
      def fast_forward_to(code)
        @index += 1
        @index += 1 while @index < @input.length && @input[@index] != code
        return true if @index < @input.length

        @index = @input.length - 1
        false
      end

      def state_text(code)
        case code
        when LT
          @handler.text(slice(@section_start, @index)) if @index > @section_start
          @state = :before_tag_name
          @section_start = @index
        when AMP
          entity(attribute: false)
        end
      end

      # Decodes the reference at @index, flushing what comes before it.
      def entity(attribute:)
        decoded, length = CharacterReference.decode(@input, @index, attribute: attribute)
        return unless decoded

        event = attribute ? :attribute_data : :text
        @handler.public_send(event, slice(@section_start, @index)) if @section_start < @index
        @handler.public_send(event, decoded)
        @section_start = @index + length
        @index = @section_start - 1
      end

      # Text left when the input ends (an unterminated attribute's value is dropped with its tag).
      def cleanup
        return if @section_start == @index

        text = @state == :text || @state == :plain_text || (@state == :special_tag && @sequence_index.zero?)
        return unless text

        @handler.text(slice(@section_start, @index))
        @section_start = @index
      end

      MARKUP_STATES = %i[comment_like before_declaration special_comment before_comment cdata_sequence
                         declaration_sequence declaration].freeze
      TAG_STATES = %i[tag_name before_attribute_name before_attribute_value after_attribute_name attribute_name
                      attribute_value_single attribute_value_double attribute_value_unquoted
                      closing_tag_name].freeze
      private_constant :MARKUP_STATES, :TAG_STATES

      # An unterminated comment, declaration or tag is removed; anything else left is text.
      def trailing_data
        return if MARKUP_STATES.include?(@state) || @section_start >= @input.length || TAG_STATES.include?(@state)

        @handler.text(slice(@section_start, @input.length))
      end
    end
  end
end
