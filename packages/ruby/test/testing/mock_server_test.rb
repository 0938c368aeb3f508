# frozen_string_literal: true

require "minitest/autorun"
require "rankquill/testing/minitest"
require_relative "../support/repo_mock_command"

# The three tests every language's mock helper must pass, through the Minitest helper only: one
# server for the run, started from the repository's CLI, a fresh account per test.
class MockServerTest < Minitest::Test
  include Rankquill::Testing::Minitest

  def test_create_and_wait_with_advance
    client = rankquill_mock.client
    article = client.content.create(rankquill_mock.project_id, keyword: "cold brew", length: 800)
    assert_equal "generating", article.status
    rankquill_mock.advance(90)
    assert_equal "draft", client.content.retrieve(rankquill_mock.project_id, article.id).status
  end

  def test_publish_shows_the_delivery_in_deliveries
    client = rankquill_mock.client
    # Nothing listens on port 9 (discard): the attempt fails, and the delivery is listed all the same.
    client.projects.update(rankquill_mock.project_id, webhook: { url: "http://127.0.0.1:9/hook", secret: "shh" })
    article = client.content.create(rankquill_mock.project_id, keyword: "french press", length: 400)
    rankquill_mock.advance(60)
    client.content.publish(rankquill_mock.project_id, article.id)
    rankquill_mock.advance(0)
    assert_includes rankquill_mock.deliveries.map(&:event), "content.published"
    assert_empty rankquill_mock.fresh_account.deliveries, "another account sees none of them"
  end

  def test_public_articles
    client = rankquill_mock.client
    article = client.content.create(rankquill_mock.project_id, keyword: "pour over", length: 400, auto_publish: true)
    assert_empty rankquill_mock.public_articles.list.articles, "a fresh project has no article"
    rankquill_mock.advance(60)
    titles = rankquill_mock.public_articles.list.articles.map(&:title)
    assert_equal [client.content.retrieve(rankquill_mock.project_id, article.id).title], titles
  end

  def test_each_test_gets_its_own_account_on_one_server
    other = rankquill_mock.fresh_account
    assert_equal rankquill_mock.url, other.url
    refute_equal rankquill_mock.api_key, other.api_key
    refute_equal rankquill_mock.project_id, other.project_id
    assert rankquill_mock.base_url.end_with?("/v1")
    assert rankquill_mock.content_api_url.end_with?("/public-article-api")
    assert_equal 1, other.client.projects.list.data.size
  end

  # On a server of its own: reset ends every account of the server it runs on.
  def test_now_reset_and_an_admin_error
    mock = Rankquill::Testing::MockServer.start(command: REPO_MOCK_COMMAND)
    seeded = mock.now
    assert_equal Time.iso8601(seeded) + 60, Time.iso8601(mock.advance(60))
    mock.client.content.create(mock.project_id, keyword: "aeropress", length: 400)
    fresh = mock.reset
    assert_equal seeded, fresh.now
    assert_equal [fresh.project_id], fresh.client.projects.list.map(&:id)
    assert_empty fresh.client.content.list(fresh.project_id).data, "the content made before the reset is gone"
    error = assert_raises(Rankquill::Testing::MockServerError) { fresh.advance(-1) }
    assert_match(/answered 400 to admin.clock.advance/, error.message)
  ensure
    mock&.stop
  end

  def test_stop_ends_the_process
    mock = Rankquill::Testing::MockServer.start(command: REPO_MOCK_COMMAND)
    mock.stop
    assert_raises(SystemCallError) { Net::HTTP.get_response(URI("#{mock.url}/healthz")) }
  end
end
