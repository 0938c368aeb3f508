# frozen_string_literal: true

require "test_helper"
require_relative "../support/vectors"

# article-page.json: the exact page the TypeScript renderArticlePage writes for each article, and
# the Content-Security-Policy every language serves it with.
class ArticlePageVectorsTest < Minitest::Test
  VECTORS = Vectors.load("article-page.json")

  def test_the_policy_is_the_contracts
    assert_equal VECTORS.fetch("content_security_policy"), Rankquill::Webhooks::ArticlePage::CONTENT_SECURITY_POLICY
  end

  VECTORS.fetch("cases").each do |vector|
    define_method(Vectors.test_name(vector.fetch("name"))) do
      article = Vectors.symbolized(vector.fetch("article"))
      assert_equal vector.fetch("html"), Rankquill::Webhooks::ArticlePage.render(article)
    end
  end
end
