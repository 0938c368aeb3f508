# frozen_string_literal: true

require "test_helper"

class IdempotencyTest < ServerTest
  def test_the_same_key_and_body_replays_the_first_answer
    options = { idempotency_key: "order-42" }
    first = client.content.create(project_id, keyword: "moka pot", request_options: options)
    replayed = client.content.create(project_id, keyword: "moka pot", request_options: options)
    assert_equal first, replayed
    assert_equal(1, client.content.list(project_id).auto_paging_each.count { |item| item.keyword == "moka pot" })
  end

  def test_the_same_key_with_another_body_is_a_conflict
    client.projects.create(name: "One", domain: "one.example", request_options: { idempotency_key: "k-1" })
    error = assert_raises(Rankquill::ConflictError) do
      client.projects.create(name: "Two", domain: "two.example", request_options: { idempotency_key: "k-1" })
    end
    assert_equal 409, error.status
  end

  def test_posts_without_a_given_key_each_act
    2.times { client.content.create(project_id, keyword: "chemex") }
    assert_equal(2, client.content.list(project_id).auto_paging_each.count { |item| item.keyword == "chemex" })
  end
end
