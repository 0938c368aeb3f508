# frozen_string_literal: true

module Rankquill
  module Resources
    # A project's activity feed: events, webhook deliveries that succeeded or failed.
    # @example
    #   client.activity.list("proj_123").auto_paging_each { |entry| puts "#{entry.type}: #{entry.message}" }
    class Activity < APIResource
      # Lists the feed, newest first.
      # @return [Page<Models::ActivityEntry>]
      # @example
      #   client.activity.list("proj_123").select { |entry| entry.type == "webhook.delivery_failed" }
      def list(project_id, limit: nil, offset: nil, request_options: nil)
        page("activity.list", [project_id], Models::ActivityEntry,
             compact(limit: limit, offset: offset), request_options)
      end
    end
  end
end
