# frozen_string_literal: true

require "test_helper"
require "stringio"

class ExportsTest < ServerTest
  def test_create_retrieve_and_download
    started = client.exports.create(project_id, types: %w[content keywords], format: "csv",
                                                date_range: { from: "2025-12-01", to: "2026-01-01" })
    assert_equal "pending", started.status
    assert_equal({ from: "2025-12-01", to: "2026-01-01" }, started.date_range.to_h)
    error = assert_raises(Rankquill::Error) { client.exports.download(started) }
    assert_match(/not ready/, error.message)

    server.advance(10)
    ready = client.exports.retrieve(project_id, started.id)
    assert_equal "ready", ready.status
    io = StringIO.new
    file = client.exports.download(ready, to: io)
    assert_equal "application/zip", file.content_type
    assert_equal ready.size_bytes, file.size
    assert_equal "PK", io.string[0, 2]
  end

  def test_create_and_wait_then_download_by_url_without_the_key
    # No advance: an export a request makes due runs at once in the background, on a manual clock too.
    ready = client.exports.create_and_wait(project_id, types: ["content"], format: "json", poll_interval: 0.05)
    assert_equal "ready", ready.status
    document = client.exports.download(ready.download_url).json
    assert_equal project_id, document[:project][:id]

    stranger = Rankquill::Client.new(api_key: "rq_test_not_a_key", base_url: server.api_base_url, max_retries: 0)
    assert_equal ready.size_bytes, stranger.exports.download(ready.download_url).size
  end

  def test_a_tampered_download_url_is_refused
    ready = client.exports.create_and_wait(project_id, types: ["content"], format: "json", poll_interval: 0.05)
    tampered = ready.download_url.sub(/signature=[^&]+/, "signature=forged")
    error = assert_raises(Rankquill::AuthenticationError) { client.exports.download(tampered) }
    refute_includes error.message, "forged"
  end
end
