# frozen_string_literal: true

module Rankquill
  module Resources
    # A project's webhook (set it with `projects.update(id, webhook: {url:, secret:})`).
    class Webhooks < APIResource
      # Sends a sample `content.published` delivery to the project's webhook and answers what the
      # receiver said.
      # @return [Models::WebhookTestResult]
      # @example
      #   result = client.webhooks.test("proj_123")
      #   result.status # => 200
      def test(project_id, request_options: nil)
        call(:post, path("/projects/%s/webhook/test", project_id: project_id), Models::WebhookTestResult,
             request_options: request_options)
      end
    end
  end
end
