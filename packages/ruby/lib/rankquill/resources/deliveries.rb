# frozen_string_literal: true

module Rankquill
  module Resources
    # The deliveries of a project's webhook, with their attempts.
    # @example
    #   client.deliveries.list("proj_123").each { |delivery| puts "#{delivery.event} #{delivery.status}" }
    class Deliveries < APIResource
      # Lists the deliveries, newest first, each with its latest attempts.
      # @return [Page<Models::Delivery>]
      # @example
      #   client.deliveries.list("proj_123").select { |delivery| delivery.status == "failed" }
      def list(project_id, limit: nil, offset: nil, request_options: nil)
        page("deliveries.list", [project_id], Models::Delivery,
             compact(limit: limit, offset: offset), request_options)
      end

      # One delivery of the project's webhook, with its latest attempts; an unknown id (or one of
      # another project) raises NotFoundError with `param` "deliveryId".
      # @return [Models::Delivery]
      # @example
      #   client.deliveries.retrieve("proj_123", "dlv_456").attempts.map(&:status) # => ["succeeded"]
      def retrieve(project_id, delivery_id, request_options: nil)
        call("deliveries.retrieve", [project_id, delivery_id], Models::Delivery, request_options: request_options)
      end

      # Sends a delivery again with the same `webhook-id`; answers it, `pending`.
      # @return [Models::Delivery]
      # @example
      #   client.deliveries.redeliver("proj_123", "dlv_456").status # => "pending"
      def redeliver(project_id, delivery_id, request_options: nil)
        call("deliveries.redeliver", [project_id, delivery_id], Models::Delivery, request_options: request_options)
      end
    end
  end
end
