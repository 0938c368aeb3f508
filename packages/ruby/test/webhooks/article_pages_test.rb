# frozen_string_literal: true

require "test_helper"
require "rack"
require "rack/lint"
require "rack/mock"

# ArticlePages serves stored articles at the URLs the receiver answers; Mount hands one path to
# the receiver whatever the method. Both through Rack::Lint.
class ArticlePagesTest < Minitest::Test
  SECRET = "rq_whsec_article_pages"

  def setup
    @receiver = Rankquill::Webhooks::Receiver.new(secret: SECRET)
    body = JSON.generate(title: "Café <crème>", slug: "café", content: "<p>Hot.</p><script>x()</script>",
                         language: "fr")
    assert_equal "/fr/resources/blog/caf%C3%A9", @receiver.handle({ "x-service-key" => SECRET }, body).body[:url]
    pages = Rankquill::Webhooks::ArticlePages.new(@receiver.store)
    app = Rankquill::Webhooks::Mount.new(pages, "/webhooks/rankquill" => @receiver)
    @app = Rack::Lint.new(app)
    @request = Rack::MockRequest.new(@app)
  end

  def test_the_answered_url_shows_the_page_under_the_policy
    response = @request.get("/fr/resources/blog/caf%C3%A9")
    assert_equal 200, response.status
    assert_equal Rankquill::Webhooks::ArticlePage::CONTENT_SECURITY_POLICY, response["content-security-policy"]
    assert_includes response.body, "<h1>Café &lt;crème&gt;</h1>"
    assert_includes response.body, "<p>Hot.</p>\n</article>"
    assert_equal response.body.bytesize.to_s, response["content-length"]
    assert_equal "", @request.head("/fr/resources/blog/caf%C3%A9").body
  end

  def test_other_paths_languages_and_methods
    assert_equal 404, @request.get("/en/resources/blog/caf%C3%A9").status
    assert_equal 404, @request.get("/fr/resources/blog/tea").status
    assert_equal 404, @request.get("/").status
    malformed = Rack::MockRequest.env_for("/").merge("PATH_INFO" => "/fr/resources/blog/caf%zz")
    assert_equal 400, @app.call(malformed)[0]
    post = @request.post("/fr/resources/blog/caf%C3%A9")
    assert_equal [405, "GET, HEAD"], [post.status, post["allow"]]
  end

  def test_mount_hands_every_method_at_its_path_to_the_receiver
    get = @request.get("/webhooks/rankquill")
    assert_equal [405, "POST"], [get.status, get["allow"]]
    post = @request.post("/webhooks/rankquill", input: JSON.generate(title: "T", slug: "t", content: "x"),
                                                "HTTP_X_SERVICE_KEY" => SECRET, "CONTENT_TYPE" => "application/json")
    assert_equal 200, post.status
    assert_equal 404, @request.get("/webhooks/rankquill/other").status
  end
end
