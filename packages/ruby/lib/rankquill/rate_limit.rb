# frozen_string_literal: true

module Rankquill
  # The account's request budget after a call, from the X-RateLimit-* headers.
  #
  # @example
  #   response = client.projects.with_response.retrieve("proj_123")
  #   response.rate_limit.remaining # => 1999
  #   response.rate_limit.reset_at  # => 2026-01-01 01:00:00 UTC
  RateLimit = Struct.new(:limit, :remaining, :reset_at, keyword_init: true) do
    # The figures of a response's headers (lower-case names), or nil when they are absent.
    # @api private
    def self.from_headers(headers)
      figures = %w[x-ratelimit-limit x-ratelimit-remaining x-ratelimit-reset].map do |name|
        value = headers[name]
        value&.match?(/\A\d+\z/) ? Integer(value, 10) : nil
      end
      return nil if figures.any?(&:nil?)

      new(limit: figures[0], remaining: figures[1], reset_at: Time.at(figures[2]).utc)
    end
  end
end
