# frozen_string_literal: true

require "minitest/autorun"
require "open3"
require "tmpdir"
require_relative "../support/repo_mock_command"

# The RSpec helper removes the faults an example left on its account when the example ends, in
# nested groups too: a spec run by `rspec` in a process of its own, with this checkout's gem and
# server.
class RSpecHelperTest < Minitest::Test
  LIB = File.expand_path("../../lib", __dir__)

  SPEC = <<~RUBY
    require "rankquill/testing/rspec"

    RSpec.configure { |config| config.include Rankquill::Testing::RSpec }

    RSpec.describe "faults left behind" do
      describe "an example" do
        it "leaves a fault with no end" do
          $left = rankquill_mock
          rankquill_mock.fail("content.create", 503, times: nil)
          expect(rankquill_mock.faults.size).to eq(1)
        end
      end

      describe "the example after it" do
        it "finds that fault removed" do
          expect($left.faults).to eq([])
          expect($left.client(max_retries: 0).content.create($left.project_id, keyword: "x").status).to eq("generating")
        end
      end
    end
  RUBY

  def test_an_examples_faults_are_removed_when_it_ends
    Dir.mktmpdir("rankquill-rspec-faults") do |dir|
      File.write(File.join(dir, "faults_spec.rb"), SPEC)
      env = { "RUBYLIB" => LIB, "RANKQUILL_MOCK_COMMAND" => REPO_MOCK_COMMAND }
      output, status = Open3.capture2e(env, "rspec", "--order", "defined", "faults_spec.rb", chdir: dir)
      assert status.success?, output
      assert_match(/2 examples, 0 failures/, output)
    end
  end
end
