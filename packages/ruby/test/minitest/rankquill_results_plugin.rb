# frozen_string_literal: true

# A minitest plugin (found on the load path by Minitest.load_plugins) that writes the run's
# counts as {"passed": N, "failed": N, "skipped": N} to the file named by RANKQUILL_TEST_RESULTS,
# for the repository's test command to add up. Errors count as failures.
module Minitest
  def self.plugin_rankquill_results_init(_options)
    path = ENV.fetch("RANKQUILL_TEST_RESULTS", nil)
    reporter << RankquillResultsReporter.new(path) if path && !path.empty?
  end

  # Counts each test's result as it finishes.
  class RankquillResultsReporter < AbstractReporter
    def initialize(path)
      super()
      @path = path
      @counts = { passed: 0, failed: 0, skipped: 0 }
    end

    def record(result)
      @counts[outcome(result)] += 1
    end

    def outcome(result)
      return :skipped if result.skipped?

      result.passed? ? :passed : :failed
    end

    def report
      File.write(@path, JSON.generate(@counts))
    end
  end
end
