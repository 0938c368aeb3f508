# frozen_string_literal: true

require "json"
require "tempfile"

module Rankquill
  module Testing
    # A running `rankquill-mock serve`: its output goes to temporary files (a pipe nobody reads
    # could fill and stall the server), its first line is the ready line, and it is stopped with
    # SIGTERM (SIGKILL after 5 s) when asked or when Ruby exits. Its stdin is a pipe this process
    # holds: the system closes it when Ruby ends in any way, a SIGKILL included, and the server,
    # started with `RANKQUILL_EXIT_ON_STDIN_CLOSE=1` (what `serve --exit-on-stdin-close` sets, as a
    # variable that a CLI too old to know it ignores), then stops by itself.
    #
    # @api private
    class MockServerProcess
      EXIT_WITH_STDIN = { "RANKQUILL_EXIT_ON_STDIN_CLOSE" => "1" }.freeze

      def initialize(command)
        @stdout = Tempfile.new("rankquill-mock-out")
        @stderr = Tempfile.new("rankquill-mock-err")
        reader, @stdin = IO.pipe
        begin
          @pid = Process.spawn(EXIT_WITH_STDIN, *command,
                               in: reader, out: @stdout.path, err: @stderr.path, pgroup: true)
        ensure
          reader.close
        end
        @stopped = false
        at_exit { stop }
      end

      # The ready line's JSON, once the server printed it.
      def ready_line(seconds)
        deadline = monotonic + seconds
        loop do
          line = File.read(@stdout.path).lines.first
          if line&.end_with?("\n")
            ready = parse(line)
            return ready if ready

            break
          end
          break if !running? || monotonic > deadline

          sleep 0.01
        end
        fail_to_start(seconds)
      end

      def running?
        return false if @stopped

        Process.waitpid(@pid, Process::WNOHANG).nil?
      rescue Errno::ECHILD
        false
      end

      def stop
        return if @stopped

        @stopped = true
        @stdin.close
        signal("TERM")
        5.0.step(0, -0.01) do
          break unless Process.waitpid(@pid, Process::WNOHANG).nil?

          sleep 0.01
        end
        signal("KILL")
        cleanup
      rescue Errno::ECHILD
        cleanup
      end

      private

      # A command whose first line is not the ready line may still be exiting: a moment to see it end.
      def exited_within?(seconds)
        deadline = monotonic + seconds
        while running?
          return false if monotonic > deadline

          sleep 0.01
        end
        true
      end

      def parse(line)
        ready = JSON.parse(line)
        ready.is_a?(Hash) && ready["event"] == "ready" ? ready : nil
      rescue JSON::ParserError
        nil
      end

      def fail_to_start(seconds)
        reason = exited_within?(1) ? "it exited" : format("waited %.0f s", seconds)
        message = "rankquill-mock serve printed no ready line (#{reason}). Its output:\n" \
                  "#{File.read(@stdout.path)}#{File.read(@stderr.path)}"
        stop
        raise MockServerError, message
      end

      # The whole process group: `npx` and `sh -c` may run the server as a child.
      def signal(name)
        Process.kill(name, -@pid)
      rescue Errno::ESRCH, Errno::EPERM
        nil
      end

      def cleanup
        Process.waitpid(@pid, Process::WNOHANG)
      rescue Errno::ECHILD
        nil
      ensure
        [@stdout, @stderr].each(&:close!)
      end

      def monotonic
        Process.clock_gettime(Process::CLOCK_MONOTONIC)
      end
    end
  end
end
