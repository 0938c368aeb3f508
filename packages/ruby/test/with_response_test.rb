# frozen_string_literal: true

require "test_helper"

class WithResponseTest < ServerTest
  def test_status_headers_request_id_and_rate_limit
    response = client.projects.with_response.retrieve(project_id)
    assert_instance_of Rankquill::APIResponse, response
    assert_equal project_id, response.data.id
    assert_equal 200, response.status
    assert_match(/\Areq_/, response.request_id)
    assert_equal "application/json", response.headers["content-type"].split(";").first
    assert_equal 2000, response.rate_limit.limit
    assert_operator response.rate_limit.remaining, :<, 2000
    assert_instance_of Time, response.rate_limit.reset_at
  end

  def test_every_resource_offers_it
    page = client.content.with_response.list(project_id, limit: 1)
    assert_instance_of Rankquill::Page, page.data
    assert_equal 1, page.data.count
    topics = client.ai_visibility.with_response.topics.list(project_id)
    assert_equal 200, topics.status
    file = client.keywords.with_response.export(project_id)
    assert_instance_of Rankquill::ExportFile, file.data
    created = client.projects.with_response.create(name: "Acme", domain: "acme.example")
    assert_equal 201, created.status
  end

  def test_create_and_wait_answers_the_last_poll
    response = with_clock_moving do
      client.content.with_response.create_and_wait(project_id, keyword: "siphon", length: 300, poll_interval: 0.05)
    end
    assert_instance_of Rankquill::Models::ContentItem, response.data
    assert_equal "draft", response.data.status
    assert_equal 200, response.status
  end

  def test_it_answers_to_the_resource_methods_only
    proxy = client.projects.with_response
    assert_respond_to proxy, :retrieve
    assert_raises(NoMethodError) { proxy.not_a_method }
  end
end
