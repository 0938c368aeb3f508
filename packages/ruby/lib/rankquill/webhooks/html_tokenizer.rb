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
    # @example
    #   Rankquill::Webhooks::HtmlTokenizer.new("<p>Hi</p>", handler).run
    class HtmlTokenizer # rubocop:disable Metrics/ClassLength -- one short method per state of HTML's tokenizer
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

      def enter_tag_body
        if @sequence.equal?(SEQUENCES["plaintext"])
          @sequence = []
          @state = :plain_text
        elsif @special
          @state = :special_tag
          @sequence_index = 0
        else
          @state = :text
        end
      end

      def state_special_start_sequence(code)
        lower = code | 0x20
        if @sequence_index < @sequence.length
          if lower == @sequence[@sequence_index]
            @sequence_index += 1
            return
          end
          return if switch_sequence(lower)
        elsif end_of_tag_section?(code)
          @sequence_index = 0
          @state = :tag_name
          state_tag_name(code)
          return
        end
        @special = false
        @sequence = []
        @sequence_index = 0
        @state = :tag_name
        state_tag_name(code)
      end

      # `</s` may be script or style, `</t` title or textarea, `</no` noembed or noframes.
      def switch_sequence(lower)
        options = { 3 => { SEQUENCES["script"] => "style", SEQUENCES["title"] => "textarea" },
                    4 => { SEQUENCES["noembed"] => "noframes" } }
        name = options.dig(@sequence_index, @sequence)
        return false unless name && lower == SEQUENCES[name][@sequence_index]

        @sequence = SEQUENCES[name]
        @sequence_index += 1
        true
      end

      def state_cdata_sequence(code)
        if code == CDATA_START[@sequence_index]
          @sequence_index += 1
          return unless @sequence_index == CDATA_START.length

          @state = :comment_like
          @sequence = CDATA_END
          @sequence_index = 0
          @section_start = @index + 1
        else
          @sequence_index = 0
          @state = :special_comment
          state_special_comment(code)
        end
      end

      def state_comment_like(code)
        return if @sequence.equal?(COMMENT_END) && comment_ending(code)

        if code == @sequence[@sequence_index]
          @sequence_index += 1
          return unless @sequence_index == @sequence.length

          @handler.cdata(slice(@section_start, @index - 2)) if @sequence.equal?(CDATA_END)
          end_comment
        elsif @sequence_index.zero?
          @sequence_index = 1 if fast_forward_to(@sequence[0])
        elsif code != @sequence[@sequence_index - 1]
          @sequence_index = 0
        end
      end

      # The ways a comment ends besides `--!>`: `<!-->`, `<!--->`, `-->`; `--!` then another
      # character starts over. Answers true when it handled `code`.
      def comment_ending(code)
        abrupt = @sequence_index <= 1 && @index == @section_start + @sequence_index
        if code == GT && (abrupt || @sequence_index == 2)
          end_comment
        elsif @sequence_index == COMMENT_END.length - 1 && code != GT
          @sequence_index = code == DASH ? 1 : 0
        else
          return false
        end
        true
      end

      def end_comment
        @sequence_index = 0
        @section_start = @index + 1
        @state = :text
      end

      def state_special_tag(code)
        if @sequence_index == @sequence.length
          return end_raw_text(code) if end_of_tag_section?(code)

          @sequence_index = 0
        end
        if (code | 0x20) == @sequence[@sequence_index]
          @sequence_index += 1
        elsif @sequence_index.zero?
          if RCDATA.any? { |sequence| sequence.equal?(@sequence) }
            entity(attribute: false) if code == AMP
          elsif fast_forward_to(LT)
            @sequence_index = 1
          end
        else
          @sequence_index = code == LT ? 1 : 0
        end
      end

      # `</name` then a space, `/` or `>`: the raw text ends, the end tag is read.
      def end_raw_text(code)
        end_of_text = @index - @sequence.length
        @handler.text(slice(@section_start, end_of_text)) if @section_start < end_of_text
        @special = false
        @section_start = end_of_text + 2
        state_closing_tag_name(code)
      end

      def state_plain_text(_code)
        @index = @input.length - 1
      end

      def state_before_tag_name(code)
        if code == 0x21
          @state = :before_declaration
          @section_start = @index + 1
        elsif code == 0x3F
          @state = :special_comment
          @section_start = @index
        elsif alpha?(code)
          @section_start = @index
          special = @handler.foreign? ? nil : SPECIAL_START[code | 0x20]
          if special
            @special = true
            @sequence = special
            @sequence_index = 3
            @state = :special_start_sequence
          else
            @state = :tag_name
          end
        elsif code == SLASH
          @state = :before_closing_tag_name
        else
          @state = :text
          state_text(code)
        end
      end

      def state_tag_name(code)
        return unless end_of_tag_section?(code)

        @handler.open_tag_name(slice(@section_start, @index))
        @section_start = -1
        @state = :before_attribute_name
        state_before_attribute_name(code)
      end

      def state_before_closing_tag_name(code)
        if whitespace?(code)
          @state = :special_comment
          @section_start = @index
        elsif code == GT
          @state = :text
          @section_start = @index + 1
        else
          @state = alpha?(code) ? :closing_tag_name : :special_comment
          @section_start = @index
        end
      end

      def state_closing_tag_name(code)
        return unless end_of_tag_section?(code)

        @handler.close_tag(slice(@section_start, @index))
        @section_start = -1
        @state = :after_closing_tag_name
        state_after_closing_tag_name(code)
      end

      def state_after_closing_tag_name(code)
        return unless code == GT || fast_forward_to(GT)

        @state = :text
        @section_start = @index + 1
      end

      def state_before_attribute_name(code)
        if code == GT
          @handler.open_tag_end
          enter_tag_body
          @section_start = @index + 1
        elsif code == SLASH
          @state = :self_closing_tag
        elsif !whitespace?(code)
          @state = :attribute_name
          @section_start = @index
        end
      end

      def state_self_closing_tag(code)
        if code == GT
          @handler.self_closing_tag
          @section_start = @index + 1
          enter_tag_body
        elsif !whitespace?(code)
          @state = :before_attribute_name
          state_before_attribute_name(code)
        end
      end

      def state_attribute_name(code)
        return unless code == EQUALS || end_of_tag_section?(code)

        @handler.attribute_name(slice(@section_start, @index))
        @section_start = @index
        @state = :after_attribute_name
        state_after_attribute_name(code)
      end

      def state_after_attribute_name(code)
        if code == EQUALS
          @state = :before_attribute_value
        elsif [SLASH, GT].include?(code)
          @handler.attribute_end
          @section_start = -1
          @state = :before_attribute_name
          state_before_attribute_name(code)
        elsif !whitespace?(code)
          @handler.attribute_end
          @state = :attribute_name
          @section_start = @index
        end
      end

      def state_before_attribute_value(code)
        if code == DOUBLE_QUOTE
          @state = :attribute_value_double
          @section_start = @index + 1
        elsif code == SINGLE_QUOTE
          @state = :attribute_value_single
          @section_start = @index + 1
        elsif !whitespace?(code)
          @section_start = @index
          @state = :attribute_value_unquoted
          state_attribute_value_unquoted(code)
        end
      end

      def state_attribute_value_double(code) = quoted_value(code, DOUBLE_QUOTE)
      def state_attribute_value_single(code) = quoted_value(code, SINGLE_QUOTE)

      def quoted_value(code, quote)
        if code == quote
          @handler.attribute_data(slice(@section_start, @index))
          @section_start = -1
          @handler.attribute_end
          @state = :before_attribute_name
        elsif code == AMP
          entity(attribute: true)
        end
      end

      def state_attribute_value_unquoted(code)
        if whitespace?(code) || code == GT
          @handler.attribute_data(slice(@section_start, @index))
          @section_start = -1
          @handler.attribute_end
          @state = :before_attribute_name
          state_before_attribute_name(code)
        elsif code == AMP
          entity(attribute: true)
        end
      end

      def state_before_declaration(code)
        if code == 0x5B
          @state = :cdata_sequence
          @sequence_index = 0
        elsif (code | 0x20) == DOCTYPE[0]
          @state = :declaration_sequence
          @sequence = DOCTYPE
          @sequence_index = 1
        elsif code == GT
          end_comment
        else
          @state = code == DASH ? :before_comment : :special_comment
        end
      end

      def state_declaration_sequence(code)
        if @sequence_index == @sequence.length
          @state = :declaration
          state_declaration(code)
        elsif (code | 0x20) == @sequence[@sequence_index]
          @sequence_index += 1
        elsif code == GT
          end_comment
        else
          @state = :special_comment
        end
      end

      def state_declaration(code)
        end_comment if code == GT || fast_forward_to(GT)
      end

      def state_before_comment(code)
        case code
        when DASH
          @state = :comment_like
          @sequence = COMMENT_END
          @sequence_index = 0
          @section_start = @index + 1
        when GT
          end_comment
        else
          @state = :special_comment
        end
      end

      def state_special_comment(code)
        end_comment if code == GT || fast_forward_to(GT)
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
