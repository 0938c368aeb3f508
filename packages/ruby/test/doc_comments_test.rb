# frozen_string_literal: true

require "minitest/autorun"
require_relative "../scripts/reference"

# Every public class, module and method of the gem has a doc comment with an @example, and YARD
# reads the gem without a warning: the checks of scripts/reference.rb, which writes the Ruby API
# reference of the documentation site (`pnpm docs:build`) and fails on the same warnings.
class DocCommentsTest < Minitest::Test
  def test_every_public_symbol_has_a_doc_comment_with_an_example
    result = Reference.build
    assert_empty result.warnings
    # The client, its resources, errors, pages, the receiver and its stores, the testing helpers, the models.
    assert_operator result.checked, :>, 500
    assert_equal %w[index resources webhooks testing models], result.pages.keys
  end
end
