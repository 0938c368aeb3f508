# frozen_string_literal: true

module Rankquill
  module Internal
    # When to retry and how long to wait, by the contract's client policy (Generated::ClientPolicy)
    # and the rules of packages/contract/vectors/retries.json: connection errors, timeouts, 408,
    # 429 and 5xx are retried; the wait doubles from 0.5 s up to 8 s, less up to 25% at random;
    # on 429 and 503 the server's Retry-After decides instead, else X-RateLimit-Reset when
    # X-RateLimit-Remaining is 0 and the reset is still ahead, cut to a minute. When Retry-After
    # asks for more than a minute the client does not wait but raises at once, so the caller
    # decides (see RateLimitError#retry_after).
    #
    # Both methods take `random:` (a Float in 0..1, for the jitter) and `after_status` also `now:`
    # (a Time, for header dates); they default to Kernel#rand and the clock.
    #
    # @example
    #   RetryPolicy.after_status(503, { "retry-after" => "2" }, 1) # => 2.0
    #   RetryPolicy.after_connection_error(1, random: 0.0)         # => 0.5
    module RetryPolicy
      POLICY = Generated::ClientPolicy
      WHOLE_SECONDS = /\A\d+\z/
      private_constant :POLICY, :WHOLE_SECONDS

      module_function

      # Seconds to wait before retry number `retry_number` (1 for the first) after a failed
      # connection or a timeout.
      def after_connection_error(retry_number, random: Kernel.rand)
        backoff(retry_number, random)
      end

      # Seconds to wait before retry number `retry_number` after an answer with `status`, or nil
      # when it is not retried. `headers` have lower-case names.
      def after_status(status, headers, retry_number, now: Time.now, random: Kernel.rand)
        return nil unless POLICY::RETRY_STATUSES.include?(status) || (500..599).cover?(status)

        retry_after = headers["retry-after"]&.then { |value| wait_for(value, now, may_be_timestamp: false) }
        return nil if retry_after && retry_after > POLICY::RETRY_MAX_SERVER_WAIT_SECONDS

        if POLICY::RETRY_SERVER_WAIT_STATUSES.include?(status)
          server_wait = retry_after || spent_limit_wait(headers, now)
          return [server_wait, POLICY::RETRY_MAX_SERVER_WAIT_SECONDS].min if server_wait
        end
        backoff(retry_number, random)
      end

      def backoff(retry_number, random)
        growing = POLICY::RETRY_INITIAL_DELAY_SECONDS * (2**(retry_number - 1))
        [growing, POLICY::RETRY_MAX_DELAY_SECONDS].min * (1 - (random * POLICY::RETRY_JITTER))
      end

      # The wait X-RateLimit-Reset asks for, only when X-RateLimit-Remaining is 0 (the limit is
      # spent) and the reset lies ahead. While requests remain the reset is "now", which says
      # nothing about an outage: clients that all retried at once would hit the service in step.
      def spent_limit_wait(headers, now)
        reset = headers["x-ratelimit-reset"]
        return nil unless reset && headers["x-ratelimit-remaining"]&.strip == "0"

        wait = wait_for(reset, now, may_be_timestamp: true)
        wait if wait&.positive?
      end

      # A header's wait in seconds: whole seconds, an HTTP date, or (for reset headers) a Unix
      # time in seconds; nil when it is none of these. Counted in Rationals, so that a wait from
      # a Unix time keeps its milliseconds.
      def wait_for(value, now, may_be_timestamp:)
        if value.match?(WHOLE_SECONDS)
          seconds = Integer(value, 10)
          timestamp = may_be_timestamp && seconds >= POLICY::RETRY_EARLIEST_RESET_TIMESTAMP_SECONDS
          return timestamp ? [seconds - now.to_r, 0].max.to_f : seconds.to_f
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
