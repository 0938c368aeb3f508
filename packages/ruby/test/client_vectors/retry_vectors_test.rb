# frozen_string_literal: true

require "test_helper"
require_relative "../support/vectors"

# retries.json: the wait before each retry (or giving up) for a failed attempt, at a given time
# and random draw, from the policy the transport uses.
class RetryVectorsTest < Minitest::Test
  VECTORS = Vectors.load("retries.json")

  Vectors.named_cases(VECTORS.fetch("cases")).each do |vector, name|
    define_method(name) do
      wait = wait_for(vector)
      if vector["wait_ms"].nil?
        assert_nil wait, "the client must give up at once"
      else
        refute_nil wait, "the client must retry"
        assert_in_delta vector["wait_ms"], wait * 1000, 0.001
      end
    end
  end

  private

  def wait_for(vector)
    policy = Rankquill::Internal::RetryPolicy
    outcome = vector.fetch("outcome")
    random = vector.fetch("random")
    return policy.after_connection_error(vector["retry"], random: random) if outcome.key?("error")

    now = Time.at(Rational(vector.fetch("now_ms"), 1000))
    policy.after_status(outcome.fetch("status"), outcome.fetch("headers"), vector["retry"], now: now, random: random)
  end
end
