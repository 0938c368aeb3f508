# frozen_string_literal: true

require "fileutils"
require "open3"
require "timeout"
require "tmpdir"

# A config.ru served by `rackup` with WEBrick on a free loopback port, in its own process group
# and its own directory (its SQLite files land there). `stop` ends the whole group.
class FrameworkServer
  LIB = File.expand_path("../../lib", __dir__)
  READY = /WEBrick::HTTPServer#start: pid=\d+ port=(\d+)/

  attr_reader :url

  def initialize(config_ru, env: {})
    @dir = Dir.mktmpdir("rankquill-framework")
    FileUtils.mkdir_p(File.join(@dir, "db"))
    File.write(File.join(@dir, "config.ru"), config_ru)
    @log = []
    _, @output, @wait = Open3.popen2e({ "RUBYLIB" => LIB, "RAILS_ENV" => "production" }.merge(env),
                                      "rackup", "-s", "webrick", "-o", "127.0.0.1", "-p", "0", "config.ru",
                                      chdir: @dir, pgroup: true)
    @url = "http://127.0.0.1:#{wait_for_port}"
    @drain = Thread.new { @output.each_line { |line| @log << line } }
  rescue StandardError
    stop
    raise
  end

  # What the server printed so far, for failure messages.
  def log
    @log.join
  end

  def stop
    Process.kill("TERM", -@wait.pid) if @wait&.alive?
    @wait&.join(10)
    Process.kill("KILL", -@wait.pid) if @wait&.alive?
  rescue Errno::ESRCH
    nil
  ensure
    @drain&.join(1)
    FileUtils.rm_rf(@dir) if @dir
  end

  private

  def wait_for_port
    Timeout.timeout(60) do
      while (line = @output.gets)
        @log << line
        port = line[READY, 1]
        return port if port
      end
    end
    raise "rackup exited before serving:\n#{log}"
  end
end
