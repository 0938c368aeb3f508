# frozen_string_literal: true

require "test_helper"
require "stringio"
require "tmpdir"

class ContentTest < ServerTest
  def test_create_then_the_clock_finishes_it
    job = client.content.create(project_id, keyword: "cold brew ratio", type: "how_to", length: 300)
    assert_equal "generating", job.status
    assert_equal "how_to", job.type
    assert_equal "2026-01-01T00:00:35.000Z", job.estimated_completion
    assert_nil client.content.retrieve(project_id, job.id).title

    server.advance(35)
    item = client.content.retrieve(project_id, job.id)
    assert_equal "draft", item.status
    assert_kind_of String, item.title
    assert_operator item.word_count, :>, 200
  end

  def test_create_and_wait_answers_the_finished_article
    item = with_clock_moving do
      client.content.create_and_wait(project_id, keyword: "french press", length: 300, auto_publish: true,
                                                 poll_interval: 0.05)
    end
    assert_equal "published", item.status
    assert_equal "french press", item.keyword
  end

  def test_create_and_wait_gives_up_after_wait_timeout
    error = assert_raises(Rankquill::WaitTimeoutError) do
      client.content.create_and_wait(project_id, keyword: "slow", poll_interval: 0.05, wait_timeout: 0.3)
    end
    assert_match(/\Acnt_/, error.id)
    assert_equal "generating", error.last_status
    assert_match(/wait_timeout/, error.message)
  end

  def test_update_publish_unpublish_delete
    draft = client.content.list(project_id, status: "draft").first
    updated = client.content.update(project_id, draft.id, title: "The perfect cold brew ratio", keywords: ["brew"])
    assert_equal "The perfect cold brew ratio", updated.title
    assert_equal ["brew"], updated.keywords

    published = client.content.publish(project_id, draft.id)
    assert_equal "published", published.status
    refute_nil published.published_at
    assert_equal "draft", client.content.unpublish(project_id, draft.id).status

    assert_equal true, client.content.delete(project_id, draft.id).deleted
    assert_raises(Rankquill::NotFoundError) { client.content.retrieve(project_id, draft.id) }
  end

  def test_publish_of_a_generating_item_is_a_conflict
    generating = client.content.list(project_id, status: "generating").first
    error = assert_raises(Rankquill::ConflictError) { client.content.publish(project_id, generating.id) }
    assert_equal 409, error.status
    assert_equal "conflict_error", error.type
  end

  def test_list_filters_by_status_and_pages
    statuses = client.content.list(project_id, limit: 2).auto_paging_each.map(&:status)
    assert_equal 5, statuses.size
    assert_equal(%w[published], client.content.list(project_id, status: "published").map(&:status).uniq)
  end

  def test_export_streams_to_an_io_a_path_a_block_or_memory
    io = StringIO.new
    file = client.content.export(project_id, format: "csv", to: io)
    assert_nil file.body
    assert_equal io.string.bytesize, file.size
    assert_equal "text/csv", file.content_type
    assert_match(/\Anorthwind-coffee-content-\d{4}-\d\d-\d\d\.csv\z/, file.filename)

    Dir.mktmpdir do |dir|
      target = File.join(dir, "content.md")
      client.content.export(project_id, format: "markdown", to: target)
      assert_match(/^# /, File.read(target))
    end

    chunks = []
    client.content.export(project_id, format: "html") { |chunk| chunks << chunk }
    assert_match(/<html/i, chunks.join)

    json = client.content.export(project_id, format: "json").json
    assert_equal "content_export", json[:object]
    assert_equal 4, json[:articles].size
  end
end
