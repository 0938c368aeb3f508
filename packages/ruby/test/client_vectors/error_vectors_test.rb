# frozen_string_literal: true

require "test_helper"
require_relative "../support/vectors"

# errors.json: the error class and fields for a non-2xx answer's status, headers and body.
class ErrorVectorsTest < Minitest::Test
  VECTORS = Vectors.load("errors.json")
  CLASS_BY_KIND = {
    "bad_request" => Rankquill::BadRequestError,
    "authentication" => Rankquill::AuthenticationError,
    "not_found" => Rankquill::NotFoundError,
    "conflict" => Rankquill::ConflictError,
    "rate_limit" => Rankquill::RateLimitError,
    "internal_server" => Rankquill::InternalServerError,
    "api" => Rankquill::APIError
  }.freeze

  Vectors.named_cases(VECTORS.fetch("cases")).each do |vector, name|
    define_method(name) do
      error = Rankquill::Internal::ErrorFromResponse.build(vector.fetch("status"), vector.fetch("body"),
                                                           vector.fetch("headers"))
      expected = vector.fetch("error")
      assert_instance_of CLASS_BY_KIND.fetch(expected.fetch("kind")), error
      assert_equal expected.fetch("message"), error.message
      %w[status type param request_id].each do |field|
        value = error.public_send(field)
        expected[field].nil? ? assert_nil(value, field) : assert_equal(expected[field], value, field)
      end
    end
  end
end
