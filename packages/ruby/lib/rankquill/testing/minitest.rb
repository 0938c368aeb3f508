# frozen_string_literal: true

require "minitest"
require_relative "../testing"

module Rankquill
  module Testing
    # Minitest helper: `include Rankquill::Testing::Minitest` in a test class gives each test
    # `rankquill_mock`, a fresh account and project on one mock server for the whole run,
    # stopped when Minitest ends. The faults a test made on its account (`rankquill_mock.fail`,
    # `delay`, `disconnect`) are removed when it ends.
    #
    # @example
    #   require "rankquill/testing/minitest"
    #
    #   class PublishTest < Minitest::Test
    #     include Rankquill::Testing::Minitest
    #
    #     def test_draft_after_generation
    #       article = rankquill_mock.client.content.create(rankquill_mock.project_id, keyword: "cold brew")
    #       rankquill_mock.advance(90)
    #       assert_equal "draft", rankquill_mock.client.content.retrieve(rankquill_mock.project_id, article.id).status
    #     end
    #   end
    module Minitest
      include MockServerHelpers

      ::Minitest.after_run { Rankquill::Testing.stop_shared_mock_server }

      # Minitest's hook for libraries, after the test's own `teardown`: removes the test's faults.
      # A test class that defines its own `after_teardown` calls `super`.
      # @api private
      # @example
      #   def after_teardown
      #     super # the faults of rankquill_mock are gone after this
      #   end
      def after_teardown
        rankquill_clear_faults
      ensure
        super
      end
    end
  end
end
