# frozen_string_literal: true

require "minitest/autorun"
require "tmpdir"
require_relative "../support/repo_mock_command"
require_relative "../support/runs_guide_samples"

# Runs the Ruby samples of "Testing your error handling" in docs/testing.md as written: each block
# marked for this file goes, unchanged, into a test file of its own, and one `ruby` process runs
# them all with this checkout's gem (-I lib) and server (RANKQUILL_MOCK_COMMAND), as a user's
# suite would with the helper's one server.
class ErrorHandlingGuideTest < Minitest::Test
  include RunsGuideSamples

  LIB = File.expand_path("../../lib", __dir__)

  def test_the_five_samples_pass_against_the_server
    samples = guide_samples("docs/testing.md", "### Ruby", tested_by: __FILE__)
    assert_equal 5, samples.size, "docs/testing.md has the five Ruby samples: 503, 429, timeout, lost answer, journal"

    Dir.mktmpdir("rankquill-error-handling") do |dir|
      files = samples.each_with_index.map do |sample, index|
        "sample_#{index + 1}_test.rb".tap { |file| write(dir, file, sample) }
      end
      env = { "RANKQUILL_MOCK_COMMAND" => REPO_MOCK_COMMAND, "RUBYOPT" => nil }
      output = run!(env, dir, "ruby", "-I", LIB, "-e", "ARGV.each { |file| require File.expand_path(file) }", *files)
      assert_all_passed(output, samples.sum { |sample| sample.scan(/^\s*def test_/).size })
    end
  end
end
