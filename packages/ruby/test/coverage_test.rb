# frozen_string_literal: true

require "test_helper"

# Every operation of openapi.json has a method on the client, taking the operation's path ids
# in order and its query parameters and body fields as keywords. The admin routes, /healthz,
# /openapi.json and the public article API (Rankquill::PublicArticles) are not the client's.
class CoverageTest < Minitest::Test
  OPENAPI = File.join(MockServer::REPO_ROOT, "packages/contract/openapi.json")
  # Operations whose method lives under another name than their operationId says.
  RENAMED = {
    "projects.webhook.test" => "webhooks.test",
    "projects.webhook.rotateSigningSecret" => "webhooks.rotateSigningSecret"
  }.freeze
  # Methods whose first argument is not the operation's path ids.
  OWN_ARGUMENTS = { "exports.download" => "takes the export or its signed download_url" }.freeze

  def document
    @document ||= JSON.parse(File.read(OPENAPI))
  end

  def operations
    document["paths"].flat_map do |path, item|
      item.map { |_verb, operation| [path, operation] }
    end
  end

  def client
    Rankquill::Client.new(api_key: "rq_test_x", base_url: "http://127.0.0.1:9/v1")
  end

  def test_every_operation_has_a_method
    covered = operations.filter_map do |path, operation|
      next if path.start_with?("/__admin", "/healthz", "/openapi.json", "/public-article-api")
      # An export at a path of its own (`export.csv`) is for generated clients; ours send `?format=`.
      next if operation.key?("x-rankquill-format-of")

      id = operation.fetch("operationId")
      *resources, name = RENAMED.fetch(id, id).split(".").map do |part|
        part.gsub(/([A-Z])/) do
          "_#{Regexp.last_match(1).downcase}"
        end
      end
      target = resources.reduce(client) do |object, resource|
        assert_respond_to object, resource, "#{id}: no client.#{resources.join(".")}"
        object.public_send(resource)
      end
      assert_respond_to target, name, "#{id} (#{path}) has no method client.#{resources.join(".")}.#{name}"
      check_arguments(id, path, operation, target.method(name)) unless OWN_ARGUMENTS.key?(id)
      id
    end
    assert_operator covered.size, :>=, 30
  end

  def test_public_articles_covers_the_public_article_api
    operation = document.dig("paths", "/public-article-api", "get")
    query = operation["parameters"].map { |parameter| parameter["name"] }
    assert_equal %w[id limit offset], query.sort
    list = Rankquill::PublicArticles.instance_method(:list).parameters.map(&:last)
    assert_equal %i[limit offset], list
    assert_equal [%i[req id]], Rankquill::PublicArticles.instance_method(:retrieve).parameters
  end

  private

  def check_arguments(id, path, operation, method)
    parameters = method.parameters
    path_ids = path.scan(/\{(\w+)\}/).flatten
    positional = parameters.select { |kind, _| kind == :req }
    assert_equal path_ids.size, positional.size, "#{id}: one positional argument per path id #{path_ids}"

    keywords = parameters.select { |kind, _| %i[key keyreq].include?(kind) }.map(&:last)
    takes_any = parameters.any? { |kind, _| kind == :keyrest }
    query = (operation["parameters"] || []).filter_map { |p| p["name"].to_sym if p["in"] == "query" }
    body = body_fields(operation)
    (query + body).each do |name|
      assert takes_any || keywords.include?(name), "#{id}: #{method.owner}##{method.name} takes no #{name}:"
    end
    unknown = keywords - query - body - %i[request_options to poll_interval wait_timeout]
    assert_empty unknown, "#{id}: keywords the API does not know"
  end

  def body_fields(operation)
    ref = operation.dig("requestBody", "content", "application/json", "schema", "$ref")
    return [] unless ref

    document.dig("components", "schemas", ref.split("/").last, "properties").keys.map(&:to_sym)
  end
end
