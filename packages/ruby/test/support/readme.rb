# frozen_string_literal: true

# The code samples of the package README, for the tests that run them.
module Readme
  PATH = File.expand_path("../../README.md", __dir__)

  module_function

  # The ruby block right after the marker `<!-- sample tested by: <test> ... -->`.
  def sample_tested_by(test_file)
    text = File.read(PATH)
    marker = text.index("<!-- sample tested by: packages/ruby/test/#{test_file}")
    raise "README.md has no sample tested by #{test_file}" if marker.nil?

    text[marker..][/```ruby\n(.*?)```/m, 1]
  end
end
