# frozen_string_literal: true

module Rankquill
  module Internal
    # Started Net::HTTP connections kept alive between calls, per origin. A connection serves one
    # call at a time; threads sharing a client each check one out, so the client is thread-safe.
    class ConnectionPool
      # A connection and whether it served a call before (a kept-alive socket the server may
      # have closed meanwhile).
      Lease = Struct.new(:http, :reused, :timeout)

      def initialize
        @idle = Hash.new { |hash, key| hash[key] = [] }
        @mutex = Mutex.new
      end

      # Yields a started connection to `uri`'s origin; it goes back to the pool when the block
      # returns, and is closed when the block raises (its state is then unknown).
      def with_connection(uri, timeout)
        key = [uri.scheme, uri.host, uri.port]
        lease = checkout(key) || Lease.new(start(uri, timeout), false, timeout)
        configure(lease, timeout) unless lease.timeout == timeout
        finished = false
        result = yield lease
        finished = true
        result
      ensure
        if finished
          lease.reused = true
          @mutex.synchronize { @idle[key].push(lease) }
        else
          close(lease&.http)
        end
      end

      # Closes every idle connection.
      def close_all
        leases = @mutex.synchronize { @idle.values.flatten.tap { @idle.clear } }
        leases.each { |lease| close(lease.http) }
      end

      def inspect
        "#<#{self.class.name}>"
      end

      private

      def checkout(key)
        @mutex.synchronize { @idle[key].pop }
      end

      def start(uri, timeout)
        http = Net::HTTP.new(uri.host, uri.port)
        http.use_ssl = uri.scheme == "https"
        # The client's own loop retries, with backoff and an Idempotency-Key; Net::HTTP's silent
        # retry would also repeat a timed-out GET and double its wait.
        http.max_retries = 0
        http.open_timeout = http.read_timeout = http.write_timeout = timeout
        http.start
        http
      end

      def configure(lease, timeout)
        http = lease.http
        http.open_timeout = http.read_timeout = http.write_timeout = timeout
        lease.timeout = timeout
      end

      def close(http)
        http&.finish if http&.started?
      rescue IOError
        nil
      end
    end
  end
end
