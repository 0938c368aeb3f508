# frozen_string_literal: true

# `client.projects.retrieve` in a loop against a bare Net::HTTP GET of the same URL on one
# kept-alive connection, against one reference server, in the same run. Rounds alternate
# between the two; the figure is the ratio of the median times per call (goal <= 1.15).
#   ruby -Ilib bench/retrieve.rb [calls per round] [rounds]
require "rankquill"
require_relative "../test/support/mock_server"

CALLS = Integer(ARGV[0] || 2000)
ROUNDS = Integer(ARGV[1] || 7)

server = MockServer.new
begin
  # An account whose rate limit the loop cannot spend.
  api_key = server.create_account(plan: "enterprise", rate_limit: 10_000_000)
  client = Rankquill::Client.new(api_key: api_key, base_url: server.api_base_url)
  project_id = client.projects.create(name: "Bench", domain: "bench.example").id

  uri = URI("#{server.api_base_url}/projects/#{project_id}")
  headers = { "accept" => "application/json", "authorization" => "Bearer #{api_key}" }
  http = Net::HTTP.start(uri.host, uri.port)

  subjects = {
    "bare Net::HTTP GET" => lambda {
      response = http.request(Net::HTTP::Get.new(uri.request_uri, headers))
      raise "bare GET answered #{response.code}" unless response.code == "200"
    },
    "client.projects.retrieve" => -> { client.projects.retrieve(project_id) }
  }
  subjects.each_value { |call| 300.times { call.call } } # warm up both connections

  timings = Hash.new { |hash, key| hash[key] = [] }
  ROUNDS.times do
    subjects.each do |name, call|
      started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      CALLS.times { call.call }
      timings[name] << ((Process.clock_gettime(Process::CLOCK_MONOTONIC) - started) / CALLS)
    end
  end

  medians = timings.transform_values { |times| times.sort[times.size / 2] }
  medians.each do |name, seconds|
    puts format("%<name>-26s %<micros>8.1f µs per call", name: name, micros: seconds * 1e6)
  end
  ratio = medians["client.projects.retrieve"] / medians["bare Net::HTTP GET"]
  puts format("ratio client / bare: %<ratio>.3f (goal <= 1.15; %<rounds>d rounds of %<calls>d calls)",
              ratio: ratio, rounds: ROUNDS, calls: CALLS)
ensure
  http&.finish
  server.stop
end
