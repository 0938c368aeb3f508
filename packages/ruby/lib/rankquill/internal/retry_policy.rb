# frozen_string_literal: true

module Rankquill
  module Internal
    # When to retry and how long to wait, as the TypeScript SDK does: connection errors, timeouts,
    # 408, 429 and 5xx are retried; the wait doubles from 0.5 s up to 8 s with up to 25% jitter;
    # on 429 and 503 the server's Retry-After (or X-RateLimit-Reset) decides instead. When
    # Retry-After asks for more than a minute the client does not wait but raises at once, so the
    # caller decides (see RateLimitError#retry_after).
    module RetryPolicy
      MAX_SERVER_WAIT = 60.0
      # Reset values below this are seconds to wait; above it, Unix seconds (2024-01-01).
      EARLIEST_RESET_TIMESTAMP = 1_704_067_200

      module_function

      # Seconds to wait before retry number `retry_number` (1 for the first) after a failed
      # connection.
      def after_connection_error(retry_number)
        backoff(retry_number)
      end

      # Seconds to wait before retry number `retry_number` after an answer with `status`, or nil
      # when it is not retried. `headers` have lower-case names.
      def after_status(status, headers, retry_number)
        return nil unless status == 408 || status == 429 || (500..599).cover?(status)

        retry_after = headers["retry-after"]
        retry_after_wait = retry_after && wait_for(retry_after, may_be_timestamp: false)
        return nil if retry_after_wait && retry_after_wait > MAX_SERVER_WAIT

        if [429, 503].include?(status)
          reset = headers["x-ratelimit-reset"]
          server_wait = retry_after ? retry_after_wait : reset && wait_for(reset, may_be_timestamp: true)
          return [server_wait, MAX_SERVER_WAIT].min if server_wait
        end
        backoff(retry_number)
      end

      def backoff(retry_number)
        [0.5 * (2**(retry_number - 1)), 8.0].min * (1 - (rand * 0.25))
      end

      # A header's wait in seconds: a number of seconds, an HTTP date, or (for reset headers)
      # Unix seconds.
      def wait_for(value, may_be_timestamp:)
        if value.match?(/\A\d+\z/)
          seconds = Integer(value, 10)
          return [seconds - Time.now.to_f, 0.0].max if may_be_timestamp && seconds >= EARLIEST_RESET_TIMESTAMP

          return seconds.to_f
        end
        [http_date(value) - Time.now.to_f, 0.0].max if http_date(value)
      end

      def http_date(value)
        Time.httpdate(value).to_f
      rescue ArgumentError
        nil
      end
    end
  end
end
