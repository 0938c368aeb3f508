# frozen_string_literal: true

module Rankquill
  module Webhooks
    # The checks of an incoming event body, each problem a sentence naming the field.
    #
    # @api private
    module ArticleValidation
      JSON_KINDS = {
        string: [String], integer: [Integer], number: [Integer, Float], boolean: [TrueClass, FalseClass],
        array: [Array], object: [Hash]
      }.freeze

      module_function

      # An article (content.published, content.updated): title, slug and content are non-blank
      # strings; optional fields are strings (keywords an array of strings) or null.
      def problems(payload)
        missing = Receiver::REQUIRED_ARTICLE_FIELDS.reject do |name|
          payload[name].is_a?(String) && !payload[name].strip.empty?
        end
        invalid = Receiver::OPTIONAL_TEXT_FIELDS.reject { |name| payload[name].nil? || payload[name].is_a?(String) }
                                                .map { |name| "Invalid field #{name}: must be a string." }
        keywords = payload[:keywords]
        unless keywords.nil? || (keywords.is_a?(Array) && keywords.all?(String))
          invalid << "Invalid field keywords: must be an array of strings."
        end
        [*missing_sentence(missing), *invalid]
      end

      # Another event: its model's required fields are present (non-null unless nullable) and
      # every field given holds its JSON kind.
      def schema_problems(model, payload)
        missing = []
        invalid = []
        model.fields.each do |name, field|
          value = payload[name]
          if value.nil?
            missing << name if field[:required] && !(field[:nullable] && payload.key?(name))
          elsif (kinds = JSON_KINDS[field[:json]]) && kinds.none? { |kind| value.is_a?(kind) }
            invalid << "Invalid field #{name}: must be #{field[:json] == :integer ? "an" : "a"} #{field[:json]}."
          end
        end
        [*missing_sentence(missing), *invalid]
      end

      def missing_sentence(names)
        return [] if names.empty?

        ["Missing required field#{"s" if names.size > 1}: #{names.join(", ")}."]
      end
    end
  end
end
