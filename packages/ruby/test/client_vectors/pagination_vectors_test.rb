# frozen_string_literal: true

require "test_helper"
require_relative "../support/vectors"

# pagination.json: the query of the page after a page, or none, from the query that fetched it
# and its answer's pagination figures.
class PaginationVectorsTest < Minitest::Test
  VECTORS = Vectors.load("pagination.json")

  Vectors.named_cases(VECTORS.fetch("cases")).each do |vector, name|
    define_method(name) do
      pagination = Rankquill::Models::Pagination.wrap(Vectors.symbolized(vector.fetch("pagination")))
      next_query = Rankquill::Page.next_query(Vectors.symbolized(vector.fetch("params")), pagination)
      expected = vector.fetch("next")
      if expected.nil?
        assert_nil next_query
      else
        assert_equal Vectors.symbolized(expected), next_query
      end
    end
  end
end
