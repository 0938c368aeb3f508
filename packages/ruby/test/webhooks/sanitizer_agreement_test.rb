# frozen_string_literal: true

require "test_helper"
require "open3"

# Beyond the shared vectors: seeded random pieces of hostile HTML through the Ruby sanitizer and
# the TypeScript one (the built @rankquill/webhooks package, run by Node), which must agree byte
# for byte on every input. The pieces keep to the named references of Rankquill::Webhooks::HTML_ENTITIES
# (the Ruby table holds HTML 4's names, not all of HTML5's).
class SanitizerAgreementTest < Minitest::Test
  SCRIPT = File.expand_path("../support/sanitize_with_typescript.mjs", __dir__)
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
    "<code>", "<scr\vipt>", "<a\vhref=x>", "<p\fid=1>", "text", " ", "\n", "\v", "\"", "'", "=", "/", "é", "😀"
  ].freeze

  def test_the_ruby_and_typescript_sanitizers_agree_on_random_hostile_html
    random = Random.new(20)
    inputs = Array.new(2000) { Array.new(random.rand(1..14)) { PIECES.sample(random: random) }.join }
    output, status = Open3.capture2(ENV.fetch("RANKQUILL_NODE", "node"), SCRIPT, stdin_data: JSON.generate(inputs))
    assert status.success?, "the TypeScript sanitizer did not run: build the repository first (pnpm run build)"
    sanitizer = Rankquill::Webhooks::HtmlSanitizer.new
    differing = inputs.zip(JSON.parse(output)).reject { |html, expected| sanitizer.sanitize(html) == expected }
    assert_empty(differing.first(5).map { |html, expected| [html, expected, sanitizer.sanitize(html)] })
  end
end
