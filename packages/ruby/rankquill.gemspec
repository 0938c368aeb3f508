# frozen_string_literal: true

require_relative "lib/rankquill/version"

Gem::Specification.new do |spec|
  spec.name = "rankquill"
  spec.version = Rankquill::VERSION
  spec.authors = ["Rankquill"]
  spec.summary = "Ruby client of the Rankquill content, keyword and AI-visibility API, " \
                 "its public article API, and a Rack webhook receiver"
  spec.description = "The main API (projects, content, keywords, AI visibility, exports) with retries, " \
                     "idempotent POSTs, pages and typed errors; the public article API; and a webhook " \
                     "receiver that mounts as a Rack application. Standard library only."
  spec.license = "MIT"
  spec.required_ruby_version = ">= 3.1"
  spec.files = Dir["lib/**/*.rb", "sig/**/*.rbs", "README.md", "CHANGELOG.md"]
  spec.require_paths = ["lib"]
  spec.metadata = {
    "changelog_uri" => "https://rubydoc.info/gems/rankquill/file/CHANGELOG.md",
    "rubygems_mfa_required" => "true"
  }
end
