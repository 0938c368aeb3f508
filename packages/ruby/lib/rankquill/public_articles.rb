# frozen_string_literal: true

module Rankquill
  # Server-side client of the public article API: the published articles of the project your
  # key belongs to, for your own site. Keep the key on the server. Errors carry the API's
  # messages: AuthenticationError ("API key required. Pass via X-Service-Key header." or
  # "Invalid API key"), NotFoundError ("Article not found or not published"), BadRequestError (a
  # limit outside 1 to 100 or a negative offset), InternalServerError.
  #
  # @example
  #   articles = Rankquill::PublicArticles.new # RANKQUILL_PUBLIC_API_KEY, RANKQUILL_CONTENT_API_URL
  #   page = articles.list(limit: 10)
  #   page.articles.first.title
  #   articles.auto_paging_each { |article| puts article.id }
  #   articles.retrieve(page.articles.first.id).content # HTML
  class PublicArticles
    DEFAULT_TIMEOUT = Generated::ClientPolicy::TIMEOUT_PUBLIC_ARTICLES_SECONDS
    DEFAULT_MAX_RETRIES = Generated::ClientPolicy::MAX_RETRIES

    # One page of published articles, newest first: Enumerable over its articles.
    # @example
    #   page = Rankquill::PublicArticles.new.list(limit: 10)
    #   page.articles.map(&:title)
    class ArticlePage < Page
      alias articles data
    end

    # @return [String] the public article API address
    attr_reader :base_url

    # @param api_key [String, nil] the project's public key, sent as X-Service-Key; default
    #   ENV["RANKQUILL_PUBLIC_API_KEY"]
    # @param base_url [String, nil] the API address, such as
    #   "http://127.0.0.1:4010/public-article-api"; default ENV["RANKQUILL_CONTENT_API_URL"]
    # @param timeout [Numeric] seconds to wait for each attempt (default 30)
    # @param max_retries [Integer] retries after a connection error, timeout, 408, 429 or 5xx (default 2)
    # @example
    #   Rankquill::PublicArticles.new(api_key: "rqp_...", base_url: "http://127.0.0.1:4010/public-article-api")
    def initialize(api_key: nil, base_url: nil, timeout: DEFAULT_TIMEOUT, max_retries: DEFAULT_MAX_RETRIES,
                   logger: nil)
      key = Internal::Settings.api_key(
        api_key, "RANKQUILL_PUBLIC_API_KEY",
        "pass Rankquill::PublicArticles.new(api_key: ...) or set RANKQUILL_PUBLIC_API_KEY to the project's " \
        "public article API key"
      )
      @base_url = Internal::Settings.base_url_or_env(
        base_url, "RANKQUILL_CONTENT_API_URL",
        "pass Rankquill::PublicArticles.new(base_url: ...) or set RANKQUILL_CONTENT_API_URL, such as " \
        "http://127.0.0.1:4010/public-article-api"
      )
      @transport = Internal::Transport.new(
        base_url: @base_url, base: "public-article-api", auth_headers: { "x-service-key" => key },
        timeout: Internal::Settings.timeout(timeout), max_retries: Internal::Settings.max_retries(max_retries),
        logger: logger, service: "Rankquill public article API"
      )
    end

    # One page of published articles, newest first.
    # @param limit [Integer, nil] 1 to 100 (default 10)
    # @param offset [Integer, nil] articles skipped (default 0)
    # @return [ArticlePage<Models::PublicArticleListItem>]
    # @example
    #   page = articles.list(limit: 5)
    #   page.pagination.total
    #   page.next_page if page.next_page?
    def list(limit: nil, offset: nil)
      fetch_page({ limit: limit, offset: offset }.compact)
    end

    # Every published article, newest first, fetched page by page. Without a block, an Enumerator.
    # @example
    #   articles.auto_paging_each.map(&:title)
    def auto_paging_each(limit: nil, &block)
      return enum_for(:auto_paging_each, limit: limit) unless block

      list(limit: limit).auto_paging_each(&block)
    end

    # One published article, with its content as HTML.
    # @return [Models::PublicArticle]
    # @example
    #   articles.retrieve("cnt_456").content
    def retrieve(id)
      Internal::Path.segment("id", id)
      json = get(id: id.to_s)
      Models::PublicArticle.wrap(json[:article])
    end

    def inspect
      "#<#{self.class.name} base_url=#{base_url.inspect}>"
    end

    private

    def fetch_page(query)
      json = get(query)
      items = Array(json[:articles]).map { |item| Models::PublicArticleListItem.wrap(item) }
      next_page = ->(next_query) { fetch_page(next_query) }
      ArticlePage.new(items, Models::Pagination.wrap(json[:pagination]), query, next_page)
    end

    # The one operation of the public article API: a page of articles, or one by `id`.
    def get(query)
      result = @transport.request(Generated::OPERATIONS.fetch("publicArticles.get"), query: query)
      JSON.parse(result.body, symbolize_names: true)
    rescue JSON::ParserError
      raise Error, "The public article API answered #{result.status} with a body that is not JSON; " \
                   "check that base_url points at it."
    end
  end
end
