# frozen_string_literal: true

module Rankquill
  module Resources
    class AiVisibility < APIResource
      # The topics whose prompts the platforms are asked daily.
      # @example
      #   topic = client.ai_visibility.topics.create("proj_123", name: "Espresso")
      class Topics < APIResource
        # Creates a topic.
        # @return [Models::AiVisibilityTopic]
        # @example
        #   topic = client.ai_visibility.topics.create("proj_123", name: "Cold brew")
        def create(project_id, name:, request_options: nil)
          call("aiVisibility.topics.create", [project_id], Models::AiVisibilityTopic, body: { name: name },
                                                                                      request_options: request_options)
        end

        # Lists the topics, newest first.
        # @return [Page<Models::AiVisibilityTopic>]
        # @example
        #   client.ai_visibility.topics.list("proj_123").map(&:name)
        def list(project_id, limit: nil, offset: nil, request_options: nil)
          page("aiVisibility.topics.list", [project_id], Models::AiVisibilityTopic,
               compact(limit: limit, offset: offset), request_options)
        end
      end
    end
  end
end
