# frozen_string_literal: true

module Rankquill
  module Internal
    # Builds request paths from ids, checking and percent-encoding every one, so an id can never
    # reach another route (`"a/b"` becomes `a%2Fb`; `"."`, `".."` and `""` are refused).
    module Path
      UNRESERVED = /[^A-Za-z0-9\-._~]/

      module_function

      # @example
      #   Path.build("/projects/%s/content/%s", project_id: "proj_1", content_id: "cnt_2")
      #   # => "/projects/proj_1/content/cnt_2"
      def build(template, **ids)
        format(template, *ids.map { |name, value| segment(name, value) })
      end

      # One checked, percent-encoded path segment.
      def segment(name, value)
        unless value.is_a?(String) || value.is_a?(Symbol)
          raise ArgumentError, "#{name} must be an id String, got #{value.class}."
        end

        text = value.to_s
        if text.empty? || text == "." || text == ".."
          raise ArgumentError, "#{name} must be a non-empty id other than \".\" and \"..\", got #{text.inspect}."
        end

        return text unless text.match?(UNRESERVED)

        text.b.gsub(UNRESERVED) { |byte| format("%%%02X", byte.ord) }
      end
    end
  end
end
