# frozen_string_literal: true

module Rankquill
  module Resources
    # A project's webhook (set it with `projects.update(id, webhook: {url:, secret:})`, whose
    # answer holds the signing secret once).
    # @example
    #   client.webhooks.test("proj_123").status # => "pending"
    class Webhooks < APIResource
      # Queues a sample `content.published` delivery to the project's webhook, sent at once in the
      # background, and answers the queued delivery (`pending`); `deliveries.list` shows what the
      # receiver said.
      # @return [Models::Delivery]
      # @example
      #   queued = client.webhooks.test("proj_123")
      #   queued.status # => "pending"
      def test(project_id, request_options: nil)
        call("projects.webhook.test", [project_id], Models::Delivery, request_options: request_options)
      end

      # Replaces the webhook's signing secret and answers the new one, this once; for 24 hours
      # deliveries carry signatures by both the new and the replaced one.
      # @return [Models::WebhookSigningSecretRotation]
      # @example
      #   client.webhooks.rotate_signing_secret("proj_123").signing_secret # => "whsec_..."
      def rotate_signing_secret(project_id, request_options: nil)
        call("projects.webhook.rotateSigningSecret", [project_id], Models::WebhookSigningSecretRotation,
             request_options: request_options)
      end
    end
  end
end
