# frozen_string_literal: true

require_relative "../testing"

module Rankquill
  module Testing
    # RSpec helper: `config.include Rankquill::Testing::RSpec` gives each example
    # `rankquill_mock`, a fresh account and project on one mock server for the whole run,
    # stopped at exit. The faults an example made on its account (`rankquill_mock.fail`, `delay`,
    # `disconnect`) are removed when it ends.
    #
    # @example
    #   require "rankquill/testing/rspec"
    #   RSpec.configure { |config| config.include Rankquill::Testing::RSpec }
    #
    #   RSpec.describe "publishing" do
    #     it "drafts after generation" do
    #       article = rankquill_mock.client.content.create(rankquill_mock.project_id, keyword: "cold brew")
    #       rankquill_mock.advance(90)
    #       expect(rankquill_mock.client.content.retrieve(rankquill_mock.project_id, article.id).status).to eq("draft")
    #     end
    #   end
    module RSpec
      include MockServerHelpers

      # RSpec includes the module in each top-level example group: an `after` hook there runs for
      # every example of the group and of the groups nested in it.
      # @api private
      # @example
      #   RSpec.configure { |config| config.include Rankquill::Testing::RSpec } # calls it per group
      def self.included(group)
        super
        group.after { rankquill_clear_faults } if group.respond_to?(:after)
      end
    end
  end
end
