# frozen_string_literal: true

require "minitest/autorun"
require "tmpdir"
require_relative "../support/runs_guide_samples"

# Runs the Minitest and RSpec samples of docs/testing.md as its CI recipe does: the gem built and
# installed into an empty GEM_HOME, `@rankquill/mock-server` in the project's `node_modules` (the
# repository's, linked), and the samples run as written with `ruby -Itest` and `rspec`.
class TestingGuideTest < Minitest::Test
  include RunsGuideSamples

  PACKAGE = File.expand_path("../..", __dir__)

  def test_the_guides_minitest_and_rspec_samples_pass_with_the_server_from_node_modules
    section = "## In your test suite, in every language"
    samples = guide_samples("docs/testing.md", section, tested_by: __FILE__, fences: "ruby|sh")
    assert_equal 3, samples.size, "docs/testing.md has the Minitest and RSpec samples and the Ruby CI recipe"
    minitest, rspec, recipe = samples
    assert_includes recipe, "ruby -Itest test/articles_test.rb"
    Dir.mktmpdir("rankquill-testing-guide") do |project|
      env = install_gem(project)
      FileUtils.mkdir_p(File.join(project, "node_modules/@rankquill"))
      File.symlink(File.join(REPO, "mock-server"), File.join(project, "node_modules/@rankquill/mock-server"))
      write(project, "test/articles_test.rb", minitest)
      write(project, "spec/articles_spec.rb", rspec)

      assert_all_passed(run!(env, project, "ruby", "-Itest", "test/articles_test.rb"), 2)
      assert_match(/2 examples, 0 failures/, run!(env, project, "rspec", "spec/articles_spec.rb"))
    end
  end

  private

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
end
