# frozen_string_literal: true

require_relative "../testing"

module Rankquill
  module Testing
    # RSpec helper: `config.include Rankquill::Testing::RSpec` gives each example
    # `rankquill_mock`, a fresh account and project on one mock server for the whole run,
    # stopped at exit.
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
    end
  end
end
