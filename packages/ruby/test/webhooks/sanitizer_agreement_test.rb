# frozen_string_literal: true

require "test_helper"
require "open3"

# Beyond the shared vectors: seeded random pieces of hostile HTML through the Ruby sanitizer and
# the TypeScript one (the built @rankquill/webhooks package, run by Node), which must agree byte
# for byte on every input; and every named character reference of HTML through both, in text and
# in an attribute value.
class SanitizerAgreementTest < Minitest::Test
  SCRIPT = File.expand_path("../../../webhooks/scripts/sanitize-json.mjs", __dir__)
  PIECES = [
    "<p>", "</p>", "<p/>", "<a href=\"https://x.example/\" target=\"_blank\">", "</a>", "<a target=' _self\u00A0'>",
    "<a href=\"/x?a=1&amp=2&copy\" title=&amp;ampx rel=\"NoFollow  nofollow\" target=_new>",
    "<a href=\"&#106;avascript:1\" href=/ok>", "<a href=\" &#x0A;//x\">", "<a href=\"java&#x09;script:x\">",
    "<a href=javascript:x>", "<a title=\"&ampx &lt y\">", "<a href=\"//x\">", "<a href=\"&#0;\">",
    "<img src=x alt=y>", "<img/src='a'/alt=\"b\">", "<img alt=&lt&gt src=\"mailto:a\" src=\"javascript:y\">",
    "<image src=/a.png>", "</br>", "<br/>", "<hr>", "<script>", "</script>", "<style>", "</style>", "<svg>",
    "</svg>", "<svg/>", "<svg><![CDATA[y]]></svg>", "<math>", "<mtext>", "</math>", "<math><p/>x</math>",
    "<foreignObject>", "<desc>", "<title>", "</title>", "<title>&amp;</title>", "<textarea>", "</textarea>",
    "<xmp>", "</xmp>", "<iframe>", "</iframe>", "<noembed>", "<noframes>", "</noframes>", "<noscript>",
    "</noscript>", "<plaintext>", "<!--", "-->", "--!>", "<!-->", "<!--->", "<![CDATA[", "]]>", "<![CDATA[x]]]>",
    "<!doctype html>", "<?xml ?>", "</ >", "<", ">", "&", "&amp", "&amp;", "&lt", "&notit", "&#x41", "&#128;",
    "&#0;", "<li>", "<ul>", "</ul>", "<td>", "<tr>", "<table>", "</table>", "<h1>", "<h2>", "</h1>", "<form>",
    "</form>", "<option>", "<select>", "<div>", "</div>", "<b>", "</b>", "<i>", "<em>", "</em>", "<pre>",
    "<code>", "&check;", "&NotEqualTilde;", "&fjlig;", "&ThickSpace;", "&nGt;", "&bne;", "&checkx", "&amp;check;",
    "<scr\vipt>", "<a\vhref=x>", "<p\fid=1>", "text", " ", "\n", "\v", "\"", "'", "=", "/", "é", "😀"
  ].freeze

  REFERENCES = JSON.parse(
    File.read(File.expand_path("../../../contract/vectors/html-entities.json", __dir__))
  ).fetch("references").keys.freeze

  def test_the_ruby_and_typescript_sanitizers_agree_on_random_hostile_html
    random = Random.new(20)
    assert_agree(Array.new(2000) { Array.new(random.rand(1..14)) { PIECES.sample(random: random) }.join })
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

  def assert_agree(inputs)
    output, status = Open3.capture2(ENV.fetch("RANKQUILL_NODE", "node"), SCRIPT, stdin_data: JSON.generate(inputs))
    assert status.success?, "the TypeScript sanitizer did not run: build the repository first (pnpm run build)"
    sanitizer = Rankquill::Webhooks::HtmlSanitizer.new
    differing = inputs.zip(JSON.parse(output)).reject { |html, expected| sanitizer.sanitize(html) == expected }
    assert_empty(differing.first(5).map { |html, expected| [html, expected, sanitizer.sanitize(html)] })
  end
end
