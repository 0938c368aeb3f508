# frozen_string_literal: true

module Rankquill
  module Webhooks
    class HtmlTokenizer
      # The states of one attribute of a start tag: its name, then its value (double-, single- or
      # unquoted, character references decoded).
      module AttributeStates
        private

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
      end
    end
  end
end
