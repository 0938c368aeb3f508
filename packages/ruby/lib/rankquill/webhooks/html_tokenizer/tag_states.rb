# frozen_string_literal: true

module Rankquill
  module Webhooks
    class HtmlTokenizer
      # The states of a start or end tag: its name, and between its attributes (AttributeStates) up
      # to `>` or `/>`.
      module TagStates
        private

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
      end
    end
  end
end
