# frozen_string_literal: true

module Rankquill
  module Webhooks
    # A delivery's Standard Webhooks headers are missing, stale or do not match.
    #
    # @example
    #   rescue Rankquill::Webhooks::SignatureError => e
    #     e.error_type # => :timestamp_outside_tolerance
    class SignatureError < Error
      # @return [Symbol] :missing_header, :invalid_timestamp, :timestamp_outside_tolerance or
      #   :signature_mismatch
      attr_reader :error_type

      def initialize(error_type, message)
        @error_type = error_type
        super(message)
      end
    end
  end
end
