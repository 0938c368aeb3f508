# frozen_string_literal: true

module Rankquill
  module Resources
    class AiVisibility < APIResource
      # The prompts of a topic, asked of every platform daily.
      # @example
      #   prompt = client.ai_visibility.prompts.create("proj_123", topic_id: "top_456", text: "Best espresso beans?")
      class Prompts < APIResource
        # Creates a prompt under a topic.
        # @return [Models::AiVisibilityPrompt]
        # @example
        #   client.ai_visibility.prompts.create("proj_123", topic_id: "top_456", text: "Best cold brew ratio?")
        def create(project_id, topic_id:, text:, request_options: nil)
          call("aiVisibility.prompts.create", [project_id], Models::AiVisibilityPrompt,
               body: { topic_id: topic_id, text: text }, request_options: request_options)
        end

        # Lists the prompts, newest first, optionally of one topic.
        # @return [Page<Models::AiVisibilityPrompt>]
        # @example
        #   client.ai_visibility.prompts.list("proj_123", topic_id: "top_456").map(&:text)
        def list(project_id, limit: nil, offset: nil, topic_id: nil, request_options: nil)
          page("aiVisibility.prompts.list", [project_id], Models::AiVisibilityPrompt,
               compact(limit: limit, offset: offset, topic_id: topic_id), request_options)
        end
      end
    end
  end
end
