# frozen_string_literal: true

module Rankquill
  module Resources
    # A project's AI visibility: the score, and its topics, prompts and the platforms' responses.
    # @example
    #   visibility = client.ai_visibility.retrieve("proj_123")
    #   puts visibility.score, visibility.platforms.map(&:platform).join(" ")
    class AiVisibility < APIResource
      # @return [AiVisibility::Topics]
      attr_reader :topics
      # @return [AiVisibility::Prompts]
      attr_reader :prompts
      # @return [AiVisibility::Responses]
      attr_reader :responses

      # @api private
      def initialize(transport)
        super
        @topics = Topics.new(transport)
        @prompts = Prompts.new(transport)
        @responses = Responses.new(transport)
      end

      # The visibility score over a period (`from`, `to` as YYYY-MM-DD; default the last 30 days),
      # with its breakdown per platform and the cited domains.
      # @return [Models::AiVisibilityScore]
      # @example
      #   score = client.ai_visibility.retrieve("proj_123")
      #   score.platforms.map { |platform| [platform.platform, platform.score] }
      def retrieve(project_id, from: nil, to: nil, request_options: nil)
        call("aiVisibility.retrieve", [project_id], Models::AiVisibilityScore, query: compact(from: from, to: to),
                                                                               request_options: request_options)
      end

      # Streams the AI-visibility export as JSON (topics, prompts, responses, citation scores and
      # the platform breakdown): to `to` (an IO or a path), to the block, or read whole.
      # @return [ExportFile]
      # @example
      #   client.ai_visibility.export("proj_123").json[:visibility][:score]
      def export(project_id, format: "json", to: nil, request_options: nil, &block)
        file_call("aiVisibility.export", [project_id], query: { format: format }, to: to,
                                                       request_options: request_options, &block)
      end
    end
  end
end
