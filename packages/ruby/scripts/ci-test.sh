#!/usr/bin/env bash
# The Ruby package's CI step (run by scripts/test.mjs after the TypeScript tests, once Node is
# installed and the repository built): installs Ruby and the tools from Debian's packages,
# lints (rubocop), validates the RBS signatures, runs the minitest suite against the reference
# server, then the suite once more with RBS runtime type checking, and writes the counts of both
# runs to .test-results/ruby.json. Exits non-zero when anything failed.
set -euo pipefail
package_dir="$(cd "$(dirname "$0")/.." && pwd)"
repo_root="$(cd "$package_dir/../.." && pwd)"
cd "$repo_root"
# Debian 12's Ruby is 3.1; its bundled gems include rbs 2.7 (rbs/test/setup for the typed run).
# ruby-rack, ruby-sinatra and ruby-rails only for the tests: Rack::Lint and the WEBrick handler that
# serve the receiver over HTTP, and the frameworks whose guides (docs/ruby-webhooks.md) run in them;
# ruby-rspec for the RSpec sample of docs/testing.md; puma for a raw Rack route served as Puma serves
# it (PATH_INFO a binary string); yard for scripts/reference.rb (the API reference).
bash scripts/debian-packages.sh ruby ruby-minitest rubocop ruby-webrick ruby-sqlite3 ruby-rack ruby-sinatra ruby-rails ruby-rspec puma yard

results="$repo_root/.test-results"
mkdir -p "$results"
rm -f "$results/ruby.json" "$results/ruby-plain.json" "$results/ruby-rbs.json"
cd "$package_dir"
status=0

echo "ruby: rubocop"
rubocop --format progress || status=1

echo "ruby: rbs validate"
ruby -e 'require "rbs"; require "rbs/cli"; RBS::CLI.new(stdout: $stdout, stderr: $stderr).run(%w[-I sig validate --silent])' || status=1

echo "ruby: minitest"
RANKQUILL_TEST_RESULTS="$results/ruby-plain.json" ruby -Ilib -Itest test/run.rb || status=1

# The same suite with every call into Rankquill checked against sig/ at run time. coverage_test.rb
# is left out of this run: it reads the methods' parameter lists, which RBS's hooks replace with
# (*args, **kwargs) wrappers; it runs in the plain run above. framework_guides_test.rb too: its
# receivers run in rackup processes that RBS does not hook, so a second run would only double its
# ~25 s (four framework servers) without checking a type. sanitizer_agreement_test.rb too: its
# 20,000 random inputs take ten times as long with every tokenizer event type-checked, and
# sanitize_vectors_test.rb checks the same calls' types; sanitize_pathological_test.rb times the
# sanitizer (CPU time per input), which the type checks would time instead. The install and guide tests run the gem in
# processes of their own, which RBS does not check either, as do rspec_helper_test.rb's spec and
# error_handling_guide_test.rb's samples.
echo "ruby: minitest with RBS runtime type checking"
RBS_TEST_TARGET='Rankquill::*' RBS_TEST_OPT='-I sig' RBS_TEST_RAISE=true RBS_TEST_LOGLEVEL=error \
  RANKQUILL_TEST_EXCLUDE=coverage_test.rb,gem_install_test.rb,framework_guides_test.rb,sanitizer_agreement_test.rb,sanitize_pathological_test.rb,install_from_checkout_test.rb,testing_guide_test.rb,rspec_helper_test.rb,error_handling_guide_test.rb,guide_samples_test.rb,doc_comments_test.rb \
  RANKQUILL_TEST_RESULTS="$results/ruby-rbs.json" ruby -Ilib -Itest -rrbs/test/setup test/run.rb || status=1

# The framework guides' servers (rackup, in their own process groups) must be gone with the tests.
if command -v pgrep >/dev/null && pgrep -f '[r]ackup -s webrick -o 127.0.0.1 -p 0 config.ru' >/dev/null; then
  echo "ruby: a framework server started by framework_guides_test.rb outlived the tests"
  status=1
fi

ruby -rjson -e '
  runs = ARGV.map { |path| File.exist?(path) ? JSON.parse(File.read(path)) : { "failed" => 1 } }
  totals = %w[passed failed skipped].to_h { |key| [key, runs.sum { |run| run.fetch(key, 0) }] }
  File.write(File.join(File.dirname(ARGV[0]), "ruby.json"), JSON.generate(totals))
  puts "ruby: #{totals["passed"]} passed, #{totals["failed"]} failed, #{totals["skipped"]} skipped"
' "$results/ruby-plain.json" "$results/ruby-rbs.json"
exit $status
