# frozen_string_literal: true

module Rankquill
  module Webhooks
    # Receives Rankquill webhook deliveries: checks the secret (and, with a signing secret, the
    # signature), validates the event, sanitizes and stores articles, runs your handlers, and
    # answers the service the way spec 6 asks. It is a Rack application, so Rails, a config.ru or
    # Sinatra (through Mount) take it in one line; `handle` serves any other transport.
    #
    # @example config.ru
    #   require "rankquill"
    #   receiver = Rankquill::Webhooks::Receiver.new(
    #     secret: ENV.fetch("RANKQUILL_WEBHOOK_SECRET"),            # the webhook's secret (x-service-key)
    #     signing_secret: ENV.fetch("RANKQUILL_SIGNING_SECRET", nil), # whsec_..., to require signatures
    #     store: Rankquill::Webhooks::SqliteStore.new(path: "articles.db")
    #   )
    #   receiver.on("content.published") { |article, delivery| puts "#{article.title} at #{delivery.url}" }
    #   run receiver
    # @example Rails (config/routes.rb)
    #   match "/webhooks/rankquill", to: RANKQUILL_RECEIVER, via: :all # a GET answers 405, not 404
    class Receiver
      ARTICLE_EVENTS = %w[content.published content.updated].freeze
      REMOVAL_EVENTS = %w[content.unpublished content.deleted].freeze
      REQUIRED_ARTICLE_FIELDS = %i[title slug content].freeze
      OPTIONAL_TEXT_FIELDS = %i[excerpt meta_title meta_description canonical_url featured_image author language].freeze
      # The largest body read, the same in every Rankquill receiver (4 MiB): above the largest
      # delivery the service sends, far below what would let a client exhaust memory.
      MAX_BODY_BYTES = 4 * 1024 * 1024
      JSON_HEADERS = { "content-type" => "application/json" }.freeze
      ALLOW_POST = { "allow" => "POST" }.freeze

      # @return [ArticleStore] where articles go
      attr_reader :store

      # @param secret [String] the secret entered in the project's webhook settings, compared in
      #   constant time with x-service-key (required)
      # @param signing_secret [String, nil] the project's "whsec_..." signing secret; when given,
      #   only deliveries with valid Standard Webhooks headers are accepted
      # @param store [ArticleStore, nil] default MemoryStore
      # @param site_base_url [String, nil] prefix of the answered URLs, such as "https://www.example.com"
      # @param author_default [String] the author of an article that names none
      # @param remove_on [Array<String>] events that remove the article by slug
      # @param tolerance [Integer] seconds a signature's timestamp may be off
      # @param logger [#warn, nil] receives handler and store failures
      # @param max_body_bytes [Integer] larger bodies answer 413, read no further than this
      # @param clock [#call] answers the current Time (for tests)
      def initialize(secret:, signing_secret: nil, store: nil, site_base_url: nil, author_default: "Rankquill",
                     remove_on: REMOVAL_EVENTS, tolerance: DEFAULT_TOLERANCE, logger: nil,
                     max_body_bytes: MAX_BODY_BYTES, clock: -> { Time.now })
        unless secret.is_a?(String) && !secret.empty?
          raise ArgumentError, "secret is required: pass the secret entered in the project's webhook settings."
        end

        @secret = secret
        @signing_secret = signing_secret
        Webhooks.signing_key(signing_secret) if signing_secret
        @store = store || MemoryStore.new
        @site_base_url = site_base_url.to_s.chomp("/")
        @author_default = author_default
        @remove_on = remove_on
        @tolerance = tolerance
        @logger = logger
        @clock = clock
        @max_body_bytes = max_body_bytes
        @handlers = Hash.new { |hash, event| hash[event] = [] }
        @sanitizer = HtmlSanitizer.new
        @replays = ReplayGuard.new(@store, clock)
      end

      # Runs the block for each accepted delivery of `event`, after the article is stored. Article
      # events pass a Models::ArticlePayload (defaults applied, content sanitized); other events
      # their body's model (Models::ContentDeletedEvent...). A handler that raises makes a 500, so
      # the service retries. Answers self.
      # @example
      #   receiver.on("keyword.ranking_changed") { |event| puts "#{event.keyword}: #{event.position}" }
      #   receiver.on("content.deleted") { |event, delivery| purge_cdn(event.slug, delivery.id) }
      def on(event, &handler)
        raise ArgumentError, "on(#{event.inspect}) needs a block" unless handler

        @handlers[event.to_s] << handler
        self
      end

      # Answers one delivery. `headers` may come in any form a framework hands over (see
      # HeaderBag: plain names in any case, a Rack env, Rails' `request.headers`, a Rack::Request);
      # `body` is the raw body, a String or an IO read no further than max_body_bytes + 1 (a
      # Content-Length over the limit is refused before reading). Give `method:` to have anything
      # but POST answer 405 with `Allow: POST` (Result#headers).
      # @return [Result] status, body (a Hash) and headers; `status, body = receiver.handle(headers, body)`
      # @example Rails controller
      #   result = receiver.handle(request.headers, request.body, method: request.request_method)
      #   response.headers.merge!(result.headers)
      #   render json: result.body, status: result.status
      def handle(headers, body, method: nil)
        if method && method.to_s.upcase != "POST"
          return failure(405, "Deliveries are POSTed; this address takes POST only.", nil, ALLOW_POST)
        end

        headers = HeaderBag.normalize(headers)
        body = read_body(headers["content-length"], body)
        return failure(413, "Request body is larger than #{@max_body_bytes} bytes.") if body.nil?

        refusal = authenticate(headers, body)
        return refusal if refusal

        payload, event = parse(headers, body)
        return payload if payload.is_a?(Result)

        dispatch(event, payload, headers)
      end

      # The Rack interface: POST deliveries only; the answer is JSON.
      # @example
      #   status, headers, body = receiver.call(Rack::MockRequest.env_for("/", method: "POST", input: payload))
      def call(env)
        result = handle(env, env["rack.input"], method: env["REQUEST_METHOD"])
        [result.status, JSON_HEADERS.merge(result.headers), [JSON.generate(result.body)]]
      end

      def inspect
        "#<#{self.class.name} signing_secret=#{@signing_secret ? "[set]" : "nil"} store=#{@store.class}>"
      end

      private

      def authenticate(headers, body)
        given = headers["x-service-key"]
        if given.nil? || given.empty?
          return failure(401, "Missing x-service-key header: send the webhook secret configured in the " \
                              "project's integration settings.")
        end
        unless OpenSSL.secure_compare(given, @secret)
          return failure(401, "Invalid x-service-key: it does not match the secret this receiver was configured with.")
        end
        return nil unless @signing_secret

        Webhooks.verify_signature(@signing_secret, headers: headers, body: body, tolerance: @tolerance,
                                                   now: @clock.call)
        nil
      rescue SignatureError => e
        failure(401, e.message)
      end

      # Answers [payload Hash, event name] or [a Result refusing it].
      def parse(headers, body)
        text = body.dup.force_encoding(Encoding::UTF_8)
        unless text.valid_encoding?
          return [failure(400,
                          "Request body is not UTF-8 text: send the event payload as JSON.")]
        end

        payload = JSON.parse(text, symbolize_names: true)
        unless payload.is_a?(Hash)
          return [failure(400,
                          "Request body must be a JSON object, got #{json_kind(payload)}.")]
        end

        event_of(headers["x-service-event"], payload)
      rescue JSON::ParserError
        [failure(400, "Request body is not valid JSON: send the event payload as a JSON object.")]
      end

      def event_of(header, payload)
        named = payload[:event].is_a?(String) ? payload[:event] : nil
        header = nil if header&.empty?
        if header && named && header != named
          return [failure(400, "The x-service-event header says #{header.inspect} but the body's event field says " \
                               "#{named.inspect}: send one event name.")]
        end

        [payload, header || named || "content.published"]
      end

      def dispatch(event, payload, headers)
        if ARTICLE_EVENTS.include?(event) then receive_article(event, payload, headers)
        elsif Models::EVENT_MODELS.key?(event) then receive_event(event, payload, headers)
        else
          Result.new(status: 202, body: { success: true, url: "" }, event: event)
        end
      end

      def receive_article(event, payload, headers)
        problems = ArticleValidation.problems(payload)
        return failure(400, "#{problems.join(" ")} A #{event} body needs title, slug, content.", event) if problems.any?

        article = with_defaults(payload)
        article[:url] = url_for(article[:language], article[:slug])
        article[:received_at] = @clock.call.utc.iso8601(3)
        timestamp = ReplayGuard.timestamp(headers["webhook-timestamp"])
        kept = timestamp ? article.merge(webhook_timestamp: timestamp) : article
        @replays.synchronize do
          replayed = @replays.replay_url(headers, article[:slug], article[:url])
          return Result.new(status: 200, body: { success: true, url: replayed }, event: event) if replayed

          stored = store_safely(event) { @store.upsert(kept) }
          return stored if stored
        end

        run_handlers(event, Models::ArticlePayload.wrap(article), headers, article[:url])
      end

      def receive_event(event, payload, headers)
        model = Models.const_get(Models::EVENT_MODELS.fetch(event), false)
        problems = ArticleValidation.schema_problems(model, payload)
        if problems.any?
          return failure(400, "#{problems.join(" ")} A #{event} body needs #{required_fields(model).join(", ")}.",
                         event)
        end

        url = ""
        if REMOVAL_EVENTS.include?(event)
          url = url_for(payload[:language], payload[:slug])
          url, answer = remove_article(event, payload[:slug], url, headers) if @remove_on.include?(event)
          return answer if answer
        end
        run_handlers(event, model.wrap(payload), headers, url)
      end

      # Answers [the URL, nil] once the article is removed, or [nil, the Result to answer instead].
      def remove_article(event, slug, url, headers)
        @replays.synchronize do
          replayed = @replays.replay_url(headers, slug, url)
          return [nil, Result.new(status: 200, body: { success: true, url: replayed }, event: event)] if replayed

          removed = nil
          failed = store_safely(event) do
            removed = @store.remove(slug)
            @replays.removed(headers, slug)
          end
          return [nil, failed] if failed

          [removed && removed[:url].is_a?(String) ? removed[:url] : url, nil]
        end
      end

      # Runs the handlers; once they succeed the delivery counts as applied (a failed one is retried).
      def run_handlers(event, value, headers, url)
        delivery = Delivery.new(event: event, id: headers["x-service-delivery"], url: url)
        @handlers[event].each { |handler| handler.call(value, delivery) } if @handlers.key?(event)
        @replays.applied(headers)
        Result.new(status: 200, body: { success: true, url: url }, event: event)
      rescue StandardError => e
        @logger&.warn("Rankquill webhook: the #{event} handler raised #{e.class}: #{e.message}")
        failure(500, "The #{event} handler failed (#{e.class}); the service will retry.", event)
      end

      def store_safely(event)
        yield
        nil
      rescue StandardError => e
        @logger&.warn("Rankquill webhook: storing the #{event} article failed: #{e.class}: #{e.message}")
        failure(500, "Storing the article failed (#{e.class}); the service will retry.", event)
      end

      # Spec 6 point 3: absent, null or empty optional fields get their defaults.
      def with_defaults(payload)
        text = ->(name) { payload[name].is_a?(String) && !payload[name].empty? ? payload[name] : nil }
        excerpt = text.call(:excerpt) || ""
        {
          title: payload[:title], slug: payload[:slug], content: @sanitizer.sanitize(payload[:content]),
          excerpt: excerpt, meta_title: text.call(:meta_title) || payload[:title],
          meta_description: text.call(:meta_description) || excerpt, keywords: payload[:keywords] || [],
          canonical_url: text.call(:canonical_url) || "", featured_image: text.call(:featured_image) || "",
          author: text.call(:author) || @author_default, language: text.call(:language) || "en"
        }
      end

      def url_for(language, slug)
        "#{@site_base_url}/#{uri_component(language.to_s)}/resources/blog/#{uri_component(slug.to_s)}"
      end

      # As JavaScript's encodeURIComponent, so every language's receiver answers the same URL.
      def uri_component(text)
        text.b.gsub(/[^A-Za-z0-9\-_.!~*'()]/) { |byte| format("%%%02X", byte.ord) }
      end

      def required_fields(model)
        model.fields.select { |_, field| field[:required] }.keys
      end

      def json_kind(value)
        case value
        when Array then "an array"
        when String then "a string"
        when Numeric then "a number"
        when nil then "null"
        else "a boolean"
        end
      end

      def failure(status, message, event = nil, headers = {})
        Result.new(status: status, body: { error: message }, event: event, headers: headers)
      end

      # The body as a String, or nil when it is larger than the limit: a declared Content-Length
      # over it is refused unread, and an IO is read no further than limit + 1 bytes.
      def read_body(content_length, body)
        return nil if content_length&.match?(/\A\d+\z/) && content_length.to_i > @max_body_bytes

        text = body.respond_to?(:read) ? body.read(@max_body_bytes + 1) || "" : body.to_s
        text.bytesize > @max_body_bytes ? nil : text
      end
    end
  end
end
