# frozen_string_literal: true

require "json"

# The shared test vectors of packages/contract/vectors, which every language's tests load.
module Vectors
  DIR = File.join(MockServer::REPO_ROOT, "packages/contract/vectors")

  module_function

  def load(name)
    JSON.parse(File.read(File.join(DIR, name)))
  end

  # A test method name from a case's id or name.
  def test_name(text)
    "test_#{text.downcase.gsub(/[^a-z0-9]+/, "_").gsub(/\A_|_\z/, "")}"
  end

  # Each case of `cases` with a test method name of its own: names that read the same once
  # reduced to a method name (`"." is refused`, `".." is refused`) get a number.
  def named_cases(cases)
    seen = Hash.new(0)
    cases.map do |vector|
      name = test_name(vector.fetch("name"))
      seen[name] += 1
      [vector, seen[name] > 1 ? "#{name}_#{seen[name]}" : name]
    end
  end

  # Articles as the stores hold them: Symbol keys.
  def symbolized(value)
    JSON.parse(JSON.generate(value), symbolize_names: true)
  end

  # Asserts (in `test`) that `store` holds each expected article (its listed fields), and nothing
  # for a slug whose expected article is null.
  def assert_store(test, expected, store)
    expected.each do |slug, article|
      held = store.get(slug)
      if article.nil?
        test.assert_nil held, "#{slug} must be gone"
      else
        test.refute_nil held, "#{slug} must be stored"
        test.assert_equal article, plain(held).slice(*article.keys)
      end
    end
  end

  # The JSON round trip of a receiver's answer body, to compare with a vector's.
  def plain(value)
    JSON.parse(JSON.generate(value))
  end
end
