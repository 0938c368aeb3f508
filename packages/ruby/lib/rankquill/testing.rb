# frozen_string_literal: true

require_relative "../rankquill"
require_relative "testing/mock_server_error"
require_relative "testing/mock_server_command"
require_relative "testing/mock_server_process"
require_relative "testing/test_double"
require_relative "testing/mock_server"
require_relative "testing/shared_server"

module Rankquill
  # Test helpers: Rankquill::Testing::MockServer starts the mock server for a test suite;
  # `require "rankquill/testing/minitest"` or `"rankquill/testing/rspec"` adds the helpers of
  # those frameworks.
  # @example
  #   require "rankquill/testing/minitest"
  #   mock = Rankquill::Testing::MockServer.start
  #   mock.client.projects.retrieve(mock.project_id)
  module Testing
  end
end
