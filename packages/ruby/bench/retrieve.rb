# frozen_string_literal: true

# `client.projects.retrieve` in a loop against a bare Net::HTTP GET of the same URL with the same
# headers on one kept-alive connection, both parsing the JSON body, against one reference server
# in the same run (as packages/sdk/bench/retrieve.mjs does with fetch). Short batches of each
# alternate, their order swapped every pair, so drift and other processes fall on both sides; the
# figure is the median of the pairs' ratios (goal <= 1.15).
#   ruby -Ilib bench/retrieve.rb [calls per batch] [pairs of batches]
require "rankquill"
require_relative "../test/support/mock_server"

CALLS = Integer(ARGV[0] || 100)
PAIRS = Integer(ARGV[1] || 101)

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
      project = JSON.parse(http.request(Net::HTTP::Get.new(uri.request_uri, headers)).body)
      raise "wrong project" unless project["id"] == project_id
    },
    "client.projects.retrieve" => lambda {
      raise "wrong project" unless client.projects.retrieve(project_id).id == project_id
    }
  }
  subjects.each_value { |call| 300.times { call.call } } # warm up both connections

  timings = Hash.new { |hash, key| hash[key] = [] }
  PAIRS.times do |pair|
    (pair.even? ? subjects : subjects.to_a.reverse.to_h).each do |name, call|
      started = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      CALLS.times { call.call }
      timings[name] << ((Process.clock_gettime(Process::CLOCK_MONOTONIC) - started) / CALLS)
    end
  end

  median = ->(values) { values.sort[values.size / 2] }
  timings.each do |name, times|
    puts format("%<name>-26s %<micros>8.1f µs per call (median batch)", name: name, micros: median.call(times) * 1e6)
  end
  ratios = timings["client.projects.retrieve"].zip(timings["bare Net::HTTP GET"]).map { |subject, bare| subject / bare }
  puts format("ratio client / bare: %<ratio>.3f, median of %<pairs>d pairs of %<calls>d-call batches (goal <= 1.15)",
              ratio: median.call(ratios), pairs: PAIRS, calls: CALLS)
ensure
  http&.finish
  server.stop
end
