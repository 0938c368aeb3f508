# frozen_string_literal: true

require "minitest/autorun"
require "rankquill/testing"
require "fileutils"
require "json"
require "shellwords"
require "tmpdir"

# How MockServer finds the server: explicit command, node_modules, npx; and what it says when it cannot.
class MockServerCommandTest < Minitest::Test
  REPO_MOCK_SERVER = File.expand_path("../../../../mock-server", __dir__)

  def setup
    @folder = Dir.mktmpdir("rankquill-mock-command")
    FileUtils.mkdir_p(File.join(@folder, "app/tests"))
    @saved = ENV.to_h.slice("PATH", "RANKQUILL_MOCK_COMMAND")
    ENV.delete("RANKQUILL_MOCK_COMMAND")
  end

  def teardown
    ENV.delete("RANKQUILL_MOCK_COMMAND")
    @saved.each { |name, value| ENV[name] = value }
    FileUtils.rm_rf(@folder)
  end

  def test_the_environment_command_comes_first
    ENV["RANKQUILL_MOCK_COMMAND"] = "node /somewhere/cli.js"
    command = Rankquill::Testing::MockServerCommand.find(["serve"], directory: @folder)
    assert_equal ["/bin/sh", "-c", "exec node /somewhere/cli.js \"$@\"", "rankquill-mock", "serve"], command
  end

  def test_the_projects_node_modules_package_is_found_from_a_subfolder
    package = File.join(@folder, "app/node_modules/@rankquill/mock-server")
    FileUtils.mkdir_p(File.dirname(package))
    File.symlink(REPO_MOCK_SERVER, package)
    assert_equal File.join(package, "dist/cli.js"),
                 Rankquill::Testing::MockServerCommand.installed_cli(File.join(@folder, "app/tests"))

    mock = Dir.chdir(File.join(@folder, "app/tests")) { Rankquill::Testing::MockServer.start }
    begin
      assert_empty mock.client.content.list(mock.project_id).data
    ensure
      mock.stop
    end
  end

  def test_no_node_on_path_names_what_is_missing_and_the_install_command
    ENV["PATH"] = @folder
    error = assert_raises(Rankquill::Testing::MockServerError) do
      Rankquill::Testing::MockServerCommand.find(["serve"], directory: @folder)
    end
    assert_includes error.message, "Node 22.13.0 or later"
    assert_includes error.message, "npm install --save-dev @rankquill/mock-server"
  end

  def test_an_old_node_is_named_with_its_version
    File.write(File.join(@folder, "node"), "#!/bin/sh\necho v20.20.2\n")
    File.chmod(0o755, File.join(@folder, "node"))
    ENV["PATH"] = @folder
    error = assert_raises(Rankquill::Testing::MockServerError) do
      Rankquill::Testing::MockServerCommand.find(["serve"], directory: @folder)
    end
    assert_includes error.message, "is version 20.20.2"
  end

  def mock_server_version
    JSON.parse(File.read(File.join(REPO_MOCK_SERVER, "package.json"))).fetch("version")
  end

  def test_the_pinned_version_is_the_mock_server_packages_own
    assert_equal mock_server_version, Rankquill::Testing::MockServerCommand::MOCK_SERVER_VERSION,
                 "set MockServerCommand::MOCK_SERVER_VERSION (and PHP's) to mock-server/package.json's version"
    assert_equal "npm install --save-dev @rankquill/mock-server@#{mock_server_version}",
                 Rankquill::Testing::MockServerCommand::INSTALL_HINT
  end

  def test_npx_runs_the_exact_version_this_gem_goes_with
    package = "@rankquill/mock-server@#{mock_server_version}"
    node = IO.popen(["sh", "-c", "command -v \"$0\"", ENV.fetch("RANKQUILL_NODE", "node")], &:read).strip
    File.symlink(node, File.join(@folder, "node"))
    # An npx that runs the checkout's CLI, and only for the pinned package: never another one.
    File.write(File.join(@folder, "npx"), <<~SH)
      #!/bin/sh
      if [ "$1 $2 $3 $4" != "--yes --package #{package} rankquill-mock" ]; then
        echo "npx was asked for: $*" >&2; exit 2
      fi
      shift 4
      exec #{[node, File.join(REPO_MOCK_SERVER, "dist/cli.js")].shelljoin} "$@"
    SH
    File.chmod(0o755, File.join(@folder, "npx"))
    ENV["PATH"] = @folder

    command = Rankquill::Testing::MockServerCommand.find(%w[serve --port 0], directory: File.join(@folder, "app"))
    assert_equal [File.join(@folder, "npx"), "--yes", "--package", package, "rankquill-mock", "serve", "--port", "0"],
                 command
    mock = Dir.chdir(File.join(@folder, "app")) { Rankquill::Testing::MockServer.start }
    begin
      assert_empty mock.client.content.list(mock.project_id).data
    ensure
      mock.stop
    end
  end

  # It exits a moment after its first line, as a busy machine may have it: still "it exited".
  def test_a_command_that_is_not_the_server_fails_with_its_output
    error = assert_raises(Rankquill::Testing::MockServerError) do
      Rankquill::Testing::MockServer.start(command: "sh -c 'echo not a server; sleep 0.3; exit 1'", timeout: 5)
    end
    assert_includes error.message, "printed no ready line (it exited)"
    assert_includes error.message, "not a server"
  end
end
