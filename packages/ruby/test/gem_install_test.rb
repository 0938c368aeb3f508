# frozen_string_literal: true

require "test_helper"
require "open3"
require "tmpdir"
require_relative "support/readme"
require_relative "readme_test"

# `gem build` works offline, the gem installs into an empty GEM_HOME outside the repository
# with nothing but Ruby's default gems, and the README's quickstart runs from it.
class GemInstallTest < ServerTest
  PACKAGE = File.expand_path("..", __dir__)

  def test_the_built_gem_installs_into_a_clean_gem_home_and_runs_the_quickstart
    Dir.mktmpdir("rankquill-gem") do |dir|
      gem_file = File.join(dir, "rankquill.gem")
      run!({}, "gem", "build", File.join(PACKAGE, "rankquill.gemspec"), "--output", gem_file, chdir: PACKAGE)

      home = File.join(dir, "gems")
      isolated = { "GEM_HOME" => home, "GEM_PATH" => home, "RUBYLIB" => nil, "RUBYOPT" => nil,
                   "BUNDLE_GEMFILE" => nil }
      run!(isolated, "gem", "install", "--local", "--no-document", gem_file, chdir: dir)

      loaded = run!(isolated, "ruby", "-e", 'require "rankquill"; puts $LOADED_FEATURES.grep(%r{/rankquill\.rb\z})',
                    chdir: dir)
      assert loaded.start_with?(home), "rankquill loaded from #{loaded}, not from #{home}"

      env = isolated.merge("RANKQUILL_API_KEY" => server.api_key, "RANKQUILL_BASE_URL" => server.api_base_url)
      output = run!(env, "ruby", "-e", Readme.sample_tested_by("readme_test.rb"), chdir: dir)
      ReadmeTest.assert_quickstart_output(self, output, server)
    end
  end

  private

  def run!(env, *command, chdir:)
    output, status = Open3.capture2e(env, *command, chdir: chdir)
    assert status.success?, "#{command.first(3).join(" ")} failed:\n#{output}"
    output
  end
end
