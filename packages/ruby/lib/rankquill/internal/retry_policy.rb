# frozen_string_literal: true

module Rankquill
  module Internal
    # When to retry and how long to wait, as the TypeScript SDK does: connection errors, timeouts,
    # 408, 429 and 5xx are retried; the wait doubles from 0.5 s up to 8 s with up to 25% jitter;
    # on 429 and 503 the server's Retry-After (or X-RateLimit-Reset) decides instead. When
    # Retry-After asks for more than a minute the client does not wait but raises at once, so the
    # caller decides (see RateLimitError#retry_after).
    #
    # Every method takes `now:` (a Time, for header dates) and `random:` (a Float in 0...1, for
    # the jitter), which default to the clock and Kernel#rand; the shared retry vectors pass their
    # own.
    #
    # @example
    #   RetryPolicy.after_status(503, { "retry-after" => "2" }, 1) # => 2.0
    #   RetryPolicy.after_connection_error(1, random: 0.0)         # => 0.5
    module RetryPolicy
      MAX_SERVER_WAIT = 60.0
      # Reset values below this are seconds to wait; above it, Unix seconds (2024-01-01).
      EARLIEST_RESET_TIMESTAMP = 1_704_067_200

      module_function

      # Seconds to wait before retry number `retry_number` (1 for the first) after a failed
      # connection or a timeout.
      def after_connection_error(retry_number, random: Kernel.rand)
        backoff(retry_number, random)
      end

      # Seconds to wait before retry number `retry_number` after an answer with `status`, or nil
      # when it is not retried. `headers` have lower-case names.
      def after_status(status, headers, retry_number, now: Time.now, random: Kernel.rand)
        return nil unless status == 408 || status == 429 || (500..599).cover?(status)

        retry_after = headers["retry-after"]
        retry_after_wait = retry_after && wait_for(retry_after, now, may_be_timestamp: false)
        return nil if retry_after_wait && retry_after_wait > MAX_SERVER_WAIT

        if [429, 503].include?(status)
          reset = headers["x-ratelimit-reset"]
          server_wait = retry_after_wait || (reset && wait_for(reset, now, may_be_timestamp: true))
          return [server_wait, MAX_SERVER_WAIT].min if server_wait
        end
        backoff(retry_number, random)
      end

      def backoff(retry_number, random)
        [0.5 * (2**(retry_number - 1)), 8.0].min * (1 - (random * 0.25))
      end

      # A header's wait in seconds: a number of seconds, an HTTP date, or (for reset headers)
      # Unix seconds; nil when it is none of these. Rationals, so that a wait counted from a Unix
      # time keeps its milliseconds.
      def wait_for(value, now, may_be_timestamp:)
        if value.match?(/\A\d+\z/)
          seconds = Integer(value, 10)
          return [seconds - now.to_r, 0].max.to_f if may_be_timestamp && seconds >= EARLIEST_RESET_TIMESTAMP

          return seconds.to_f
        end
        at = http_date(value)
        [at - now.to_r, 0].max.to_f if at
      end

      def http_date(value)
        Time.httpdate(value).to_r
      rescue ArgumentError
        nil
      end
    end
  end
end
