# frozen_string_literal: true

require "minitest/autorun"
require "json"
require "net/http"
require "shellwords"

# A MockServer never outlives the Ruby process that started it: stopped at exit (at_exit), and by
# itself when that process is killed with SIGKILL, which runs no at_exit (the server sees its
# stdin pipe close).
class MockServerLifecycleTest < Minitest::Test
  LIB = File.expand_path("../../lib", __dir__)
  CLI = File.expand_path("../../../../mock-server/dist/cli.js", __dir__)
  COMMAND = [ENV.fetch("RANKQUILL_NODE", "node"), CLI].shelljoin
  PARENT = <<~RUBY.freeze
    require "rankquill/testing"
    mock = Rankquill::Testing::MockServer.start(command: #{COMMAND.inspect})
    $stdout.puts JSON.generate(url: mock.url)
    $stdout.flush
    sleep 600 if ARGV[0] == "wait"
  RUBY

  def setup
    @pids = []
  end

  def teardown
    @pids.each { |pid| Process.kill("KILL", pid) if running?(pid) }
  end

  def test_a_server_whose_process_is_killed_with_sigkill_exits_by_itself
    parent, url, server = start_parent("wait")
    assert answers?(url)
    Process.kill("KILL", parent)
    Process.wait(parent)
    deadline = monotonic + 5
    sleep 0.05 while running?(server) && monotonic < deadline
    refute running?(server), "the server outlived its killed parent by 5 s"
    refute answers?(url)
  end

  def test_a_server_never_stopped_stops_when_ruby_exits
    parent, url, server = start_parent("exit")
    _, status = Process.wait2(parent)
    assert_predicate status, :success?
    refute running?(server)
    refute answers?(url)
  end

  private

  def start_parent(mode)
    reader, writer = IO.pipe
    parent = Process.spawn(RbConfig.ruby, "-I", LIB, "-rjson", "-e", PARENT, mode, out: writer)
    writer.close
    @pids << parent
    line = reader.gets
    reader.close
    assert line, "the parent printed nothing"
    children = children_of(parent)
    assert_equal 1, children.size, "the parent runs one server"
    @pids << children.first
    [parent, JSON.parse(line).fetch("url"), children.first]
  end

  def children_of(pid)
    Dir.glob("/proc/[0-9]*/stat").filter_map do |file|
      stat = File.read(file)
      match = stat.match(/\A(\d+) \(.*\) \S (\d+) /m)
      match[1].to_i if match && match[2].to_i == pid
    rescue SystemCallError
      nil
    end
  end

  # Whether the process is there and not a zombie (an orphan's end is reaped by its adopter).
  def running?(pid)
    !File.read("/proc/#{pid}/stat").match?(/\A\d+ \(.*\) Z /m)
  rescue SystemCallError
    false
  end

  def answers?(url)
    Net::HTTP.get_response(URI("#{url}/healthz")).code == "200"
  rescue SystemCallError, IOError, Net::OpenTimeout, Net::ReadTimeout
    false
  end

  def monotonic
    Process.clock_gettime(Process::CLOCK_MONOTONIC)
  end
end
