# frozen_string_literal: true

require "test_helper"

class PaginationTest < ServerTest
  def test_a_page_is_enumerable_over_its_own_items
    page = client.content.list(project_id, limit: 2)
    assert_kind_of Enumerable, page
    assert_equal page.data, page.to_a
    assert_equal 2, page.count
    assert_equal({ limit: 2, offset: 0, count: 2, total: 5, has_more: true }, page.pagination.to_h)
  end

  def test_next_page_keeps_the_limit_and_filters
    second = client.content.list(project_id, limit: 1, status: "published").next_page
    assert_equal 1, second.pagination.offset
    assert_equal 1, second.pagination.limit
    assert_equal ["published"], second.map(&:status)
    last = second.next_page
    assert_equal false, last.next_page?
    assert_nil last.next_page
  end

  def test_auto_paging_each_walks_every_page_and_answers_an_enumerator_without_a_block
    all = client.content.list(project_id).to_a
    walked = client.content.list(project_id, limit: 2).auto_paging_each
    assert_instance_of Enumerator, walked
    assert_equal all.map(&:id), walked.map(&:id)
    seen = []
    client.content.list(project_id, limit: 3).auto_paging_each { |item| seen << item.id }
    assert_equal all.map(&:id), seen
  end

  def test_auto_paging_each_fetches_pages_only_as_they_are_reached
    first_two = client.content.list(project_id, limit: 1).auto_paging_each.first(2)
    assert_equal 2, first_two.size
  end

  def test_an_offset_starts_later
    page = client.content.list(project_id, limit: 10, offset: 3)
    assert_equal 2, page.count
    assert_equal false, page.next_page?
  end
end
