# frozen_string_literal: true

module Rankquill
  module Resources
    # Generated content of a project: articles from `generating` to `draft` or `published`.
    # @example
    #   article = client.content.create_and_wait("proj_123", keyword: "cold brew ratio")
    #   client.content.publish("proj_123", article.id)
    class Content < APIResource
      DEFAULT_WAIT_TIMEOUT = Generated::ClientPolicy::POLLING_WAIT_TIMEOUT_SECONDS
      REPOLL_INTERVAL = Generated::ClientPolicy::POLLING_CONTENT_REPOLL_INTERVAL_SECONDS
      CLOCK_MODE_HEADER = Generated::ClientPolicy::CLOCK_MODE_HEADER
      MANUAL_CLOCK_WAIT = Generated::ClientPolicy::POLLING_MANUAL_CLOCK_WAIT_SECONDS

      # Starts generating an article; it answers at once with status "generating" and an
      # `estimated_completion`. Use create_and_wait for the finished article.
      # @param type [String, nil] blog_post (default), how_to, listicle, comparison, product_review, news
      # @param length [Integer, nil] words, 300 to 5000 (default 1200)
      # @return [Models::ContentCreateResponse]
      # @example
      #   job = client.content.create("proj_123", keyword: "cold brew ratio", length: 1200)
      #   job.estimated_completion
      def create(project_id, keyword:, type: nil, length: nil, auto_publish: nil, request_options: nil)
        body = compact(keyword: keyword, type: type, length: length, auto_publish: auto_publish)
        call("content.create", [project_id], Models::ContentCreateResponse, body: body,
                                                                            request_options: request_options)
      end

      # Gets a content item; its article fields are nil while it is generating.
      # @return [Models::ContentItem]
      # @example
      #   client.content.retrieve("proj_123", "cnt_456").status # => "draft"
      def retrieve(project_id, content_id, request_options: nil)
        call("content.retrieve", [project_id, content_id], Models::ContentItem, request_options: request_options)
      end

      # Edits a content item; fields left out keep their value. Editing a published article
      # republishes it.
      # @return [Models::ContentItem]
      # @example
      #   client.content.update("proj_123", "cnt_456", title: "The perfect cold brew ratio")
      def update(project_id, content_id, request_options: nil, **params)
        call("content.update", [project_id, content_id], Models::ContentItem, body: params,
                                                                              request_options: request_options)
      end

      # Lists a project's content, newest first, optionally by status.
      # @return [Page<Models::ContentItem>]
      # @example
      #   client.content.list("proj_123", status: "draft").auto_paging_each { |item| puts item.title }
      def list(project_id, limit: nil, offset: nil, status: nil, request_options: nil)
        page("content.list", [project_id], Models::ContentItem,
             compact(limit: limit, offset: offset, status: status), request_options)
      end

      # Deletes a content item.
      # @return [Models::Deleted]
      # @example
      #   client.content.delete("proj_123", "cnt_456")
      def delete(project_id, content_id, request_options: nil)
        call("content.delete", [project_id, content_id], Models::Deleted, request_options: request_options)
      end

      # Publishes a draft; the project's webhook receives the article.
      # @return [Models::ContentItem]
      # @example
      #   client.content.publish("proj_123", "cnt_456").published_at
      def publish(project_id, content_id, request_options: nil)
        call("content.publish", [project_id, content_id], Models::ContentItem, request_options: request_options)
      end

      # Takes a published article offline; it becomes a draft again.
      # @return [Models::ContentItem]
      # @example
      #   client.content.unpublish("proj_123", "cnt_456").status # => "draft"
      def unpublish(project_id, content_id, request_options: nil)
        call("content.unpublish", [project_id, content_id], Models::ContentItem, request_options: request_options)
      end

      # Creates content and polls until it leaves "generating", then answers the item: a draft,
      # published (with auto_publish) or failed (see failure_reason). The first poll waits for
      # the generation time the server estimated, later ones every `poll_interval` seconds
      # (default 2). Raises WaitTimeoutError when `wait_timeout` seconds run out first. On a server
      # with a manual clock (it answers `x-rankquill-clock: manual`), whose time moves only through
      # `POST /__admin/clock/advance`, it polls for at most a second and then raises
      # ManualClockError instead of waiting for ever.
      # @return [Models::ContentItem]
      # @example
      #   article = client.content.create_and_wait("proj_123", keyword: "cold brew ratio")
      #   client.content.publish("proj_123", article.id) if article.status == "draft"
      def create_and_wait(project_id, keyword:, type: nil, length: nil, auto_publish: nil,
                          poll_interval: nil, wait_timeout: DEFAULT_WAIT_TIMEOUT, request_options: nil)
        started = monotonic
        answer = with_response.create(project_id, keyword: keyword, type: type, length: length,
                                                  auto_publish: auto_publish, request_options: request_options)
        created = answer.data
        # Time there moves only when a test moves it: give that a second, then say so.
        manual_until = monotonic + MANUAL_CLOCK_WAIT if answer.headers[CLOCK_MODE_HEADER] == "manual"
        stop_at = [started + wait_timeout, manual_until].compact.min
        poll_options = request_options&.reject { |name, _| name == :idempotency_key }
        wait = poll_interval || estimated_seconds(created)
        loop do
          remaining = stop_at - monotonic
          if remaining <= 0
            raise ManualClockError, created.id if stop_at == manual_until

            raise WaitTimeoutError.new(created.id, monotonic - started, "generating")
          end

          sleep([wait, remaining].min)
          item = retrieve(project_id, created.id, request_options: poll_options)
          return item unless item.status == "generating"

          wait = poll_interval || REPOLL_INTERVAL
        end
      end

      # Streams every article of the project that has a body (draft and published), oldest first,
      # as json, csv, html or markdown: to `to` (an IO or a file path), to the block chunk by
      # chunk, or, with neither, read whole into the answer's `body`.
      # @return [ExportFile]
      # @example
      #   file = client.content.export("proj_123", format: "csv", to: "content.csv")
      #   File.open("content.md", "wb") { |io| client.content.export("proj_123", format: "markdown", to: io) }
      def export(project_id, format:, to: nil, request_options: nil, &block)
        file_call("content.export", [project_id], query: { format: format }, to: to, request_options: request_options,
                  &block)
      end

      private

      def estimated_seconds(created)
        (Time.iso8601(created.estimated_completion) - Time.iso8601(created.created_at)).clamp(0, nil)
      rescue ArgumentError, TypeError
        REPOLL_INTERVAL
      end
    end
  end
end
