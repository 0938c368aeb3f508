# frozen_string_literal: true

require "test_helper"
require_relative "../support/vectors"

# path-encoding.json: the path an operation of the generated table is sent to for its ids, or
# the ArgumentError that names the refused id (in Ruby's style: contentId is content_id).
class PathEncodingVectorsTest < Minitest::Test
  VECTORS = Vectors.load("path-encoding.json")

  Vectors.named_cases(VECTORS.fetch("cases")).each do |vector, name|
    define_method(name) do
      operation = Rankquill::Generated::OPERATIONS.fetch(vector.fetch("operation"))
      ids = vector.fetch("ids")
      if vector.key?("refused")
        error = assert_raises(ArgumentError) { Rankquill::Internal::Path.build(operation, ids) }
        name = vector["refused"].gsub(/([A-Z])/) { "_#{Regexp.last_match(1).downcase}" }
        assert_match(/\A#{name} must be/, error.message)
      else
        assert_equal vector.fetch("path"), Rankquill::Internal::Path.build(operation, ids)
      end
    end
  end
end
