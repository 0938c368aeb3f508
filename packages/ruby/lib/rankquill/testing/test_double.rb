# frozen_string_literal: true

module Rankquill
  module Testing
    # The mock as a test double, on a MockServer handle: faults (an error status, a slow answer, a
    # lost answer) on chosen operations, and the journal of the requests the server received.
    # Every verb is scoped to the handle's account (its main key) and, for `publicArticles.get`,
    # to its project's public key, so tests on fresh accounts never see each other's faults or
    # requests. The Minitest and RSpec helpers remove the test's faults when it ends.
    #
    # `operation` is a contract operation id (`content.create`, `projects.retrieve`,
    # `publicArticles.get`, ...) or `"*"`; `times` is how many matching requests a fault applies
    # to (1 by default, nil until it is removed). Faults match in the order they were made, one
    # per request. A fault the server refuses (an unknown operation id, a status it does not
    # inject) raises MockServerError with the server's reason; an unknown operation's lists the
    # valid ids.
    #
    # @example
    #   mock.fail("content.create", 503, times: 2)
    #   article = mock.client.content.create(mock.project_id, keyword: "cold brew ratio") # retried twice
    #   mock.requests("content.create").map(&:status) # => [202, 503, 503]
    module TestDouble
      # Called with a project's public key, not the account's main key: a fault on them is scoped
      # by that key.
      PUBLIC_KEY_OPERATIONS = Generated::OPERATIONS.each_value.filter_map do |operation|
        operation.id if operation.base == "public-article-api"
      end.freeze
      JOURNAL_PAGE = 100
      private_constant :PUBLIC_KEY_OPERATIONS, :JOURNAL_PAGE

      # Makes the next `times` requests of this account to `operation` answer `status` (429, 500,
      # 502, 503 or 504) with the service's own error body and headers; a 429 carries
      # `Retry-After: 1` unless `headers` sets another. `headers` add to or override the answer's.
      # This is the mock's `fail`, not Kernel#fail: call it on the handle.
      # @return [Models::Fault]
      # @example
      #   mock.fail("content.create", 503, times: 2) # the third attempt succeeds
      #   mock.fail("projects.retrieve", 429, headers: { "Retry-After" => "2" })
      def fail(operation, status, times: 1, headers: nil)
        unless headers.nil? || headers.is_a?(Hash)
          raise ArgumentError, "headers must be a Hash of header names to values, got #{headers.inspect}."
        end

        action = { status: status }
        action[:headers] = headers.to_h { |name, value| [name.to_s, value.to_s] } if headers
        add_fault("fail", operation, action, times)
      end

      # Holds the next `times` matching requests for `milliseconds` of real time (1 to 120,000; the
      # mock clock does not move), then answers them for real.
      # @return [Models::Fault]
      # @example
      #   mock.delay("projects.retrieve", 3_000) # longer than a client's `timeout: 0.5`
      def delay(operation, milliseconds, times: 1)
        add_fault("delay", operation, { delay_ms: milliseconds }, times)
      end

      # Closes the connection of the next `times` matching requests with no answer. With
      # `after_commit: true` (the default) the operation runs and commits first: the lost answer,
      # which a retry with the same `Idempotency-Key` gets replayed; with false, it never runs.
      # @return [Models::Fault]
      # @example
      #   mock.disconnect("content.create") # the client retries; one article is made
      def disconnect(operation, after_commit: true, times: 1)
        add_fault("disconnect", operation, { disconnect: after_commit ? "after" : "before" }, times)
      end

      # #fail for the length of the block: the fault is removed when the block ends, even one that
      # has not run out of `times` (nil: until removed). Answers the block's value.
      # @yieldparam fault [Models::Fault]
      # @example
      #   mock.failing("content.create", 500, times: nil) do
      #     assert_raises(Rankquill::InternalServerError) { client.content.create(mock.project_id, keyword: "x") }
      #   end
      def failing(operation, status, times: 1, headers: nil, &block)
        while_active("failing", block) { fail(operation, status, times: times, headers: headers) }
      end

      # #delay for the length of the block; the fault is removed when it ends.
      # @yieldparam fault [Models::Fault]
      # @example
      #   mock.delaying("content.list", 2_000, times: nil) { slow_page_test }
      def delaying(operation, milliseconds, times: 1, &block)
        while_active("delaying", block) { delay(operation, milliseconds, times: times) }
      end

      # #disconnect for the length of the block; the fault is removed when it ends.
      # @yieldparam fault [Models::Fault]
      # @example
      #   mock.disconnecting("content.create", after_commit: false) { create_with_retries }
      def disconnecting(operation, after_commit: true, times: 1, &block)
        while_active("disconnecting", block) { disconnect(operation, after_commit: after_commit, times: times) }
      end

      # This account's active faults (and those on its project's public key), in matching order.
      # @return [Array<Models::Fault>]
      # @example
      #   mock.faults.map(&:operation) # => ["content.create"]
      def faults
        Models::FaultList.wrap(test_double_call("faults", "admin.faults.list", query: scope_query)).data
      end

      # Removes one fault (a Models::Fault or its id). Answers false when it was gone already: it
      # ran out of `times`.
      # @return [Boolean]
      # @example
      #   fault = mock.fail("content.create", 503, times: nil)
      #   mock.remove_fault(fault) # => true
      def remove_fault(fault)
        id = fault.is_a?(Models::Fault) ? fault.id : fault
        unless id.is_a?(String)
          raise ArgumentError, "remove_fault takes a Models::Fault or its id (flt_…), got #{id.inspect}."
        end

        test_double_call("remove_fault", "admin.faults.delete", ids: [id])
        true
      rescue MockServerError => e
        return false if e.cause.is_a?(NotFoundError)

        raise
      end

      # Removes every fault of this account and of its project's public key; answers how many.
      # @return [Integer]
      # @example
      #   mock.clear_faults # => 0
      def clear_faults
        test_double_call("clear_faults", "admin.faults.clear", query: scope_query).fetch(:deleted)
      end

      # The requests this account and its project's public key made, newest first, as the server's
      # journal recorded them (keys and secrets by their first 8 characters and `…` only); those
      # to `operation` only, when given.
      # @return [Array<Models::RequestJournalEntry>]
      # @example
      #   attempts = mock.requests("content.create")
      #   attempts.map(&:idempotency_key).uniq.size # => 1
      def requests(operation = nil)
        entries = []
        offset = 0
        loop do
          query = scope_query.merge(operation: operation, limit: JOURNAL_PAGE, offset: offset).compact
          page = test_double_call("requests", "admin.requests.list", query: query)
          entries.concat(page.fetch(:data).map { |entry| Models::RequestJournalEntry.wrap(entry) })
          return entries unless page.dig(:pagination, :has_more) && !page.fetch(:data).empty?

          offset += page.fetch(:data).size
        end
      end

      # Forgets this account's requests in the journal; answers how many.
      # @return [Integer]
      # @example
      #   mock.clear_requests
      #   mock.requests # => []
      def clear_requests
        test_double_call("clear_requests", "admin.requests.clear", query: scope_query).fetch(:deleted)
      end

      private

      def add_fault(verb, operation, action, times)
        unless times.nil? || (times.is_a?(Integer) && times.positive?)
          raise ArgumentError, "times must be a whole number of requests above 0, or nil (until removed), " \
                               "got #{times.inspect}."
        end

        operation = operation.to_s if operation.is_a?(Symbol)
        scope = PUBLIC_KEY_OPERATIONS.include?(operation) ? { public_api_key: public_api_key } : { api_key: api_key }
        body = { operation: operation, **scope, **action, times: times }
        Models::Fault.wrap(test_double_call("#{verb}(#{operation.inspect}, …)", "admin.faults.create", body: body))
      end

      # Makes the fault, runs `block` with it, then removes it.
      def while_active(verb, block)
        raise ArgumentError, "#{verb} takes a block: its fault is removed when the block ends." if block.nil?

        fault = yield
        begin
          block.call(fault)
        ensure
          remove_fault(fault)
        end
      end

      def scope_query
        { api_key: api_key, public_api_key: public_api_key }
      end

      def test_double_call(verb, operation_id, ids: [], query: nil, body: nil)
        self.class.send(:admin, url, operation_id, body, ids: ids, query: query, call: verb)
      end
    end
  end
end
