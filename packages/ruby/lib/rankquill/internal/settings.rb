# frozen_string_literal: true

module Rankquill
  module Internal
    # Reads and checks the options the clients share: key, address, timeout, retries.
    module Settings
      module_function

      # A value given, else the environment variable's (blank counts as absent).
      def value_or_env(value, name)
        return value unless value.nil?

        text = ENV.fetch(name, nil)&.strip
        text.nil? || text.empty? ? nil : text
      end

      # The key given, else the environment variable's; raises Error saying `how` to pass one.
      def api_key(value, name, how)
        key = value_or_env(value, name)
        raise Error, "No API key: #{how}." if key.nil? || key.to_s.empty?

        key.to_s
      end

      # The address given, else the environment variable's, checked; raises Error saying `how`.
      def base_url_or_env(value, name, how)
        base_url(value_or_env(value, name), how)
      end

      def base_url(value, how)
        raise Error, "No base URL: #{how}." if value.nil? || value.to_s.empty?

        uri = begin
          URI(value.to_s)
        rescue URI::InvalidURIError
          nil
        end
        unless uri.is_a?(URI::HTTP) && uri.host
          raise Error, "base_url #{value.to_s.inspect} is not an absolute http or https URL: #{how}."
        end

        value.to_s.sub(%r{/+\z}, "")
      end

      def timeout(value)
        return value if value.is_a?(Numeric) && value.positive?

        raise ArgumentError, "timeout must be a number of seconds above 0, got #{value.inspect}."
      end

      def max_retries(value)
        return value if value.is_a?(Integer) && value >= 0

        raise ArgumentError, "max_retries must be an Integer of 0 or more, got #{value.inspect}."
      end
    end
  end
end
