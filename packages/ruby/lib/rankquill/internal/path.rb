# frozen_string_literal: true

module Rankquill
  module Internal
    # Builds request paths from ids, checking and percent-encoding every one, so an id can never
    # reach another route (`"a/b"` becomes `a%2Fb`; `"."`, `".."` and `""` are refused).
    module Path
      UNRESERVED = /[^A-Za-z0-9\-._~]/
      PLACEHOLDER = /\{(\w+)\}/
      # Each operation's path as a format string, its placeholders (in path_params order) as `%s`:
      # built once, so a call formats instead of matching a pattern.
      TEMPLATES = Generated::OPERATIONS.transform_values do |operation|
        operation.path.gsub("%", "%%").gsub(PLACEHOLDER, "%s").freeze
      end.freeze

      module_function

      # The path of `operation` (a Generated::Operation) under its base, each `{name}` replaced by
      # the id at the same place of `ids` (the order of its `path_params`).
      # @example
      #   Path.build(Generated::OPERATIONS.fetch("content.retrieve"), ["proj_1", "a/b"])
      #   # => "/projects/proj_1/content/a%2Fb"
      def build(operation, ids)
        names = operation.path_params
        unless ids.length == names.length
          raise ArgumentError, "#{operation.id} takes #{names.length} ids (#{names.join(", ")}), got #{ids.length}."
        end

        format(TEMPLATES.fetch(operation.id), *names.zip(ids).map { |name, value| segment(name, value) })
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
