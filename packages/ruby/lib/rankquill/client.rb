# frozen_string_literal: true

module Rankquill
  # Client of the Rankquill main API: projects, content, keywords, AI visibility, exports,
  # activity and webhooks, with retries, idempotent POSTs, pages and typed errors. One client
  # keeps its connections alive between calls and may be shared by threads.
  #
  # @example
  #   client = Rankquill::Client.new # reads RANKQUILL_API_KEY and RANKQUILL_BASE_URL
  #   article = client.content.create_and_wait("proj_123", keyword: "cold brew ratio")
  #   client.content.publish("proj_123", article.id)
  class Client
    DEFAULT_TIMEOUT = Generated::ClientPolicy::TIMEOUT_MAIN_SECONDS
    DEFAULT_MAX_RETRIES = Generated::ClientPolicy::MAX_RETRIES

    # @return [Resources::Projects] create, retrieve, update, list, delete, rotate_public_api_key
    attr_reader :projects
    # @return [Resources::Content] create, create_and_wait, retrieve, update, list, delete, publish, unpublish, export
    attr_reader :content
    # @return [Resources::Keywords] create, list, opportunities, performance, export
    attr_reader :keywords
    # @return [Resources::AiVisibility] retrieve, export, topics, prompts, responses
    attr_reader :ai_visibility
    # @return [Resources::Exports] create, retrieve, create_and_wait, download
    attr_reader :exports
    # @return [Resources::Activity] list
    attr_reader :activity
    # @return [Resources::Webhooks] test, rotate_signing_secret
    attr_reader :webhooks
    # @return [Resources::Deliveries] list, redeliver
    attr_reader :deliveries
    # @return [String] the main API address requests go to, ending in /v1
    attr_reader :base_url
    # @return [Numeric] seconds each attempt waits for its answer
    attr_reader :timeout
    # @return [Integer] retries of a failed attempt
    attr_reader :max_retries

    # @param api_key [String, nil] main API key, sent as `Authorization: Bearer`; default
    #   ENV["RANKQUILL_API_KEY"]. Keep it on the server.
    # @param base_url [String, nil] the main API address ending in /v1, such as
    #   "http://127.0.0.1:4010/v1" for a local `rankquill-mock serve`; default ENV["RANKQUILL_BASE_URL"]
    # @param timeout [Numeric] seconds to wait for each attempt's answer (default 60)
    # @param max_retries [Integer] retries after a connection error, timeout, 408, 429 or 5xx,
    #   with jittered backoff honouring Retry-After (default 2; 0 turns them off)
    # @param logger [#info, #warn, nil] receives retries (info) and failures (warn); never a key
    # @param default_headers [Hash{String => String, nil}] sent with every request; nil removes one
    # @example
    #   Rankquill::Client.new(api_key: "rq_live_...", base_url: "http://127.0.0.1:4010/v1", max_retries: 5)
    def initialize(api_key: nil, base_url: nil, timeout: DEFAULT_TIMEOUT, max_retries: DEFAULT_MAX_RETRIES,
                   logger: nil, default_headers: {})
      key = Internal::Settings.api_key(
        api_key, "RANKQUILL_API_KEY",
        "pass Rankquill::Client.new(api_key: ...) or set the RANKQUILL_API_KEY environment variable"
      )
      @base_url = Internal::Settings.base_url_or_env(
        base_url, "RANKQUILL_BASE_URL",
        "pass Rankquill::Client.new(base_url: ...) or set RANKQUILL_BASE_URL to the main API address " \
        "ending in /v1, such as http://127.0.0.1:4010/v1"
      )
      @timeout = Internal::Settings.timeout(timeout)
      @max_retries = Internal::Settings.max_retries(max_retries)
      transport = Internal::Transport.new(
        base_url: @base_url, base: "api", auth_headers: { "authorization" => "Bearer #{key}" }, timeout: @timeout,
        max_retries: @max_retries, logger: logger, default_headers: default_headers
      )
      @transport = transport
      @projects = Resources::Projects.new(transport)
      @content = Resources::Content.new(transport)
      @keywords = Resources::Keywords.new(transport)
      @ai_visibility = Resources::AiVisibility.new(transport)
      @exports = Resources::Exports.new(transport)
      @activity = Resources::Activity.new(transport)
      @webhooks = Resources::Webhooks.new(transport)
      @deliveries = Resources::Deliveries.new(transport)
    end

    # Closes the kept-alive connections (they are opened again when needed).
    # @example
    #   client = Rankquill::Client.new
    #   client.projects.list
    #   client.close
    def close
      @transport.close
    end

    def inspect
      "#<#{self.class.name} base_url=#{base_url.inspect} timeout=#{timeout} max_retries=#{max_retries}>"
    end
  end
end
