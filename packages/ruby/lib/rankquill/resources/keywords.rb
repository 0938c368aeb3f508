# frozen_string_literal: true

module Rankquill
  module Resources
    # A project's tracked keywords: rankings, opportunities and their daily performance.
    # @example
    #   keyword = client.keywords.create("proj_123", keyword: "cold brew ratio")
    #   puts keyword.position, keyword.opportunity_score
    class Keywords < APIResource
      # Starts tracking a keyword; it is checked at once, then daily.
      # @return [Models::Keyword]
      # @example
      #   client.keywords.create("proj_123", keyword: "cold brew ratio").position
      def create(project_id, keyword:, request_options: nil)
        call("keywords.create", [project_id], Models::Keyword, body: { keyword: keyword },
                                                               request_options: request_options)
      end

      # Lists the tracked keywords, newest first.
      # @return [Page<Models::Keyword>]
      # @example
      #   client.keywords.list("proj_123").each { |keyword| puts "#{keyword.keyword}: #{keyword.position}" }
      def list(project_id, limit: nil, offset: nil, request_options: nil)
        page("keywords.list", [project_id], Models::Keyword, compact(limit: limit, offset: offset), request_options)
      end

      # Every tracked keyword by opportunity score, highest first.
      # @return [Page<Models::KeywordOpportunity>]
      # @example
      #   best = client.keywords.opportunities("proj_123", limit: 5).first
      #   best.factors.click_gap
      def opportunities(project_id, limit: nil, offset: nil, request_options: nil)
        page("keywords.opportunities", [project_id], Models::KeywordOpportunity,
             compact(limit: limit, offset: offset), request_options)
      end

      # One point a day of a keyword's ranking, between `from` and `to` (YYYY-MM-DD).
      # @return [Page<Models::KeywordPerformancePoint>]
      # @example
      #   client.keywords.performance("proj_123", "kw_456", from: "2026-01-01").map(&:position)
      def performance(project_id, keyword_id, limit: nil, offset: nil, from: nil, to: nil, request_options: nil)
        page("keywords.performance", [project_id, keyword_id], Models::KeywordPerformancePoint,
             compact(limit: limit, offset: offset, from: from, to: to), request_options)
      end

      # Streams the keywords as CSV (keyword, volume, position, position change, impressions,
      # clicks, opportunity score): to `to` (an IO or a path), to the block, or read whole.
      # @return [ExportFile]
      # @example
      #   client.keywords.export("proj_123", to: $stdout)
      def export(project_id, format: "csv", to: nil, request_options: nil, &block)
        file_call("keywords.export", [project_id], query: { format: format }, to: to, request_options: request_options,
                  &block)
      end
    end
  end
end
