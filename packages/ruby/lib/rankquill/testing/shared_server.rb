# frozen_string_literal: true

module Rankquill
  # The process's one mock server, for the Minitest and RSpec helpers.
  module Testing
    class << self
      # Options for the server the helpers start (MockServer.start's keywords); set them before
      # the first test.
      #
      # @example
      #   Rankquill::Testing.mock_server_options = { seed: 7 }
      attr_writer :mock_server_options

      # One mock server for the whole test process, started on first use and stopped at exit.
      #
      # @example
      #   Rankquill::Testing.shared_mock_server.url # => "http://127.0.0.1:41877"
      def shared_mock_server
        @shared_mock_server ||= MockServer.start(**(@mock_server_options || {}))
      end

      # Stops the shared server, if one was started.
      # @example
      #   Minitest.after_run { Rankquill::Testing.stop_shared_mock_server }
      def stop_shared_mock_server
        @shared_mock_server&.stop
        @shared_mock_server = nil
      end
    end

    # What the Minitest and RSpec helpers add to a test: `rankquill_mock`, a fresh account and
    # project on the process's one mock server, new for every test.
    # @example
    #   class ArticleTest < Minitest::Test
    #     include Rankquill::Testing::MockServerHelpers
    #   end
    module MockServerHelpers
      # @example
      #   client = rankquill_mock.client
      #   client.content.create(rankquill_mock.project_id, keyword: "cold brew")
      def rankquill_mock
        @rankquill_mock ||= Rankquill::Testing.shared_mock_server.fresh_account
      end

      private

      # Removes the faults the test left on its account (run by the helpers when a test ends).
      # After a `reset` the account is gone and so are its faults: the server's 400 naming
      # `api_key` says so, and there is nothing left to remove.
      def rankquill_clear_faults
        @rankquill_mock&.clear_faults
      rescue MockServerError => e
        raise unless e.cause.is_a?(BadRequestError) && e.cause.param == "api_key"
      end
    end
  end
end
