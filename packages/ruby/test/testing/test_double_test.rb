# frozen_string_literal: true

require "minitest/autorun"
require "rankquill/testing/minitest"
require_relative "../support/repo_mock_command"

# Issue 28's "Done means", in Ruby: the Minitest helper's fault and journal verbs against the real
# server process started from the repository's CLI, through the Ruby client.
class TestDoubleTest < Minitest::Test
  include Rankquill::Testing::Minitest

  def test_two_503s_on_create_are_retried_and_the_third_attempt_makes_one_item
    fault = rankquill_mock.fail("content.create", 503, times: 2)
    assert_instance_of Rankquill::Models::Fault, fault
    assert_equal [503, 2, "content.create"], [fault.status, fault.times, fault.operation]

    article = rankquill_mock.client(max_retries: 2).content.create(rankquill_mock.project_id, keyword: "cold brew")

    attempts = rankquill_mock.requests("content.create")
    assert_equal [202, 503, 503], attempts.map(&:status)
    assert_equal [nil, fault.id, fault.id], attempts.map(&:fault)
    keys = attempts.map(&:idempotency_key).uniq
    assert_equal 1, keys.size, "every attempt carried the same Idempotency-Key"
    refute_nil keys.first
    assert_equal [article.id], rankquill_mock.client.content.list(rankquill_mock.project_id).map(&:id)
    assert_empty rankquill_mock.faults, "the fault ran out of times"
  end

  def test_a_lost_answer_after_commit_is_retried_and_the_first_answer_replayed
    fault = rankquill_mock.disconnect("content.create")
    assert_equal "after", fault.disconnect

    client = rankquill_mock.client(max_retries: 2)
    response = client.content.with_response.create(rankquill_mock.project_id, keyword: "lost answer")

    assert_equal "true", response.headers["idempotent-replayed"]
    lost, replayed = rankquill_mock.requests("content.create").reverse
    assert_equal [nil, fault.id], [lost.status, lost.fault], "the first attempt got no answer"
    assert_equal [202, nil], [replayed.status, replayed.fault]
    assert_equal lost.idempotency_key, replayed.idempotency_key
    assert_equal [response.data.id], client.content.list(rankquill_mock.project_id).map(&:id)
  end

  def test_a_429_with_retry_after_1_is_waited_out
    rankquill_mock.fail("projects.retrieve", 429, headers: { "Retry-After" => 1 })

    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    project = rankquill_mock.client(max_retries: 1).projects.retrieve(rankquill_mock.project_id)
    elapsed = Process.clock_gettime(Process::CLOCK_MONOTONIC) - started

    assert_equal rankquill_mock.project_id, project.id
    assert_operator elapsed, :>=, 1.0, "the client waited the second Retry-After asked for"
    assert_equal [200, 429], rankquill_mock.requests("projects.retrieve").map(&:status)
  end

  def test_a_delay_longer_than_the_clients_timeout_raises_its_timeout_error
    fault = rankquill_mock.delay("projects.retrieve", 3_000)
    assert_equal 3_000, fault.delay_ms
    client = rankquill_mock.client(timeout: 0.5, max_retries: 0)

    started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    error = assert_raises(Rankquill::APITimeoutError) { client.projects.retrieve(rankquill_mock.project_id) }
    assert_operator Process.clock_gettime(Process::CLOCK_MONOTONIC) - started, :<, 2.5
    assert_match(/did not answer GET .* within 0.5 s/, error.message)
  end

  def test_two_accounts_with_faults_at_the_same_time_never_see_each_others
    first = rankquill_mock
    second = rankquill_mock.fresh_account
    first_fault = first.fail("content.create", 503, times: nil)
    second_fault = second.fail("projects.retrieve", 500, times: nil)
    first_public = first.fail("publicArticles.get", 502, times: nil)

    outcomes = [first, second].map do |mock|
      Thread.new { Array.new(5) { attempts_of(mock) } }
    end.map(&:value)

    assert_equal [[503, :ok, 502]] * 5, outcomes[0], "only the first account's faults reach it"
    assert_equal [[:ok, 500, :ok]] * 5, outcomes[1], "only the second account's fault reaches it"
    assert_equal [first_fault.id, first_public.id], first.faults.map(&:id)
    assert_equal [second_fault.id], second.faults.map(&:id)
    assert_equal 16, first.requests.size, "its 15 calls and the projects.create that made its project"
    assert_equal [first_fault.id] * 5, first.requests("content.create").map(&:fault)
    assert_equal [nil] * 5, second.requests("content.create").map(&:fault)
    assert_equal 2, first.clear_faults
    assert_equal [second_fault.id], second.faults.map(&:id), "clearing one account's faults leaves the other's"
  end

  def test_failing_removes_its_fault_when_the_block_ends
    client = rankquill_mock.client(max_retries: 0)
    answer = rankquill_mock.failing("content.create", 500, times: nil) do |fault|
      assert_equal [fault.id], rankquill_mock.faults.map(&:id)
      2.times do
        assert_raises(Rankquill::InternalServerError) { client.content.create(rankquill_mock.project_id, keyword: "a") }
      end
      :value
    end
    assert_equal :value, answer
    assert_empty rankquill_mock.faults
    assert_equal "generating", client.content.create(rankquill_mock.project_id, keyword: "a").status

    assert_raises(ZeroDivisionError) { rankquill_mock.delaying("content.list", 1_000, times: nil) { 1 / 0 } }
    assert_empty rankquill_mock.faults, "the fault goes when the block raises too"
  end

  def test_a_lost_answer_not_retried_is_a_connection_error_though_the_item_was_made
    rankquill_mock.disconnect("content.create")
    assert_raises(Rankquill::APIConnectionError) do
      rankquill_mock.client(max_retries: 0).content.create(rankquill_mock.project_id, keyword: "made anyway")
    end
    assert_equal ["made anyway"], rankquill_mock.client.content.list(rankquill_mock.project_id).map(&:keyword)
  end

  def test_disconnect_before_commit_changes_nothing
    rankquill_mock.disconnect("content.create", after_commit: false)
    assert_raises(Rankquill::APIConnectionError) do
      rankquill_mock.client(max_retries: 0).content.create(rankquill_mock.project_id, keyword: "never made")
    end
    assert_empty rankquill_mock.client.content.list(rankquill_mock.project_id).data
    assert_equal [nil], rankquill_mock.requests("content.create").map(&:status)
  end

  def test_remove_fault_clear_requests_and_a_faults_shown_key
    fault = rankquill_mock.fail("*", 503, times: nil)
    assert_equal "#{rankquill_mock.api_key[0, 8]}…", fault.api_key
    assert rankquill_mock.remove_fault(fault)
    refute rankquill_mock.remove_fault(fault.id), "a fault gone already answers false"
    rankquill_mock.clear_requests
    rankquill_mock.client.projects.list
    assert_equal ["projects.list"], rankquill_mock.requests.map(&:operation)
    assert_equal 1, rankquill_mock.clear_requests
    assert_empty rankquill_mock.requests
  end

  def test_bad_input_is_a_clear_error
    error = assert_raises(Rankquill::Testing::MockServerError) { rankquill_mock.fail("content.creat", 503) }
    assert_match(/answered 400 to fail\("content.creat", …\): `operation` must be "\*" or an operation id/,
                 error.message)
    assert_includes error.message, "content.create, content.retrieve"
    error = assert_raises(Rankquill::Testing::MockServerError) { rankquill_mock.fail("content.create", 418) }
    assert_includes error.message, "`status` must be one of 429, 500, 502, 503, 504"
    error = assert_raises(Rankquill::Testing::MockServerError) { rankquill_mock.delay("content.create", 0) }
    assert_includes error.message, "`delay_ms` must be"
    error = assert_raises(ArgumentError) { rankquill_mock.fail("content.create", 503, times: 0) }
    assert_includes error.message, "times must be a whole number of requests above 0, or nil"
    assert_empty rankquill_mock.faults, "a refused fault leaves none"
  end

  # A test of the helper that leaves a fault with no end behind; LeftFaultProbe runs it.
  class LeftFaultProbe < Minitest::Test
    include Rankquill::Testing::Minitest

    class << self
      attr_accessor :handle
    end

    # Not named test_*: Minitest runs it only when a test asks.
    def leave_a_fault
      self.class.handle = rankquill_mock
      rankquill_mock.fail("content.create", 503, times: nil)
    end
  end

  def test_the_minitest_helper_removes_a_tests_faults_when_it_ends
    result = LeftFaultProbe.new(:leave_a_fault).run
    assert result.passed?, result.failures.join("\n")
    left = LeftFaultProbe.handle
    assert_empty left.faults
    assert_equal "generating", left.client(max_retries: 0).content.create(left.project_id, keyword: "after").status
  end

  private

  # One create, one project retrieve and one public list of `mock`'s account: :ok, or the error status.
  def attempts_of(mock)
    client = mock.client(max_retries: 0)
    calls = [
      -> { client.content.create(mock.project_id, keyword: "parallel") },
      -> { client.projects.retrieve(mock.project_id) },
      -> { mock.public_articles(max_retries: 0).list }
    ]
    calls.map do |call|
      call.call
      :ok
    rescue Rankquill::APIError => e
      e.status
    end
  end
end
