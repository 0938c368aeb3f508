# frozen_string_literal: true

module Rankquill
  module Webhooks
    class HtmlTokenizer
      # The states inside a raw-text element (`script`, `style`, `title`, `textarea`, ...): they
      # recognise the element's name as it opens, then look only for its end tag, and
      # `plaintext` swallows the rest of the input.
      module RawTextStates
        private

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
      end
    end
  end
end
