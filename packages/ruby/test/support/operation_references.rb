# frozen_string_literal: true

require "ripper"

# The plain string literals of Ruby source files, each with the class (or module) and the method
# it is written in: what the coverage test reads to find which method sends which operation of
# the generated table, without running any of them.
module OperationReferences
  # A string literal: its text, the constant path of its class ("Rankquill::PublicArticles"), the
  # method it is in (nil outside any), whether that is a class method, and where it is.
  Literal = Struct.new(:text, :owner, :method_name, :singleton, :location, keyword_init: true)

  module_function

  # Every plain (not interpolated) string literal of `files`.
  def literals(files)
    files.flat_map do |file|
      tree = Ripper.sexp(File.read(file), file) or raise "#{file} does not parse"
      found = []
      walk(tree, { owner: [], method_name: nil, singleton: false, file: file }, found)
      found
    end
  end

  def walk(node, scope, found)
    return unless node.is_a?(Array)

    case node.first
    when :class, :module
      scope = scope.merge(owner: scope[:owner] + [constant_name(node[1])], method_name: nil)
    when :def
      scope = scope.merge(method_name: node[1][1], singleton: false)
    when :defs
      scope = scope.merge(method_name: node[3][1], singleton: true)
    when :string_literal
      return record(node, scope, found)
    end
    node.each { |child| walk(child, scope, found) }
  end

  def record(node, scope, found)
    content = node[1]
    return unless content.length == 2 && content[1].first == :@tstring_content

    text = content[1][1]
    line = content[1][2].first
    found << Literal.new(text: text, owner: scope[:owner].join("::"), method_name: scope[:method_name],
                         singleton: scope[:singleton], location: "#{scope[:file]}:#{line}")
  end

  def constant_name(node)
    case node.first
    when :const_ref, :var_ref, :top_const_ref then node[1][1]
    when :const_path_ref then "#{constant_name(node[1])}::#{node[2][1]}"
    else raise "unexpected constant node #{node.first}"
    end
  end
end
