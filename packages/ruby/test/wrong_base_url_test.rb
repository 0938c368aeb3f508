# frozen_string_literal: true

require "test_helper"

# A base_url that is not the API's address (the server's root, the other API, a wrong path) gets
# an error naming the address given and the right one, from the real server's answers.
class WrongBaseUrlTest < ServerTest
  def main_client(base_url)
    Rankquill::Client.new(api_key: server.api_key, base_url: base_url, max_retries: 0)
  end

  def test_the_servers_root_names_the_main_api_address
    error = assert_raises(Rankquill::APIError) { main_client(server.url).projects.list.data }
    assert_equal 303, error.status
    assert_equal "base_url #{server.url} answered 303 (a redirect to /sign-in?next=%2Fprojects): it is not the " \
                 "address of the Rankquill API, which lives under /v1; set base_url to #{server.api_base_url}.",
                 error.message
  end

  def test_the_public_api_address_and_a_wrong_path_are_404s_that_name_the_main_api_address
    [server.content_api_url, "#{server.url}/api"].each do |base_url|
      error = assert_raises(Rankquill::NotFoundError) { main_client(base_url).projects.list.data }
      assert_equal "base_url #{base_url} answered 404 (404 Not Found): it is not the address of the Rankquill " \
                   "API, which lives under /v1; set base_url to #{server.api_base_url}.", error.message
      assert_match(/\Areq_/, error.request_id)
    end
  end

  def test_a_missing_resource_under_v1_keeps_the_servers_message
    error = assert_raises(Rankquill::NotFoundError) { client.projects.retrieve("proj_does_not_exist") }
    refute_match(/base_url/, error.message)
  end

  def test_the_public_article_client_names_its_own_address
    articles = Rankquill::PublicArticles.new(api_key: server.public_api_key, base_url: server.api_base_url,
                                             max_retries: 0)
    error = assert_raises(Rankquill::NotFoundError) { articles.list }
    assert_equal "base_url #{server.api_base_url} answered 404 (404 Not Found): it is not the address of the " \
                 "Rankquill public article API, which lives under /public-article-api; set base_url to " \
                 "#{server.content_api_url}.", error.message
  end
end
