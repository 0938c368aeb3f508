# frozen_string_literal: true

require "test_helper"
require "open3"

# Beyond the shared vectors, the Ruby sanitizer and the TypeScript one (the built
# @rankquill/webhooks package, run by Node through packages/webhooks/scripts/sanitize-json.mjs)
# must agree byte for byte: on the seeded random hostile HTML every language's suite runs
# (random-html.mjs), and on every named character reference of HTML, in text and in an attribute.
class SanitizerAgreementTest < Minitest::Test
  SCRIPT = File.expand_path("../../../webhooks/scripts/sanitize-json.mjs", __dir__)

  REFERENCES = JSON.parse(
    File.read(File.expand_path("../../../contract/vectors/html-entities.json", __dir__))
  ).fetch("references").keys.freeze

  def test_the_ruby_and_typescript_sanitizers_agree_on_seeded_random_hostile_html
    output, status = Open3.capture2(node, SCRIPT, "--random")
    assert status.success?, "the TypeScript sanitizer did not run: build the repository first (pnpm run build)"
    pairs = JSON.parse(output)
    assert_operator pairs.length, :>=, 10_000
    sanitizer = Rankquill::Webhooks::HtmlSanitizer.new
    differing = pairs.reject { |html, expected| sanitizer.sanitize(html) == expected }
    assert_empty differing.first(5).map { |html, expected| [html, expected, sanitizer.sanitize(html)] },
                 "#{differing.length} of #{pairs.length} inputs differ"
  end

  def test_they_agree_on_every_named_character_reference_in_text_and_in_attributes
    inputs = REFERENCES.flat_map do |name|
      bare = name.delete_suffix(";")
      ["<p>&#{name}</p>", "<p>&#{name}x &#{name}=</p>", "<a title=\"&#{name}\" href=\"/?a&#{name}=1\">x</a>",
       "<a title=\"&#{name}x\">x</a>",
       # Without its `;`, a name decodes only if it is a legacy one (`&copy`, not `&hellip`).
       "<p>&#{bare} &#{bare}</p><a title=\"&#{bare} \">x</a>"]
    end
    assert_agree(inputs)
  end

  private

  def node = ENV.fetch("RANKQUILL_NODE", "node")

  def assert_agree(inputs)
    output, status = Open3.capture2(node, SCRIPT, stdin_data: JSON.generate(inputs))
    assert status.success?, "the TypeScript sanitizer did not run: build the repository first (pnpm run build)"
    sanitizer = Rankquill::Webhooks::HtmlSanitizer.new
    differing = inputs.zip(JSON.parse(output)).reject { |html, expected| sanitizer.sanitize(html) == expected }
    assert_empty(differing.first(5).map { |html, expected| [html, expected, sanitizer.sanitize(html)] })
  end
end
