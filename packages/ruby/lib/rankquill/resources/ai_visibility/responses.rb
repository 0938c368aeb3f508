# frozen_string_literal: true

module Rankquill
  module Resources
    class AiVisibility < APIResource
      # The platforms' daily answers to the prompts, with the mentions and citations found.
      # @example
      #   client.ai_visibility.responses.list("proj_123", platform: "chatgpt").each { |answer| puts answer.mentioned }
      class Responses < APIResource
        # Lists responses, newest first, filtered by prompt, topic, platform or date (YYYY-MM-DD).
        # @return [Page<Models::AiVisibilityResponse>]
        # @example
        #   client.ai_visibility.responses.list("proj_123", platform: "perplexity").select(&:mentioned)
        def list(project_id, limit: nil, offset: nil, prompt_id: nil, topic_id: nil, platform: nil, from: nil,
                 to: nil, request_options: nil)
          query = compact(limit: limit, offset: offset, prompt_id: prompt_id, topic_id: topic_id,
                          platform: platform, from: from, to: to)
          page("aiVisibility.responses.list", [project_id], Models::AiVisibilityResponse, query, request_options)
        end
      end
    end
  end
end
