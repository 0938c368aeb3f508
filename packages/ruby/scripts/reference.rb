# frozen_string_literal: true

# Writes the Ruby API reference as Markdown pages for the documentation site (`pnpm docs:build`),
# from the doc comments as YARD (Debian's `yard`) reads them. A warning fails the run (exit 1): one
# that YARD logs while parsing (an unknown tag, a @param naming no parameter), a public class,
# module or method without a doc comment, or a hand-written one without an @example. The generated
# models (Rankquill::Models) need a doc comment, not an example. Not public: Rankquill::Internal,
# anything tagged `@api private`, and the methods every Ruby object has (inspect, hash, to_s, ==);
# `initialize` is documented by its class's comment (its @example shows `new`).
#
#   ruby scripts/reference.rb OUT_DIR   # writes OUT_DIR/index.md, resources.md, webhooks.md, testing.md, models.md
#   ruby scripts/reference.rb --check   # only the warnings, as test/doc_comments_test.rb runs it
require "yard"

# Builds the reference pages and the warnings (see the comment above).
module Reference # rubocop:disable Metrics/ModuleLength -- one generator, read top to bottom
  LIB = File.expand_path("../lib", __dir__)
  PAGES = {
    "index" => ["Ruby: rankquill", ->(path) { !path.match?(/\ARankquill::(Resources|Webhooks|Testing|Models)\b/) }],
    "resources" => ["Ruby: the resources of the client", ->(path) { path.start_with?("Rankquill::Resources") }],
    "webhooks" => ["Ruby: Rankquill::Webhooks", ->(path) { path.start_with?("Rankquill::Webhooks") }],
    "testing" => ["Ruby: Rankquill::Testing", ->(path) { path.start_with?("Rankquill::Testing") }],
    "models" => ["Ruby: Rankquill::Models", ->(path) { path.start_with?("Rankquill::Models") }]
  }.freeze
  # Methods every Ruby object has, documented by Ruby; `initialize` is documented on its class.
  NAMESPACE_FILES = %w[rankquill.rb rankquill/resources/api_resource.rb rankquill/webhooks/signature.rb
                       rankquill/testing.rb].freeze
  OBJECT_METHODS = %w[inspect hash to_s == eql? to_ary pretty_print method_missing respond_to_missing?].freeze

  Result = Struct.new(:warnings, :pages, :checked, keyword_init: true)

  module_function

  def build
    warnings = []
    YARD::Registry.clear
    YARD::Logger.instance.enter_level(Logger::WARN) do
      original = YARD::Logger.instance.method(:warn)
      YARD::Logger.instance.define_singleton_method(:warn) { |message| warnings << "yard: #{message}" }
      # A namespace reopened in many files keeps the comment YARD read last: the files that
      # document Rankquill, Resources, Webhooks and Testing are read after the others.
      namespace_files = NAMESPACE_FILES.map { |file| File.join(LIB, file) }
      YARD.parse((Dir[File.join(LIB, "**", "*.rb")] - namespace_files) + namespace_files)
      YARD::Logger.instance.define_singleton_method(:warn, original)
    end
    namespaces = YARD::Registry.all(:class, :module).select { |object| public?(object) }.sort_by(&:path)
    checked = 0
    pages = PAGES.to_h do |name, (title, selects)|
      lines = ["# #{title}", ""]
      namespaces.select { |object| selects.call(object.path) }.each do |object|
        checked += check(object, warnings)
        lines.concat(section(object, warnings) { checked += 1 })
      end
      [name, lines]
    end
    Result.new(warnings: warnings, pages: pages, checked: checked)
  end

  def public?(object)
    return false if object.path.start_with?("Rankquill::Internal") || object.path == "Rankquill::Generated"
    return false if object.has_tag?(:api) && object.tag(:api).text == "private"

    object.namespace.root? || public?(object.namespace)
  end

  def generated?(object)
    object.path.start_with?("Rankquill::Models", "Rankquill::Generated")
  end

  def check(object, warnings)
    if object.docstring.blank? && object.tags.empty?
      warnings << "#{object.path} has no doc comment"
    elsif !generated?(object) && !object.has_tag?(:example)
      warnings << "#{object.path} has a doc comment without an @example"
    end
    1
  end

  def public_methods_of(object)
    methods = object.meths(inherited: false, included: false).select do |method|
      method.visibility == :public && !OBJECT_METHODS.include?(method.name.to_s) && !method.is_alias? &&
        !(method.has_tag?(:api) && method.tag(:api).text == "private") && !method.is_attribute?
    end
    methods.sort_by { |method| [method.scope == :class ? 0 : 1, method.name.to_s] }
  end

  def heading(object)
    kind = object.type == :class ? "class" : "module"
    parent = object.type == :class && object.superclass && object.superclass.path != "Object"
    ["## #{object.path}", "", "`#{kind} #{object.path}`#{" < `#{object.superclass.path}`" if parent}", ""]
  end

  def attribute_lines(object)
    attributes = object.meths(inherited: false).select(&:is_attribute?).reject do |attribute|
      attribute.name.to_s.end_with?("=")
    end
    lines = attributes.map { |attribute| "- `#{attribute.name}`: #{attribute.docstring.to_s.tr("\n", " ")}" }
    lines.empty? ? lines : lines + [""]
  end

  def section(object, warnings, &counted)
    lines = heading(object) + text_of(object) + attribute_lines(object)
    public_methods_of(object).each do |method|
      counted.call
      check(method, warnings) unless method.name == :initialize
      separator = method.scope == :class ? "." : "#"
      lines.concat(["### #{object.name}#{separator}#{method.name}", "", "```ruby", method.signature.sub(/\Adef /, ""),
                    "```", ""])
      lines.concat(text_of(method))
    end
    lines
  end

  def text_of(object)
    lines = []
    lines.concat([object.docstring.to_s, ""]) unless object.docstring.blank?
    lines.concat(parameter_lines(object))
    object.tags(:return).each { |tag| lines.concat(["**Returns**#{types_of(tag)} #{tag.text}", ""]) }
    object.tags(:raise).each { |tag| lines.concat(["**Raises**#{types_of(tag)} #{tag.text}", ""]) }
    object.tags(:example).each do |tag|
      title = tag.name.to_s.empty? ? "Example" : "Example: #{tag.name}"
      lines.concat(["**#{title}**", "", "```ruby", tag.text.to_s, "```", ""])
    end
    lines
  end

  def parameter_lines(object)
    params = object.tags(:param)
    return [] if params.empty?

    ["**Parameters**", ""] +
      params.map { |tag| "- `#{tag.name}`#{types_of(tag)}: #{tag.text.to_s.tr("\n", " ")}" } + [""]
  end

  def types_of(tag)
    tag.types && !tag.types.empty? ? " (`#{tag.types.join(", ")}`)" : ""
  end

  def main(argv)
    result = build
    if argv.first && argv.first != "--check"
      FileUtils.mkdir_p(argv.first)
      result.pages.each { |name, lines| File.write(File.join(argv.first, "#{name}.md"), "#{lines.join("\n")}\n") }
    end
    result.warnings.each { |warning| warn "warning: #{warning}" }
    warn "ruby reference: #{result.checked} symbols, #{result.warnings.size} warnings"
    result.warnings.empty? ? 0 : 1
  end
end

exit Reference.main(ARGV) if $PROGRAM_NAME == __FILE__
