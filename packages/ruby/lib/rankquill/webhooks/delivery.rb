# frozen_string_literal: true

module Rankquill
  module Webhooks
    # What a handler learns about the delivery beside its payload.
    # `id` is x-service-delivery, the same on every retry of one delivery: use it to make side
    # effects idempotent. `url` is the article's URL the receiver answers ("" for events without
    # a page).
    # @example
    #   receiver.on("content.published") { |article, delivery| warn "#{delivery.id}: #{delivery.url}" }
    Delivery = Struct.new(:event, :id, :url, keyword_init: true)

    # The receiver's answer: the HTTP status, the JSON body (a Hash) and the headers to send beside
    # the JSON content type (`allow` on a 405). Destructures as `status, body = receiver.handle(headers, body)`.
    # @example
    #   result = receiver.handle(request.headers, request.body, method: request.request_method)
    #   [result.status, result.headers, [JSON.generate(result.body)]]
    Result = Struct.new(:status, :body, :event, :headers, keyword_init: true) do
      def initialize(status:, body:, event: nil, headers: {})
        super
      end

      def to_ary
        [status, body]
      end
    end
  end
end
