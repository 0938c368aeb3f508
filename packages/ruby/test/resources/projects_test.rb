# frozen_string_literal: true

require "test_helper"

class ProjectsTest < ServerTest
  def test_create_retrieve_update_delete
    created = client.projects.create(name: "Acme Coffee", domain: "Acme.example", language: "nl")
    assert_match(/\Aproj_/, created.id)
    assert_equal "acme.example", created.domain
    assert_equal ["Acme Coffee"], created.brand_names
    assert_equal created, client.projects.retrieve(created.id)

    updated = client.projects.update(created.id, name: "Acme", brand_names: %w[Acme ACME])
    assert_equal "Acme", updated.name
    assert_equal %w[Acme ACME], updated[:brand_names]
    assert_equal "nl", updated.language

    deleted = client.projects.delete(created.id)
    assert_equal({ id: created.id, deleted: true }, deleted.to_h)
    assert_raises(Rankquill::NotFoundError) { client.projects.retrieve(created.id) }
  end

  def test_update_sets_and_removes_the_webhook
    project = client.projects.update(project_id, webhook: { url: "http://127.0.0.1:9/hook", secret: "s3cret" })
    assert_equal "http://127.0.0.1:9/hook", project.webhook.url
    assert_equal true, project.webhook.secret_set
    assert_nil client.projects.update(project_id, webhook: nil).webhook
  end

  def test_list_pages_through_every_project
    3.times { |index| client.projects.create(name: "Site #{index}", domain: "site#{index}.example") }
    page = client.projects.list(limit: 2)
    assert_equal 2, page.count
    assert_equal 5, page.pagination.total
    assert page.next_page?
    names = page.auto_paging_each.map(&:name)
    assert_equal 5, names.size
    assert_equal names.uniq, names
  end

  def test_rotate_public_api_key_replaces_the_old_key
    old_key = client.projects.retrieve(project_id).public_api_key
    rotated = client.projects.rotate_public_api_key(project_id)
    refute_equal old_key, rotated.public_api_key
    articles = Rankquill::PublicArticles.new(api_key: old_key, base_url: server.content_api_url, max_retries: 0)
    error = assert_raises(Rankquill::AuthenticationError) { articles.list }
    assert_equal "Invalid API key", error.message
  end
end
