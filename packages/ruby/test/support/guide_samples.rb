# frozen_string_literal: true

# The Ruby samples of the guides in docs/: every `ruby` block, bar those with a
# `<!-- sample ...: ... -->` marker above it, of each guide that has TypeScript samples. The guides
# show each sample in TypeScript, Python, PHP and Ruby, one block after the other
# (docs/test/sample-groups.test.ts checks that none is missing); each language's suite runs its own.
module GuideSamples
  DOCS = File.expand_path("../../../../docs", __dir__)
  Sample = Struct.new(:guide, :line, :code, keyword_init: true) do
    # The text each `puts ... # text` comment promises, in order; `…` stands for any text.
    def promised_output
      code.lines.filter_map { |line| line[/\A\s*puts\b.*\s# (.+)$/, 1] }
    end
  end

  module_function

  # The guides with Ruby samples, as paths.
  def guides
    Dir[File.join(DOCS, "*.md")].select { |path| samples_of(path).any? }
  end

  def samples_of(path)
    text = File.read(path)
    return [] unless text.match?(/^```(ts|typescript)$/)

    text.to_enum(:scan, /^```ruby\n(.*?)^```$/m).filter_map do
      match = Regexp.last_match
      line_above = text[0...match.begin(0)].rstrip.lines.last.to_s.strip
      next if line_above.match?(/\A<!--\s*sample [\w ]+:.*-->\z/)

      Sample.new(guide: File.basename(path), line: text[0...match.begin(0)].count("\n") + 1, code: match[1])
    end
  end

  # The `rankquill-mock serve` clock the guide asks for (`<!-- sample server: --clock real -->`).
  def clock_of(path)
    File.read(path)[/<!--\s*sample server:.*--clock (\w+).*-->/, 1] || "manual"
  end

  # The promised lines that `printed` does not hold in that order.
  def missing_output(promised, printed)
    lines = printed.lines.map(&:chomp)
    position = 0
    promised.reject do |promise|
      pattern = Regexp.new("\\A#{promise.split("…", -1).map { |part| Regexp.escape(part) }.join(".*")}\\z")
      found = (position...lines.size).find { |index| lines[index].match?(pattern) }
      position = found + 1 if found
      found
    end
  end
end
