# frozen_string_literal: true

require "json"
require "net/http"
require "timeout"

# One `rankquill-mock serve` process for the whole test run, started from the repository's CLI
# on a free port with the manual clock and an in-memory store. Its ready line gives the
# addresses and the demo keys; the admin routes move the clock and reset the state.
class MockServer
  REPO_ROOT = File.expand_path("../../../..", __dir__)
  CLI = File.join(REPO_ROOT, "mock-server/dist/cli.js")

  attr_reader :url, :api_base_url, :content_api_url, :api_key, :project_id, :public_api_key

  def self.instance
    @instance ||= new.tap { |server| Minitest.after_run { server.stop } }
  end

  # A second server, on the real clock (`--clock real`): it sends no `x-rankquill-clock` header,
  # and its time moves by itself. Started on first use.
  def self.real_clock
    @real_clock ||= new(clock: "real").tap { |server| Minitest.after_run { server.stop } }
  end

  def initialize(*extra_args, clock: "manual")
    unless File.exist?(CLI)
      raise "#{CLI} is missing: build the repository first (pnpm run build, or bash scripts/run.sh test)."
    end

    node = ENV.fetch("RANKQUILL_NODE", "node")
    args = [node, CLI, "serve", "--port", "0", "--db", ":memory:", "--clock", clock, "--seed", "42",
            *extra_args]
    @stdin, @stdout, @wait = Open3.popen2(*args, err: File::NULL, pgroup: true)
    line = Timeout.timeout(30) { @stdout.gets }
    raise "rankquill-mock serve exited before its ready line" if line.nil?

    ready = JSON.parse(line)
    @url = ready.fetch("url")
    @api_base_url = ready.fetch("api_base_url")
    @content_api_url = ready.fetch("content_api_url")
    @api_key, @project_id, @public_api_key = ready.fetch("demo").values_at("api_key", "project_id", "public_api_key")
  end

  def client(**options)
    Rankquill::Client.new(api_key: api_key, base_url: api_base_url, **options)
  end

  # Restores the seeded state, clock included.
  def reset
    admin("/__admin/reset", {})
  end

  # Moves the manual clock; what falls due in the span runs before the call returns.
  def advance(seconds)
    admin("/__admin/clock/advance", { seconds: seconds })
  end

  # Creates an account with another plan or rate limit and answers its API key.
  def create_account(plan:, rate_limit: nil)
    admin("/__admin/accounts", { plan: plan, rate_limit: rate_limit }.compact).fetch("api_key")
  end

  def stop
    Process.kill("TERM", @wait.pid)
    @wait.join(5)
  rescue Errno::ESRCH
    nil
  end

  private

  def admin(path, body)
    uri = URI(url + path)
    response = Net::HTTP.post(uri, JSON.generate(body), "content-type" => "application/json")
    raise "#{path} answered #{response.code}: #{response.body}" unless response.code.start_with?("2")

    JSON.parse(response.body)
  end
end

require "open3"
