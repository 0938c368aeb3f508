# frozen_string_literal: true

module Rankquill
  module Webhooks
    class HtmlTokenizer
      # The states after `<!` and `<?`: comments (with every way HTML lets one end), CDATA
      # sections, the doctype declaration and bogus comments. Only CDATA reaches the handler; the
      # rest is dropped.
      module MarkupDeclarationStates
        private

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
      end
    end
  end
end
