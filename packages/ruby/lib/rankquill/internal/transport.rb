# frozen_string_literal: true

require_relative "cross_origin_redirect"
require_relative "wrong_address"

module Rankquill
  module Internal
    # Sends the operations of the generated table (Generated::OPERATIONS) over kept-alive Net::HTTP
    # connections: method and path from the operation, headers, JSON, an Idempotency-Key on every
    # idempotent operation (kept across its retries), timeouts and retries, and turns every
    # failure into one of the gem's error classes. One per base (`api`, `public-article-api`,
    # `server`); shared by Client, PublicArticles and Testing::MockServer. Net::HTTP follows no
    # redirect: one to another origin raises CrossOriginRedirectError (the key, a secret or a body
    # never reaches that origin), one within the origin the base-URL error.
    class Transport
      # What a call answered: status, headers (lower-case names) and the body's text (nil when it
      # was streamed to a sink).
      class Result
        attr_reader :status, :body

        def initialize(response, body)
          @response = response
          @status = response.code.to_i
          @body = body
        end

        def headers
          @headers ||= @response.each_header.to_h
        end
      end

      REQUEST_CLASSES = {
        get: Net::HTTP::Get, post: Net::HTTP::Post, put: Net::HTTP::Put, delete: Net::HTTP::Delete
      }.freeze
      REQUEST_OPTIONS = %i[timeout max_retries headers idempotency_key].freeze
      CONNECTION_ERRORS = [
        SystemCallError, IOError, SocketError, OpenSSL::SSL::SSLError, Net::ProtocolError, Zlib::Error
      ].freeze
      TIMEOUT_ERRORS = [Net::OpenTimeout, Net::ReadTimeout, Net::WriteTimeout, Timeout::Error].freeze
      # A kept-alive socket the server closed meanwhile fails like this before any answer.
      STALE_CONNECTION_ERRORS = [EOFError, Errno::ECONNRESET, Errno::EPIPE, Errno::ECONNABORTED].freeze
      # Methods that change nothing on the server, so sending one twice cannot repeat an operation.
      SAFE_METHODS = %w[GET HEAD].freeze

      attr_reader :base_url, :timeout, :max_retries

      # @param base [String] the operations' base this transport sends to: "api",
      #   "public-article-api" or "server" (the server's root)
      # @param auth_headers [Hash{String => String}] the credential headers, lower-case names
      def initialize(base_url:, base:, auth_headers:, timeout:, max_retries:, logger: nil, default_headers: {},
                     service: "Rankquill API")
        @base_url = base_url
        @base = base
        @base_uri = URI(base_url)
        @timeout = timeout
        @max_retries = max_retries
        @logger = logger
        @service = service
        @pool = ConnectionPool.new
        @plain_headers = {
          "accept" => "application/json",
          "user-agent" => "rankquill-ruby/#{VERSION}"
        }.merge(auth_headers)
        merge_headers!(@plain_headers, default_headers)
        @unauthenticated_headers = @plain_headers.reject { |name, _| auth_headers.key?(name) }
        @plain_headers.freeze
      end

      # Sends `operation` (a Generated::Operation of this transport's base) and answers its
      # Result; raises APIError for a non-2xx answer after the retries. With `sink`, a 2xx body
      # is passed to it chunk by chunk instead of read whole.
      # @param ids [Array<String>] the path ids, in the order of the operation's path_params
      # @param url [String, nil] an absolute URL to call instead of the operation's path (a signed
      #   download URL)
      def request(operation, ids = [], query: nil, body: nil, options: nil, url: nil, authenticated: true, sink: nil)
        check_base(operation)
        options = check_options(options)
        method = operation.http_method.downcase.to_sym
        uri = url ? URI(url) : @base_uri
        target = (url ? uri.path : @base_uri.path + Path.build(operation, ids)) + query_string(query, url && uri.query)
        request = build_request(method, target, body, options, authenticated, operation.idempotent)
        with_retries(method, uri, target, options) { send_once(uri, request, options, sink, url.nil?) }
      end

      # Closes the kept-alive connections.
      def close
        @pool.close_all
      end

      def inspect
        "#<#{self.class.name} base_url=#{@base_url.inspect}>"
      end

      private

      def check_base(operation)
        return if operation.base == @base

        raise ArgumentError, "#{operation.id} is an operation of the #{operation.base} base; this transport sends " \
                             "to the #{@base} base."
      end

      def check_options(options)
        return {} if options.nil?

        unknown = options.keys - REQUEST_OPTIONS
        unless unknown.empty?
          raise ArgumentError, "Unknown request option #{unknown.first.inspect}; use #{REQUEST_OPTIONS.join(", ")}."
        end

        options
      end

      def build_request(method, target, body, options, authenticated, idempotent)
        headers = authenticated ? @plain_headers : @unauthenticated_headers
        if !body.nil? || idempotent || options[:headers]
          headers = headers.dup
          headers["content-type"] = "application/json" unless body.nil?
          headers["idempotency-key"] = options[:idempotency_key] || new_idempotency_key if idempotent
          merge_headers!(headers, options[:headers]) if options[:headers]
        end
        request = REQUEST_CLASSES.fetch(method).new(target, headers)
        request.body = JSON.generate(body) unless body.nil?
        request
      end

      def new_idempotency_key
        "rq-ruby-#{SecureRandom.uuid}"
      end

      # A nil value removes a header the client would send.
      def merge_headers!(headers, extra)
        extra.each do |name, value|
          key = name.to_s.downcase
          value.nil? ? headers.delete(key) : headers[key] = value.to_s
        end
      end

      def with_retries(method, uri, target, options)
        max_retries = options.fetch(:max_retries, @max_retries)
        retries = 0
        loop do
          wait, failure = attempt(retries, max_retries) { return yield }
          raise_failure(failure, method, uri, target, retries, options) if wait.nil?

          log(:info, "Retrying #{method.upcase} #{display(uri, target)} in #{wait.round(2)} s " \
                     "(retry #{retries + 1} of #{max_retries}): #{reason(failure)}")
          sleep(wait)
          retries += 1
        end
      end

      # Runs one attempt; answers [wait before the next one or nil, the failure].
      def attempt(retries, max_retries)
        yield
      rescue APIError => e
        [retries < max_retries ? RetryPolicy.after_status(e.status, e.headers, retries + 1) : nil, e]
      rescue *TIMEOUT_ERRORS, *CONNECTION_ERRORS => e
        [retries < max_retries ? RetryPolicy.after_connection_error(retries + 1) : nil, e]
      end

      def send_once(uri, request, options, sink, at_base_url)
        timeout = options.fetch(:timeout, @timeout)
        @pool.with_connection(uri, timeout) do |lease|
          exchange(lease.http, request, sink, uri, at_base_url)
        rescue *STALE_CONNECTION_ERRORS
          # The same error comes when the server closed an idle socket before the request reached
          # it and when it received and committed the request, then closed without answering.
          # Only a safe method may be sent again for free; any other goes to the retry loop
          # (counted, with backoff and, for a POST, its Idempotency-Key), so max_retries 0 sends
          # it once. Net::HTTP already reconnects when it sees the idle socket closed.
          raise unless lease.reused && SAFE_METHODS.include?(request.method)

          lease.reused = false
          lease.http.finish if lease.http.started?
          lease.http.start
          exchange(lease.http, request, sink, uri, at_base_url)
        end
      end

      def exchange(http, request, sink, uri, at_base_url)
        result = nil
        http.request(request) do |response|
          streamed = sink && response.code.to_i.between?(200, 299)
          result = Result.new(response, streamed ? stream(response, sink) : response.read_body)
        end
        redirect = CrossOriginRedirect.origins(uri, result.status, result.headers)
        raise redirect_error(result.status, *redirect, at_base_url) if redirect

        wrong_address = WrongAddress.message(result.status, result.headers, @base_url, @base, @service)
        return result if result.status.between?(200, 299) && wrong_address.nil?

        raise ErrorFromResponse.build(result.status, result.body, result.headers, message: wrong_address)
      end

      def redirect_error(status, from, to, at_base_url)
        fix = if at_base_url
                "Set base_url to the address that answers without a redirect."
              else
                "A download link must answer at its own origin."
              end
        log(:warn, "#{@service} request refused: a #{status} redirect from #{from} to #{to}")
        CrossOriginRedirectError.new(
          "The #{@service} at #{from} answered #{status}, a redirect to another origin, #{to}: not followed, so " \
          "neither the key nor the request body was sent there. #{fix}",
          status: status, from_origin: from, to_origin: to
        )
      end

      # Passes the body to `sink` chunk by chunk. Once bytes went to the sink the call cannot be
      # retried, so a broken connection raises at once.
      def stream(response, sink)
        received = 0
        response.read_body do |chunk|
          received += chunk.bytesize
          sink.call(chunk)
        end
        nil
      rescue *TIMEOUT_ERRORS, *CONNECTION_ERRORS => e
        raise if received.zero?

        raise APIConnectionError, "The connection broke after #{received} bytes of the file: " \
                                  "#{e.class}: #{e.message}; download it again.", cause: e
      end

      def raise_failure(failure, method, uri, target, retries, options)
        raise failure if failure.is_a?(APIError)

        retried = retries.positive? ? " (retried #{retries} time#{"s" if retries > 1})" : ""
        what = "#{method.upcase} #{display(uri, target)}"
        if TIMEOUT_ERRORS.any? { |klass| failure.is_a?(klass) }
          log(:warn, "#{@service} request timed out: #{what}#{retried}")
          seconds = options.fetch(:timeout, @timeout)
          raise APITimeoutError, "The #{@service} did not answer #{what} within #{seconds} s#{retried}.", cause: failure
        end
        log(:warn, "#{@service} request failed: #{what}#{retried}: #{failure.class}")
        raise APIConnectionError, "Could not reach the #{@service} for #{what}#{retried}: " \
                                  "#{failure.class}: #{failure.message}", cause: failure
      end

      def reason(failure)
        failure.is_a?(APIError) ? "status #{failure.status}" : failure.class.name
      end

      # The address without its query, which may hold a download URL's signature.
      def display(uri, target)
        "#{uri.scheme}://#{uri.host}:#{uri.port}#{target.split("?", 2).first}"
      end

      def log(level, message)
        @logger&.public_send(level, message)
      end

      def query_string(query, existing)
        return "" if query.nil? && existing.nil?

        pairs = (query || {}).compact.map { |name, value| [name.to_s, value.to_s] }
        return (existing ? "?#{existing}" : "") if pairs.empty?

        encoded = URI.encode_www_form(pairs)
        existing ? "?#{existing}&#{encoded}" : "?#{encoded}"
      end
    end
  end
end
