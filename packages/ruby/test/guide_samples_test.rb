# frozen_string_literal: true

require "test_helper"
require "open3"
require "tmpdir"
require_relative "support/guide_samples"

# Every Ruby sample of the guides in docs/ runs as written, in a Ruby process of its own, against a
# reference server of its own guide, and prints what its comments say. As docs/test does for
# TypeScript, a guide's samples run in order against one server whose manual clock moves 10 s every
# 50 ms while a sample runs (the real clock when the guide asks for it).
class GuideSamplesTest < Minitest::Test
  LIB = File.expand_path("../lib", __dir__)
  WEBHOOK_SECRET = "docs-webhook-secret"

  def test_every_guide_with_samples_has_ruby_ones
    guides = GuideSamples.guides.map { |path| File.basename(path) }
    assert_equal %w[ai-visibility.md errors-and-retries.md exports.md getting-started.md keywords.md pagination.md
                    rate-limits.md webhooks.md], guides
  end

  GuideSamples.guides.each do |path|
    define_method("test_the_samples_of_#{File.basename(path, ".md").tr("-", "_")}_run_in_order") do
      clock = GuideSamples.clock_of(path)
      server = MockServer.new(clock: clock)
      GuideSamples.samples_of(path).each { |sample| run_sample(sample, server, ticking: clock == "manual") }
    ensure
      server&.stop
    end
  end

  private

  def run_sample(sample, server, ticking:)
    env = {
      "RANKQUILL_API_KEY" => server.api_key, "RANKQUILL_BASE_URL" => server.api_base_url,
      "RANKQUILL_PROJECT_ID" => server.project_id, "RANKQUILL_PUBLIC_API_KEY" => server.public_api_key,
      "RANKQUILL_CONTENT_API_URL" => server.content_api_url, "RANKQUILL_MOCK_URL" => server.url,
      "RANKQUILL_WEBHOOK_SECRET" => WEBHOOK_SECRET
    }
    output, status = Dir.mktmpdir do |folder|
      runner = Thread.new { Open3.capture2e(env, "ruby", "-I", LIB, "-e", sample.code, chdir: folder) }
      ticking ? (server.advance(10) until runner.join(0.05)) : runner.join
      runner.value
    end
    where = "#{sample.guide}:#{sample.line}"
    assert status.success?, "#{where} failed:\n#{output}"
    refute_empty sample.promised_output, "#{where}: say what it prints, `puts ... # text`"
    assert_empty GuideSamples.missing_output(sample.promised_output, output), "#{where} printed:\n#{output}"
  end
end
