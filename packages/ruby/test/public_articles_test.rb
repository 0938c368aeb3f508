# frozen_string_literal: true

require "test_helper"

class PublicArticlesTest < ServerTest
  def articles(api_key: server.public_api_key, **options)
    Rankquill::PublicArticles.new(api_key: api_key, base_url: server.content_api_url, max_retries: 0, **options)
  end

  def test_list_pages_and_auto_paging_each
    page = articles.list(limit: 2)
    assert_equal 2, page.articles.size
    assert_equal page.articles, page.to_a
    assert_equal({ limit: 2, offset: 0, count: 2, total: 3, has_more: true }, page.pagination.to_h)
    assert_nil page.articles.first[:content]
    dates = articles.auto_paging_each(limit: 1).map(&:published_at)
    assert_equal 3, dates.size
    assert_equal dates.sort.reverse, dates
    assert_equal page.next_page.articles.first.id, articles.list(limit: 1, offset: 2).articles.first.id
  end

  def test_retrieve_gives_the_html_content
    listed = articles.list.first
    article = articles.retrieve(listed.id)
    assert_equal listed.title, article.title
    assert_match(/<p>/, article.content)
  end

  def test_errors_carry_the_messages_of_the_spec
    error = assert_raises(Rankquill::NotFoundError) { articles.retrieve("cnt_missing") }
    assert_equal "Article not found or not published", error.message
    draft = client.content.list(project_id, status: "draft").first
    assert_raises(Rankquill::NotFoundError) { articles.retrieve(draft.id) }

    error = assert_raises(Rankquill::AuthenticationError) { articles(api_key: "rqp_unknown").list }
    assert_equal "Invalid API key", error.message
    missing = articles(api_key: "x")
    error = assert_raises(Rankquill::AuthenticationError) { without_key_header(missing).list }
    assert_equal "API key required. Pass via X-Service-Key header.", error.message

    error = assert_raises(Rankquill::BadRequestError) { articles.list(limit: 101) }
    assert_equal "limit must be an integer from 1 to 100", error.message
    error = assert_raises(Rankquill::BadRequestError) { articles.list(offset: -1) }
    assert_equal "offset must be an integer of 0 or more", error.message
  end

  def test_a_missing_key_or_address_says_how_to_pass_it
    error = assert_raises(Rankquill::Error) do
      Rankquill::PublicArticles.new(api_key: "", base_url: server.content_api_url)
    end
    assert_match(/RANKQUILL_PUBLIC_API_KEY/, error.message)
    error = assert_raises(Rankquill::Error) { Rankquill::PublicArticles.new(api_key: "rqp_x", base_url: "nowhere") }
    assert_match(/RANKQUILL_CONTENT_API_URL/, error.message)
  end

  def test_a_5xx_is_retried_then_raised_as_internal_server_error
    scripted = ScriptedServer.new({ status: 500, body: '{"success":false,"error":"Internal server error"}' },
                                  { status: 500, body: '{"success":false,"error":"Internal server error"}' })
    client = Rankquill::PublicArticles.new(api_key: "rqp_x", base_url: "#{scripted.url}/public-article-api",
                                           max_retries: 1)
    error = assert_raises(Rankquill::InternalServerError) { client.list }
    assert_equal "Internal server error", error.message
    assert_equal 2, scripted.requests.size
    assert_equal "rqp_x", scripted.requests.first.headers["x-service-key"]
    assert_nil scripted.requests.first.headers["authorization"]
  ensure
    scripted&.stop
  end

  private

  # The same client sending no X-Service-Key at all, as a misconfigured proxy would.
  def without_key_header(public_articles)
    transport = public_articles.instance_variable_get(:@transport)
    headers = transport.instance_variable_get(:@plain_headers).except("x-service-key")
    transport.instance_variable_set(:@plain_headers, headers.freeze)
    public_articles
  end
end
