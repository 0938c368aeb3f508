# frozen_string_literal: true

require "minitest/autorun"
require "fileutils"
require "open3"
require "tmpdir"

# Runs the README's "from a checkout" install commands as written, with `/path/to/rankquill`
# standing for a copy of this package's folder (so the build leaves nothing in the repository),
# into an empty GEM_HOME; then loads the gem from there.
class InstallFromCheckoutTest < Minitest::Test
  MARKER = "<!-- sample tested by: packages/ruby/test/install_from_checkout_test.rb -->"
  PACKAGE = File.expand_path("..", __dir__)

  def test_the_readmes_commands_build_and_install_the_gem
    commands = File.read(File.join(PACKAGE, "README.md"))[/#{Regexp.escape(MARKER)}\n```sh\n(.*?)```/m, 1]
    refute_nil commands, "README.md has the checkout install sample"
    Dir.mktmpdir("rankquill-checkout") do |dir|
      checkout = File.join(dir, "rankquill")
      FileUtils.mkdir_p(File.join(checkout, "packages"))
      FileUtils.cp_r(PACKAGE, File.join(checkout, "packages/ruby"))
      home = File.join(dir, "gems")
      env = { "GEM_HOME" => home, "GEM_PATH" => home, "RUBYLIB" => nil, "RUBYOPT" => nil, "BUNDLE_GEMFILE" => nil }
      script = commands.strip.gsub("/path/to/rankquill", checkout).lines.map(&:strip).join(" && ")
      output, status = Open3.capture2e(env, "sh", "-c", script, chdir: dir)
      assert status.success?, "#{script} failed:\n#{output}"

      loaded, status = Open3.capture2e(env, "ruby", "-e", 'require "rankquill"; puts Rankquill::VERSION, ' \
                                                          '$LOADED_FEATURES.grep(%r{/rankquill\.rb\z})', chdir: dir)
      assert status.success?, loaded
      version, path = loaded.lines.map(&:strip)
      assert_equal Rankquill::VERSION, version
      assert path.start_with?(home), "rankquill loaded from #{path}, not from #{home}"
    end
  end
end
