# frozen_string_literal: true

module Rankquill
  # Base of every error the gem raises. No error, message or `inspect` holds an API key.
  #
  # @example
  #   begin
  #     client.projects.retrieve("proj_missing")
  #   rescue Rankquill::Error => e
  #     warn e.message
  #   end
  class Error < StandardError; end

  # The API answered with a non-2xx status.
  #
  # @example
  #   rescue Rankquill::APIError => e
  #     warn "#{e.status} #{e.type}: #{e.message} (param #{e.param}, request #{e.request_id})"
  class APIError < Error
    # @return [Integer] the HTTP status
    attr_reader :status
    # @return [String, nil] the error's stable type, such as "invalid_request_error"
    attr_reader :type
    # @return [String, nil] the request field at fault, such as "keyword"
    attr_reader :param
    # @return [String, nil] the X-Request-Id of the answer; quote it to support
    attr_reader :request_id
    # @return [Hash{String => String}] the answer's headers, names in lower case
    attr_reader :headers
    # @return [Object, nil] the parsed body (a Hash) or its text
    attr_reader :body

    def initialize(message, status:, type: nil, param: nil, request_id: nil, headers: {}, body: nil)
      super(message)
      @status = status
      @type = type
      @param = param
      @request_id = request_id
      @headers = headers
      @body = body
    end

    def inspect
      "#<#{self.class.name} status=#{status} type=#{type.inspect} param=#{param.inspect} " \
        "request_id=#{request_id.inspect} message=#{message.inspect}>"
    end
  end

  # 400: the request was malformed or a field was invalid (`param` names it).
  # @example
  #   begin
  #     client.projects.create(name: "Docs", domain: "not a domain")
  #   rescue Rankquill::BadRequestError => e
  #     e.param # => "domain"
  #   end
  class BadRequestError < APIError; end
  # 401: the key is missing, unknown or replaced.
  # @example
  #   begin
  #     Rankquill::Client.new(api_key: "rq_test_wrong").projects.list
  #   rescue Rankquill::AuthenticationError => e
  #     e.status # => 401
  #   end
  class AuthenticationError < APIError; end
  # 404: no such resource, or one of another account.
  # @example
  #   begin
  #     client.projects.retrieve("proj_does_not_exist")
  #   rescue Rankquill::NotFoundError => e
  #     e.request_id # => "req_..."
  #   end
  class NotFoundError < APIError; end
  # 409: the resource's state does not allow this, or an Idempotency-Key was reused with another body.
  # @example
  #   begin
  #     client.content.publish("proj_123", job.id) # still generating
  #   rescue Rankquill::ConflictError => e
  #     e.message # => "Content cnt_... is still generating; publish it after ..."
  #   end
  class ConflictError < APIError; end

  # 429: the plan's hourly rate limit is spent.
  #
  # @example
  #   rescue Rankquill::RateLimitError => e
  #     sleep e.retry_after if e.retry_after
  class RateLimitError < APIError
    # @return [Integer, nil] seconds to wait before the next request, from Retry-After
    # @example
    #   rescue Rankquill::RateLimitError => e
    #     sleep e.retry_after if e.retry_after && e.retry_after < 600
    def retry_after
      value = headers["retry-after"]
      value&.match?(/\A\d+\z/) ? Integer(value, 10) : nil
    end
  end

  # 5xx: the service failed.
  class InternalServerError < APIError; end

  # No answer arrived: the connection failed or broke.
  #
  # @example
  #   rescue Rankquill::APIConnectionError => e
  #     warn e.message # names the address, never the key
  class APIConnectionError < Error
    def initialize(message = "The connection to the Rankquill API failed before an answer arrived.")
      super
    end
  end

  # No answer arrived within the client's `timeout`.
  # @example
  #   begin
  #     client.projects.list(request_options: { timeout: 0.001, max_retries: 0 })
  #   rescue Rankquill::APITimeoutError
  #     warn "no answer in time"
  #   end
  class APITimeoutError < APIConnectionError
    def initialize(message = "The Rankquill API did not answer within the timeout.")
      super
    end
  end

  # The API's address answered a redirect to another origin. The client follows no redirect, so
  # neither the key nor a request body (a webhook secret of `projects.update`) reached that
  # origin. Not retried: the same request gets the same redirect.
  #
  # @example
  #   rescue Rankquill::CrossOriginRedirectError => e
  #     warn "#{e.from_origin} redirects to #{e.to_origin}"
  class CrossOriginRedirectError < APIConnectionError
    # The redirect's status, such as 307.
    attr_reader :status
    # The origin the request went to, such as `https://api.example.com`.
    attr_reader :from_origin
    # The other origin the redirect points at.
    attr_reader :to_origin

    def initialize(message, status:, from_origin:, to_origin:)
      super(message)
      @status = status
      @from_origin = from_origin
      @to_origin = to_origin
    end
  end

  # `create_and_wait` ran out of `wait_timeout` before the work finished.
  #
  # @example
  #   rescue Rankquill::WaitTimeoutError => e
  #     warn "#{e.id} is still #{e.last_status}"
  class WaitTimeoutError < Error
    # @return [String] the id of the content item or export waited for
    attr_reader :id
    # @return [String, nil] its status at the last poll
    attr_reader :last_status

    def initialize(id, waited_seconds, last_status = nil)
      @id = id
      @last_status = last_status
      still = last_status ? " (still #{last_status})" : ""
      super("Gave up waiting for #{id} after #{waited_seconds.round(1)} s#{still}; " \
            "retrieve it later, or pass a longer wait_timeout.")
    end
  end

  # `content.create_and_wait` stopped waiting because the server runs a manual clock (a
  # `rankquill-mock serve --clock manual` in a test; it answers `x-rankquill-clock: manual`): its
  # time moves only through `POST /__admin/clock/advance`, so waiting would never end. It polls
  # for at most a second first, so a test that moves the clock meanwhile still gets the article.
  #
  # @example
  #   rescue Rankquill::ManualClockError => e
  #     warn "advance the clock, then retrieve #{e.id}"
  class ManualClockError < Error
    # @return [String] the id of the content item that is still generating
    attr_reader :id

    def initialize(id)
      @id = id
      super("#{id} is still generating, and the server runs a manual clock (it answers " \
            "x-rankquill-clock: manual): its time moves only through POST /__admin/clock/advance, " \
            "so waiting would never end. Advance the clock past estimated_completion, then retrieve #{id}.")
    end
  end
end
