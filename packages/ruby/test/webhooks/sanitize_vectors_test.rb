# frozen_string_literal: true

require "test_helper"
require_relative "../support/vectors"

# sanitize.json: what a receiver stores after sanitizing article HTML with html-allow-list.json,
# byte for byte the output of every other language's sanitizer.
class SanitizeVectorsTest < Minitest::Test
  VECTORS = Vectors.load("sanitize.json")

  def test_the_generated_allow_list_is_the_contracts
    assert_equal Vectors.load("html-allow-list.json"), Rankquill::Models::HTML_ALLOW_LIST
  end

  VECTORS.fetch("cases").each do |vector|
    define_method(Vectors.test_name(vector["name"])) do
      sanitizer = Rankquill::Webhooks::HtmlSanitizer.new
      html = sanitizer.sanitize(vector["html"])
      assert_equal vector.fetch("output"), html
      vector.fetch("contains", []).each { |text| assert_includes html, text }
      vector.fetch("not_contains", []).each { |text| refute_includes html.downcase, text }
      assert_equal html, sanitizer.sanitize(html), "sanitizing the output again changes it"
    end
  end
end
