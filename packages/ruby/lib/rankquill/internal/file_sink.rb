# frozen_string_literal: true

module Rankquill
  module Internal
    # Where a streamed file goes: an IO (anything with `write`), a path to create, or a block.
    module FileSink
      module_function

      # Answers [a callable taking each chunk (nil to read the body whole), a callable that closes
      # what was opened here (or nil)].
      def open(to, block)
        raise ArgumentError, "Pass either to: or a block, not both." if to && block
        return [block, nil] if block
        return [nil, nil] if to.nil?
        return [->(chunk) { to.write(chunk) }, nil] if to.respond_to?(:write)

        if to.is_a?(String) || to.respond_to?(:to_path)
          file = File.open(to, "wb")
          return [->(chunk) { file.write(chunk) }, -> { file.close }]
        end
        raise ArgumentError, "to: must be an IO (anything with #write) or a file path, got #{to.class}."
      end
    end
  end
end
