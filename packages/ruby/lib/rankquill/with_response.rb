# frozen_string_literal: true

module Rankquill
  # A resource whose every method answers an APIResponse: the value the method answers
  # otherwise, in `data`, with the status, headers, request id and rate-limit figures of the
  # answer it came from (for create_and_wait, the last poll).
  #
  # @example
  #   response = client.projects.with_response.retrieve("proj_123")
  #   response.data.name
  #   response.rate_limit.remaining
  #   client.ai_visibility.with_response.topics.list("proj_123").status # => 200
  class WithResponse
    # @api private
    def initialize(resource)
      @resource = resource
    end

    def method_missing(name, *args, **options, &)
      return super unless @resource.respond_to?(name)

      last = nil
      value = @resource.observed_by(->(result) { last = result }).public_send(name, *args, **options, &)
      return WithResponse.new(value) if last.nil? && value.is_a?(Resources::APIResource)
      raise Error, "#{name} made no call to answer with" if last.nil?

      APIResponse.new(data: value, status: last.status, headers: last.headers)
    end

    def respond_to_missing?(name, include_private = false)
      @resource.respond_to?(name) || super
    end

    def inspect
      "#<#{self.class.name} #{@resource.inspect}>"
    end
  end
end
