# frozen_string_literal: true

require "test_helper"

class AiVisibilityTest < ServerTest
  def test_topics_prompts_responses_score_and_export
    topic = client.ai_visibility.topics.create(project_id, name: "Cold brew")
    assert_match(/\Atop_/, topic.id)
    assert_includes client.ai_visibility.topics.list(project_id).map(&:id), topic.id

    prompt = client.ai_visibility.prompts.create(project_id, topic_id: topic.id,
                                                             text: "What is the best cold brew ratio?")
    assert_equal topic.id, prompt.topic_id
    assert_equal [prompt.id], client.ai_visibility.prompts.list(project_id, topic_id: topic.id).map(&:id)

    server.advance(86_400)
    responses = client.ai_visibility.responses.list(project_id, prompt_id: prompt.id).auto_paging_each.to_a
    refute_empty responses
    assert(responses.all? { |response| response.prompt_id == prompt.id })
    assert_kind_of Array, responses.first.mentions

    score = client.ai_visibility.retrieve(project_id)
    assert_equal project_id, score.project_id
    assert_kind_of Integer, score.period.days
    assert_kind_of Numeric, score.score
    assert(score.platforms.all? { |platform| platform.is_a?(Rankquill::Models::AiVisibilityPlatformBreakdown) })

    exported = client.ai_visibility.export(project_id)
    assert_equal "application/json", exported.content_type
    assert_includes exported.json[:topics].map { |item| item[:id] }, topic.id
  end

  def test_a_prompt_of_an_unknown_topic_is_refused
    assert_raises(Rankquill::NotFoundError, Rankquill::BadRequestError) do
      client.ai_visibility.prompts.create(project_id, topic_id: "top_unknown", text: "Anything?")
    end
  end
end
