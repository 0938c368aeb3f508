# frozen_string_literal: true

module Rankquill
  # The resources of Rankquill::Client, one per part of the API (`client.content` is a Resources::Content).
  # @example
  #   client.content.list("proj_123").data
  module Resources
    # What every resource shares: sending an operation of the generated table
    # (Generated::OPERATIONS, by id), wrapping its answer, pages, files, and `with_response`. The
    # client creates the resources; there is no need to construct one.
    #
    # @api private
    class APIResource
      # @api private
      def initialize(transport)
        @transport = transport
        @observer = nil
      end

      # The same resource, whose methods answer an APIResponse (the value in `data`, with the
      # status, headers, request id and rate-limit figures) instead of the value alone.
      # @return [WithResponse]
      # @example
      #   response = client.projects.with_response.retrieve("proj_123")
      #   response.rate_limit.remaining
      def with_response
        WithResponse.new(self)
      end

      # A copy of this resource that passes every answer it gets to `observer`.
      # @api private
      def observed_by(observer)
        dup.tap { |copy| copy.instance_variable_set(:@observer, observer) }
      end

      def inspect
        "#<#{self.class.name}>"
      end

      private

      # Sends the operation `operation_id` with its path `ids` (in the order of its path_params)
      # and answers the value (wrapped in `model`) or an APIResponse.
      def call(operation_id, ids, model, query: nil, body: nil, request_options: nil)
        result = @transport.request(operation(operation_id), ids, query: query, body: body, options: request_options)
        answer(model.wrap(parse_json(result)), result)
      end

      # Answers the first page of a list; the next pages come with the same filters.
      def page(operation_id, ids, model, query, request_options)
        operation = operation(operation_id)
        fetch = lambda do |page_query|
          result = @transport.request(operation, ids, query: page_query, options: request_options)
          [page_of(parse_json(result), model, page_query, fetch), result]
        end
        first, result = fetch.call(query)
        answer(first, result)
      end

      def page_of(json, model, query, fetch)
        items = Array(json[:data]).map { |item| model.wrap(item) }
        next_page = ->(next_query) { fetch.call(next_query).first }
        Page.new(items, Models::Pagination.wrap(json[:pagination]), query, next_page)
      end

      # Sends an operation whose answer is a file: to `to` (an IO or a path), to the block, or read
      # whole.
      def file_call(operation_id, ids, query: nil, to: nil, url: nil, authenticated: true, request_options: nil,
                    &block)
        sink, finish = Internal::FileSink.open(to, block)
        size = 0
        counting = lambda do |chunk|
          size += chunk.bytesize
          sink.call(chunk)
        end
        result = @transport.request(operation(operation_id), ids, query: query, url: url, authenticated: authenticated,
                                                                  options: request_options, sink: sink ? counting : nil)
        body = sink ? nil : result.body
        size = body.bytesize if body
        answer(ExportFile.new(status: result.status, headers: result.headers, body: body, size: size), result)
      ensure
        finish&.call
      end

      def answer(data, result)
        @observer&.call(result)
        data
      end

      def parse_json(result)
        return nil if result.body.nil? || result.body.empty?

        JSON.parse(result.body, symbolize_names: true)
      rescue JSON::ParserError
        raise Error, "The API answered #{result.status} with a body that is not JSON " \
                     "(request id #{result.headers["x-request-id"] || "unknown"}); " \
                     "check that base_url points at the Rankquill API."
      end

      # Drops the parameters left out (nil), so the server applies its defaults.
      def compact(params)
        params.compact
      end

      def operation(operation_id)
        Generated::OPERATIONS.fetch(operation_id)
      end

      # Seconds on a clock that only moves forward, for the waits of create_and_wait.
      def monotonic
        Process.clock_gettime(Process::CLOCK_MONOTONIC)
      end
    end
  end
end
