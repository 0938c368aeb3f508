# frozen_string_literal: true

module Rankquill
  # What a call made through `with_response` answers: the value and what came with it.
  #
  # @example
  #   response = client.projects.with_response.retrieve("proj_123")
  #   response.data.name            # the Project
  #   response.status               # => 200
  #   response.request_id           # => "req_..."
  #   response.rate_limit.remaining # => 1999
  class APIResponse
    # @return [Object] the value the call answers without `with_response`
    attr_reader :data
    # @return [Integer] the HTTP status
    attr_reader :status
    # @return [Hash{String => String}] the answer's headers, names in lower case
    attr_reader :headers

    def initialize(data:, status:, headers:)
      @data = data
      @status = status
      @headers = headers
    end

    # @return [String, nil] the X-Request-Id of the answer; quote it when reporting a problem
    # @example
    #   response = client.projects.with_response.retrieve("proj_123")
    #   response.request_id # => "req_..."
    def request_id
      headers["x-request-id"]
    end

    # @return [RateLimit, nil] the account's request budget after this call
    # @example
    #   client.projects.with_response.list.rate_limit&.remaining # => 1999
    def rate_limit
      RateLimit.from_headers(headers)
    end

    def inspect
      "#<#{self.class.name} status=#{status} request_id=#{request_id.inspect} data=#{data.inspect}>"
    end
  end
end
