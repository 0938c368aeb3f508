# frozen_string_literal: true

# Runs every test file: `ruby -Ilib -Itest test/run.rb`. RANKQUILL_TEST_EXCLUDE names files
# (comma-separated basenames) to leave out of this run.
excluded = ENV.fetch("RANKQUILL_TEST_EXCLUDE", "").split(",").map(&:strip)
Dir[File.join(__dir__, "**", "*_test.rb")].each do |file|
  require file unless excluded.include?(File.basename(file))
end
