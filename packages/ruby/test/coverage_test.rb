# frozen_string_literal: true

require "test_helper"
require_relative "support/operation_references"

# Driven by the generated operation table (Rankquill::Generated::OPERATIONS): every operation a
# Ruby client calls (`main`: Rankquill::Client's resources; `public-articles`:
# Rankquill::PublicArticles; `testing`: Rankquill::Testing::MockServer) is sent by a method of that
# client, every operation id the client files name is in the table, and no client file types an
# API path. A method names its operation as a string literal (`call("content.retrieve", ...)`);
# the source is read, nothing is run.
class CoverageTest < Minitest::Test
  LIB = File.expand_path("../lib/rankquill", __dir__)
  CLIENT_FILES = Dir[File.join(LIB, "{client,public_articles,page,with_response,api_response}.rb"),
                     File.join(LIB, "{resources,internal,testing}", "**", "*.rb")].freeze
  OPERATIONS = Rankquill::Generated::OPERATIONS
  # How an operation id reads: a resource of the table, a dot, a name (`content.retrieve`,
  # `aiVisibility.topics.create`); so a mistyped name is caught, and `package.json` is no id.
  ID_SHAPE = /\A(?:#{OPERATIONS.keys.map { |id| id.split(".").first }.uniq.join("|")})\.[a-z][A-Za-z.]*\z/
  # Keywords a method may take besides the operation's query and body fields.
  CLIENT_KEYWORDS = %i[request_options to poll_interval wait_timeout].freeze

  def literals
    @literals ||= OperationReferences.literals(CLIENT_FILES)
  end

  # The literals that name an operation, with the client whose classes they are written in.
  def references
    literals.filter_map do |literal|
      next unless OPERATIONS.key?(literal.text) || literal.text.match?(ID_SHAPE)

      [literal, client_of(literal.owner)]
    end
  end

  def test_every_operation_of_a_ruby_client_is_sent_by_one_of_its_methods
    sent = references.select { |literal, _| literal.method_name }.map { |literal, client| [literal.text, client] }
    missing = OPERATIONS.values.reject { |operation| operation.client == "none" }
                        .reject { |operation| sent.include?([operation.id, operation.client]) }
                        .map { |operation| "#{operation.id} (#{operation.client}: #{operation.path})" }
    assert_empty missing, "operations of the table that no method of their client sends: add one"
  end

  def test_every_operation_id_a_client_names_is_in_the_table_and_of_that_client
    wrong = references.filter_map do |literal, client|
      operation = OPERATIONS[literal.text]
      if operation.nil?
        "#{literal.location}: #{literal.text.inspect} is not an operation of the table"
      elsif operation.client != client
        "#{literal.location}: #{literal.text} is a #{operation.client} operation, named in #{literal.owner}"
      elsif literal.method_name.nil?
        "#{literal.location}: #{literal.text} is named outside any method"
      end
    end
    assert_empty wrong
  end

  def test_no_client_file_types_an_api_path
    bases = Rankquill::Generated::ClientPolicy.constants.grep(/\ABASE_PATHS_/)
                                              .map { |name| Rankquill::Generated::ClientPolicy.const_get(name) }
    paths = OPERATIONS.values.map(&:path).reject(&:empty?).map do |path|
      Regexp.new("\\A#{Regexp.escape(path).gsub(/\\\{\w+\\\}/, "[^/]*")}(?:/|\\z)")
    end
    typed = literals.select do |literal|
      bases.any? { |base| literal.text.start_with?(base) } || paths.any? { |path| literal.text.match?(path) }
    end
    assert_empty(typed.map { |literal| "#{literal.location}: #{literal.text.inspect}" })
  end

  # Each public method that sends a main operation takes its path ids in order, then its query
  # parameters and body fields as keywords, and no keyword the API does not know.
  def test_main_methods_take_the_operations_ids_and_fields
    references.each do |literal, client|
      next unless client == "main" && !literal.singleton

      owner = Object.const_get(literal.owner)
      next unless owner.public_method_defined?(literal.method_name)

      check_arguments(OPERATIONS.fetch(literal.text), owner.instance_method(literal.method_name))
    end
  end

  # The public article API's one operation serves two methods: a page (`limit`, `offset`) and
  # one article by `id`.
  def test_public_articles_take_the_query_of_their_operation
    query = OPERATIONS.fetch("publicArticles.get").query
    list = Rankquill::PublicArticles.instance_method(:list).parameters.map(&:last).map(&:to_s)
    retrieve = Rankquill::PublicArticles.instance_method(:retrieve).parameters.map(&:last).map(&:to_s)
    assert_equal query.sort, (list + retrieve).sort
  end

  private

  def client_of(owner)
    return "public-articles" if owner == "Rankquill::PublicArticles"
    return "testing" if owner.start_with?("Rankquill::Testing")

    main_resources.include?(owner) ? "main" : "none"
  end

  # The resource classes a Client reaches through its readers (client.ai_visibility.topics too).
  def main_resources
    @main_resources ||= begin
      client = Rankquill::Client.new(api_key: "rq_test_x", base_url: "http://127.0.0.1:9/v1")
      resources_of(client, Rankquill::Client)
    end
  end

  def resources_of(object, klass)
    klass.public_instance_methods(false).flat_map do |name|
      next [] unless klass.instance_method(name).arity.zero? && name != :close

      value = object.public_send(name)
      next [] unless value.is_a?(Rankquill::Resources::APIResource)

      [value.class.name, *resources_of(value, value.class)]
    end
  end

  def check_arguments(operation, method)
    parameters = method.parameters
    # exports.download takes the export (or its signed URL), whose URL holds the ids and token.
    return if parameters.first&.last == :export_or_url

    positional = parameters.select { |kind, _| kind == :req }
    assert_equal operation.path_params.size, positional.size,
                 "#{operation.id}: #{method.owner}##{method.name} takes one argument per path id " \
                 "#{operation.path_params}"
    keywords = parameters.select { |kind, _| %i[key keyreq].include?(kind) }.map(&:last)
    takes_any = parameters.any? { |kind, _| kind == :keyrest }
    fields = (operation.query + operation.body).map(&:to_sym)
    fields.each do |name|
      assert takes_any || keywords.include?(name), "#{operation.id}: #{method.owner}##{method.name} takes no #{name}:"
    end
    assert_empty keywords - fields - CLIENT_KEYWORDS, "#{operation.id}: keywords the API does not know"
  end
end
