# frozen_string_literal: true

require "test_helper"

class ModelsTest < Minitest::Test
  PROJECT = {
    id: "proj_1", name: "Acme", domain: "acme.example", language: "en", brand_names: ["Acme"],
    public_api_key: "rqp_1", webhook: { url: "https://acme.example/hook", secret_set: true },
    created_at: "2026-01-01T00:00:00.000Z", updated_at: "2026-01-01T00:00:00.000Z"
  }.freeze

  def project
    Rankquill::Models::Project.wrap(JSON.parse(JSON.generate(PROJECT.merge(added_by_a_newer_api: "yes")),
                                               symbolize_names: true))
  end

  def test_fields_answer_methods_and_brackets
    assert_equal "Acme", project.name
    assert_equal "Acme", project[:name]
    assert_equal "Acme", project["name"]
    assert_instance_of Rankquill::Models::ProjectWebhook, project.webhook
    assert_same project.webhook.class, project[:webhook].class
    assert_equal true, project.webhook.secret_set
    assert project.key?(:language)
    without_webhook = Rankquill::Models::Project.wrap(PROJECT.merge(webhook: nil))
    assert_nil without_webhook.webhook
    item = Rankquill::Models::ActivityEntry.wrap({ id: "act_1" })
    refute item.key?(:delivery_id)
    assert_nil item[:delivery_id]
  end

  def test_fields_a_newer_api_adds_are_readable
    assert_equal "yes", project[:added_by_a_newer_api]
    assert_equal "yes", project.added_by_a_newer_api
    assert_respond_to project, :added_by_a_newer_api
    assert_raises(NoMethodError) { project.not_a_field }
  end

  def test_to_h_is_a_deep_copy_with_symbol_keys
    hash = project.to_h
    assert_equal({ url: "https://acme.example/hook", secret_set: true }, hash[:webhook])
    hash[:webhook][:url] = "changed"
    hash[:name] << "!"
    assert_equal "https://acme.example/hook", project.to_h[:webhook][:url]
    assert_equal "Acme", project.to_h[:name]
  end

  def test_arrays_of_models_and_equality
    score = Rankquill::Models::AiVisibilityScore.wrap({ platforms: [{ platform: "gemini", score: 12.5 }], score: 40 })
    assert_instance_of Rankquill::Models::AiVisibilityPlatformBreakdown, score.platforms.first
    assert_equal "gemini", score.platforms.first.platform
    assert_equal project, project
    refute_equal project, Rankquill::Models::Project.wrap(PROJECT.merge(id: "proj_2"))
  end

  def test_an_open_enum_takes_values_a_newer_api_adds
    item = Rankquill::Models::ContentItem.wrap({ status: "archived" })
    assert_equal "archived", item.status
  end
end
