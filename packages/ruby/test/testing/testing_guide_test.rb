# frozen_string_literal: true

require "minitest/autorun"
require "fileutils"
require "open3"
require "tmpdir"

# Runs the Minitest and RSpec samples of docs/testing.md as its CI recipe does: the gem built and
# installed into an empty GEM_HOME, `@rankquill/mock-server` in the project's `node_modules` (the
# repository's, linked), and the samples run as written with `ruby -Itest` and `rspec`.
class TestingGuideTest < Minitest::Test
  MARKER = "<!-- sample tested by: packages/ruby/test/testing/testing_guide_test.rb -->"
  PACKAGE = File.expand_path("../..", __dir__)
  REPO = File.expand_path("../..", PACKAGE)

  def test_the_guides_minitest_and_rspec_samples_pass_with_the_server_from_node_modules
    minitest, rspec, recipe = samples
    assert_includes recipe, "ruby -Itest test/articles_test.rb"
    Dir.mktmpdir("rankquill-testing-guide") do |project|
      env = install_gem(project)
      FileUtils.mkdir_p(File.join(project, "node_modules/@rankquill"))
      File.symlink(File.join(REPO, "mock-server"), File.join(project, "node_modules/@rankquill/mock-server"))
      write(project, "test/articles_test.rb", minitest)
      write(project, "spec/articles_spec.rb", rspec)

      minitest_output = run!(env, project, "ruby", "-Itest", "test/articles_test.rb")
      assert_match(/2 runs, \d+ assertions, 0 failures, 0 errors/, minitest_output)
      assert_match(/2 examples, 0 failures/, run!(env, project, "rspec", "spec/articles_spec.rb"))
    end
  end

  private

  def samples
    guide = File.read(File.join(REPO, "docs/testing.md"))
    found = guide.scan(/#{Regexp.escape(MARKER)}\n```(?:ruby|sh)\n(.*?)```/m).flatten
    assert_equal 3, found.size, "docs/testing.md has the Minitest and RSpec samples and the Ruby CI recipe"
    found
  end

  # The gem as `gem install rankquill` puts it: built offline, installed into a GEM_HOME of its own.
  def install_gem(project)
    gem_file = File.join(project, "rankquill.gem")
    run!({}, PACKAGE, "gem", "build", "rankquill.gemspec", "--output", gem_file)
    home = File.join(project, "gems")
    # Gem.path keeps Debian's minitest and rspec in reach; the rankquill gem comes from `home` only.
    env = { "GEM_HOME" => home, "GEM_PATH" => [home, *Gem.path].join(File::PATH_SEPARATOR), "RUBYLIB" => nil,
            "RUBYOPT" => nil, "BUNDLE_GEMFILE" => nil, "RANKQUILL_MOCK_COMMAND" => nil }
    run!(env, project, "gem", "install", "--local", "--no-document", gem_file)
    env
  end

  def write(project, path, text)
    FileUtils.mkdir_p(File.dirname(File.join(project, path)))
    File.write(File.join(project, path), text)
  end

  def run!(env, dir, *command)
    output, status = Open3.capture2e(env, *command, chdir: dir)
    assert status.success?, "#{command.join(" ")} failed:\n#{output}"
    output
  end
end
