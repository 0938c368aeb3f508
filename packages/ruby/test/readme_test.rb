# frozen_string_literal: true

require "test_helper"
require "open3"
require_relative "support/readme"

# The README's quickstart runs as written, in its own Ruby process, against the reference server.
class ReadmeTest < ServerTest
  LIB = File.expand_path("../lib", __dir__)

  def test_the_quickstart_runs
    output = run_quickstart("ruby", "-I", LIB)
    self.class.assert_quickstart_output(self, output, server)
  end

  def run_quickstart(*ruby)
    env = { "RANKQUILL_API_KEY" => server.api_key, "RANKQUILL_BASE_URL" => server.api_base_url }
    output, status = Open3.capture2e(env, *ruby, "-e", Readme.sample_tested_by("readme_test.rb"))
    assert status.success?, output
    output
  end

  def self.assert_quickstart_output(test, output, server)
    lines = output.lines.map(&:chomp)
    test.assert_equal "Trailhead Outfitters (trailhead-outfitters.example)", lines[0]
    test.assert_match(/\Acnt_\w+ is generating until 2026-01-01T00:01:00.000Z\z/, lines[1])
    test.assert_match(/\Apublished \S/, lines[2])
    test.assert_match(/\A\d+ requests left this hour\z/, lines[-2])
    test.assert_match(/\A404: No content .*\(request req_\w+\)\z/, lines[-1])
    test.refute_includes output, server.api_key
  end
end
