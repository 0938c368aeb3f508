# frozen_string_literal: true

require "test_helper"
require_relative "../support/vectors"

# sanitize-pathological.json (issue 29): inputs as long as the API lets content be, each built to
# make a sanitizer do more than linear work if it can (a link whose href is `<!--` repeated took
# minutes), must each be sanitized in under a second of CPU time.
class SanitizePathologicalTest < Minitest::Test
  RECIPES = Vectors.load("sanitize-pathological.json")

  # A recipe made into its input: the `text` parts as they are, each `repeat` part repeated as
  # often as fits in an equal share of the characters (UTF-16 code units) they leave.
  def self.expand(parts, max_characters)
    units = ->(text) { text.encode(Encoding::UTF_16LE).bytesize / 2 }
    fixed = parts.sum { |part| part.key?("text") ? units.call(part.fetch("text")) : 0 }
    share = (max_characters - fixed) / parts.count { |part| part.key?("repeat") }
    parts.map { |part| part.fetch("text") { part.fetch("repeat") * (share / units.call(part.fetch("repeat"))) } }.join
  end

  def test_the_recipes_fill_the_content_limit
    assert_equal 500_000, RECIPES.fetch("max_characters")
    assert_operator RECIPES.fetch("patterns").length, :>=, 60
    RECIPES.fetch("patterns").each do |pattern|
      units = self.class.expand(pattern.fetch("parts"), 500_000).encode(Encoding::UTF_16LE).bytesize / 2
      assert_includes (495_000..500_000), units, pattern.fetch("name")
    end
  end

  Vectors.named_cases(RECIPES.fetch("patterns")).each do |pattern, name|
    define_method(name) do
      html = self.class.expand(pattern.fetch("parts"), RECIPES.fetch("max_characters"))
      sanitizer = Rankquill::Webhooks::HtmlSanitizer.new
      # CPU time of this thread: what the code costs, however loaded the machine is.
      started = Process.clock_gettime(Process::CLOCK_THREAD_CPUTIME_ID)
      sanitizer.sanitize(html)
      seconds = Process.clock_gettime(Process::CLOCK_THREAD_CPUTIME_ID) - started
      assert_operator seconds, :<, RECIPES.fetch("max_seconds"), "CPU seconds for #{html.length} characters"
    end
  end
end
