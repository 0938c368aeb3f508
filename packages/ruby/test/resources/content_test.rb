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

  def test_create_and_wait_answers_the_finished_article_while_a_test_moves_the_manual_clock
    before = requests_left
    item = with_clock_moving do
      client.content.create_and_wait(project_id, keyword: "french press", length: 300, auto_publish: true,
                                                 poll_interval: 0.05)
    end
    assert_equal "published", item.status
    assert_equal "french press", item.keyword
    # The create call, at least one poll, and the retrieve that reads the figure.
    assert_operator before - requests_left, :>=, 3
  end

  def test_create_and_wait_on_a_manual_clock_polls_once_after_a_second_by_default
    started = monotonic
    # 35 s of generation estimated: on a manual clock the first poll comes after a second instead,
    # and finds the article the moving clock finished meanwhile. (Without the rule, wait_timeout
    # would end it in WaitTimeoutError.)
    item = with_clock_moving do
      client.content.create_and_wait(project_id, keyword: "moka pot", length: 300, wait_timeout: 10)
    end
    waited = monotonic - started
    assert_equal "draft", item.status
    assert_operator waited, :>=, 0.9
    assert_operator waited, :<, 3
  end

  def test_create_and_wait_on_a_manual_clock_fails_within_a_second_naming_the_clock_and_its_route
    started = monotonic
    error = assert_raises(Rankquill::ManualClockError) do
      client.content.create_and_wait(project_id, keyword: "aeropress", length: 300, wait_timeout: 10)
    end
    waited = monotonic - started
    assert_kind_of Rankquill::Error, error
    refute_kind_of Rankquill::WaitTimeoutError, error
    assert_match(/\Acnt_/, error.id)
    assert_includes error.message, "manual clock"
    assert_includes error.message, "POST /__admin/clock/advance"
    assert_includes error.message, error.id
    assert_operator waited, :>=, 0.9
    assert_operator waited, :<, 2.5
    # The item is there, generating, for the test to advance and retrieve.
    server.advance(60)
    assert_equal "draft", client.content.retrieve(project_id, error.id).status
  end

  def test_create_and_wait_on_a_real_clock_keeps_waiting_past_a_second
    real = MockServer.real_clock
    real_client = real.client(max_retries: 0)
    refute real_client.projects.with_response.retrieve(real.project_id).headers.key?("x-rankquill-clock")
    started = monotonic
    # 35 s of generation estimated: a 1.5 s wait ends in WaitTimeoutError, not ManualClockError.
    error = assert_raises(Rankquill::WaitTimeoutError) do
      real_client.content.create_and_wait(real.project_id, keyword: "siphon", length: 300, wait_timeout: 1.5)
    end
    assert_operator monotonic - started, :>=, 1.5
    assert_equal "generating", error.last_status
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

  private

  def monotonic
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end

  # The account's requests left this hour, read with one request.
  def requests_left
    client.projects.with_response.retrieve(project_id).rate_limit.remaining
  end
end
