# frozen_string_literal: true

require "minitest/autorun"
require "open3"
require "tmpdir"
require_relative "../support/repo_mock_command"

# Runs the Ruby samples of "Testing your error handling" in docs/testing.md as written: each block
# marked for this file goes, unchanged, into a test file of its own, and one `ruby` process runs
# them all with this checkout's gem (-I lib) and server (RANKQUILL_MOCK_COMMAND), as a user's
# suite would with the helper's one server.
class ErrorHandlingGuideTest < Minitest::Test
  MARKER = "<!-- sample tested by: packages/ruby/test/testing/error_handling_guide_test.rb -->"
  GUIDE = File.expand_path("../../../../docs/testing.md", __dir__)
  LIB = File.expand_path("../../lib", __dir__)

  def test_the_five_samples_pass_against_the_server
    samples = File.read(GUIDE).scan(/#{Regexp.escape(MARKER)}\n```ruby\n(.*?)```/m).flatten
    assert_equal 5, samples.size, "docs/testing.md has the five Ruby samples: 503, 429, timeout, lost answer, journal"
    tests = samples.sum { |sample| sample.scan(/^\s*def test_/).size }

    Dir.mktmpdir("rankquill-error-handling") do |dir|
      files = samples.each_with_index.map do |sample, index|
        File.join(dir, "sample_#{index + 1}_test.rb").tap { |path| File.write(path, sample) }
      end
      env = { "RANKQUILL_MOCK_COMMAND" => REPO_MOCK_COMMAND, "RUBYOPT" => nil }
      command = ["ruby", "-I", LIB, "-e", "ARGV.each { |file| require file }", *files]
      output, status = Open3.capture2e(env, *command, chdir: dir)
      assert status.success?, output
      assert_match(/^#{tests} runs, \d+ assertions, 0 failures, 0 errors, 0 skips$/, output)
    end
  end
end
