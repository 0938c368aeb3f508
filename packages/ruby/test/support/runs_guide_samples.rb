# frozen_string_literal: true

require "fileutils"
require "open3"

# For a Minitest test that runs the Ruby samples of a guide as written: the blocks of one section
# marked `<!-- sample tested by: <its test file> -->`, each written unchanged into a file of a fresh
# folder, and the commands that run them there as a user's suite, checked to pass.
#
#   samples = guide_samples("docs/testing.md", "### Ruby", tested_by: __FILE__)
#   write(dir, "test/articles_test.rb", samples.first)
#   assert_all_passed(run!({}, dir, "ruby", "-Itest", "test/articles_test.rb"), 2)
module RunsGuideSamples
  REPO = File.expand_path("../../../..", __dir__)

  # The blocks right below the marker of `tested_by` (a test file's path) in the section of `guide`
  # (a path from the repository's root) that starts at the line `heading` (`## ...` or `### ...`)
  # and ends at the next heading of its level or above, in their order. `fences`: the blocks'
  # languages, as a regexp alternation ("ruby", "ruby|sh").
  def guide_samples(guide, heading, tested_by:, fences: "ruby")
    lines = File.readlines(File.join(REPO, guide))
    start = lines.index("#{heading}\n") or flunk("#{guide} has no heading #{heading}")
    fenced = false # a `# comment` in a block is no heading
    section = lines.drop(start + 1).take_while do |line|
      hashes = fenced ? nil : line[/\A(#+) /, 1]
      fenced ^= line.start_with?("```")
      hashes.nil? || hashes.size > heading[/\A#+/].size
    end
    marker = "<!-- sample tested by: #{File.expand_path(tested_by).delete_prefix("#{REPO}/")} -->"
    section.join.scan(/#{Regexp.escape(marker)}\n```(?:#{fences})\n(.*?)^```$/m).flatten
  end

  def write(dir, path, text)
    FileUtils.mkdir_p(File.dirname(File.join(dir, path)))
    File.write(File.join(dir, path), text)
  end

  # Runs `command` in `dir` with `env` added to this process's; answers its output (stdout and
  # stderr), failing the test with it unless the command succeeded.
  def run!(env, dir, *command)
    output, status = Open3.capture2e(env, *command, chdir: dir)
    assert status.success?, "#{command.join(" ")} failed:\n#{output}"
    output
  end

  # Minitest's summary line in `output` says that all `runs` tests passed.
  def assert_all_passed(output, runs)
    assert_match(/^#{runs} runs, \d+ assertions, 0 failures, 0 errors, 0 skips$/, output)
  end
end
