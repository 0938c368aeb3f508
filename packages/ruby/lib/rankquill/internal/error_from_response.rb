# frozen_string_literal: true

module Rankquill
  module Internal
    # The error for a non-2xx answer: the class by status, the fields from a main API body
    # (`{"error": {"type", "message", "param", "request_id"}}`) or a public article API body
    # (`{"success": false, "error": "<message>"}`).
    module ErrorFromResponse
      CLASS_BY_STATUS = {
        400 => BadRequestError,
        401 => AuthenticationError,
        404 => NotFoundError,
        409 => ConflictError,
        429 => RateLimitError
      }.freeze

      module_function

      # @param body [String] the answer's text
      # @param headers [Hash{String => String}] lower-case names
      # @param message [String, nil] replaces the body's (the client knows better: a wrong address)
      def build(status, body, headers, message: nil)
        parsed = parse(body)
        details = parsed.is_a?(Hash) ? parsed[:error] : nil
        fields = details.is_a?(Hash) ? details : {}
        message ||= text(fields[:message]) || (details if details.is_a?(String) && !details.empty?) ||
                    fallback_message(status, body)
        error_class = CLASS_BY_STATUS.fetch(status) { status >= 500 ? InternalServerError : APIError }
        error_class.new(
          message,
          status: status,
          type: text(fields[:type]),
          param: text(fields[:param]),
          request_id: text(fields[:request_id]) || headers["x-request-id"],
          headers: headers,
          body: parsed || body
        )
      end

      def parse(body)
        JSON.parse(body, symbolize_names: true) if body && !body.empty?
      rescue JSON::ParserError
        nil
      end

      def text(value)
        value.is_a?(String) ? value : nil
      end

      def fallback_message(status, body)
        return "The API answered with status #{status} and no error message." if body.nil? || body.strip.empty?

        "#{status}: #{body[0, Generated::ClientPolicy::ERROR_EXCERPT_CHARS]}"
      end
    end
  end
end
