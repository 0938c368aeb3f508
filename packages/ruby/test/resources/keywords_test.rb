# frozen_string_literal: true

require "test_helper"

class KeywordsTest < ServerTest
  def test_create_list_opportunities_performance_export
    keyword = client.keywords.create(project_id, keyword: "  Aeropress   recipe ")
    assert_equal "Aeropress recipe", keyword.keyword
    assert_match(/\Akw_/, keyword.id)
    assert_includes client.keywords.list(project_id).auto_paging_each.map(&:id), keyword.id

    opportunities = client.keywords.opportunities(project_id).auto_paging_each.to_a
    scores = opportunities.map(&:opportunity_score)
    assert_equal scores.sort.reverse, scores
    assert_kind_of Numeric, opportunities.first.factors.demand

    server.advance(3 * 86_400)
    points = client.keywords.performance(project_id, keyword.id, from: "2026-01-01").auto_paging_each.to_a
    assert_operator points.size, :>=, 3
    assert_match(/\A\d{4}-\d\d-\d\d\z/, points.first.date)

    csv = client.keywords.export(project_id).text
    assert_equal "keyword,volume,position,position_change,impressions,clicks,opportunity_score", csv.lines.first.strip
    assert_includes csv, "Aeropress recipe"
  end

  def test_a_keyword_tracked_twice_is_a_conflict_naming_the_field
    client.keywords.create(project_id, keyword: "pour over")
    error = assert_raises(Rankquill::ConflictError) { client.keywords.create(project_id, keyword: "Pour  Over") }
    assert_equal "keyword", error.param
  end
end
