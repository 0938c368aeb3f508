# frozen_string_literal: true

require "test_helper"

# Ids are checked and percent-encoded before any request, so an id can never reach another route.
class PathParamsTest < Minitest::Test
  def setup
    @scripted = ScriptedServer.new(Array.new(5) { { status: 200, body: '{"id":"x","deleted":true}' } })
    @client = Rankquill::Client.new(api_key: "rq_test_x", base_url: "#{@scripted.url}/v1", max_retries: 0)
  end

  def teardown
    @scripted.stop
  end

  def test_empty_dot_and_dot_dot_raise_before_any_request
    ["", ".", ".."].each do |bad|
      error = assert_raises(ArgumentError) { @client.content.delete("proj_1", bad) }
      assert_match(/content_id must be a non-empty id/, error.message)
      error = assert_raises(ArgumentError) { @client.projects.retrieve(bad) }
      assert_match(/\Aproject_id must be a non-empty id/, error.message, "named as the contract names it")
    end
    assert_empty @scripted.requests
  end

  def test_an_operation_given_the_wrong_number_of_ids_is_refused
    operation = Rankquill::Generated::OPERATIONS.fetch("content.retrieve")
    error = assert_raises(ArgumentError) { Rankquill::Internal::Path.build(operation, ["proj_1"]) }
    assert_equal "content.retrieve takes 2 ids (project_id, content_id), got 1.", error.message
  end

  # Outside the signatures (an id must be a String), so checked on the path builder itself: the
  # RBS run would stop these calls before the client sees them.
  def test_an_id_that_is_not_a_string_is_refused
    error = assert_raises(ArgumentError) { Rankquill::Internal::Path.segment("id", nil) }
    assert_equal "id must be an id String, got NilClass.", error.message
    assert_raises(ArgumentError) { Rankquill::Internal::Path.segment("keyword_id", 42) }
  end

  def test_every_segment_is_percent_encoded
    @client.content.delete("proj 1", "a/b?c#d%")
    assert_equal "/v1/projects/proj%201/content/a%2Fb%3Fc%23d%25", @scripted.requests.first.target
    @client.projects.retrieve("..a")
    assert_equal "/v1/projects/..a", @scripted.requests.last.target
    @client.projects.retrieve("café")
    assert_equal "/v1/projects/caf%C3%A9", @scripted.requests.last.target
  end
end
