# frozen_string_literal: true

module Rankquill
  module Testing
    # The mock server could not be found, did not start, or refused an admin call. The message
    # names what is missing and the command that installs it.
    #
    # @example
    #   begin
    #     Rankquill::Testing::MockServer.start
    #   rescue Rankquill::Testing::MockServerError => e
    #     warn e.message # "... npm install --save-dev @rankquill/mock-server ..."
    #   end
    class MockServerError < Rankquill::Error
    end
  end
end
