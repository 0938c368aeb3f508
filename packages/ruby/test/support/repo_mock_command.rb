# frozen_string_literal: true

require "rankquill/testing"
require "shellwords"

# The repository's CLI (mock-server/dist/cli.js, built by `pnpm run build`) as the command of the
# helpers' server, so that the tests run the server of this checkout.
REPO_MOCK_COMMAND = [ENV.fetch("RANKQUILL_NODE", "node"),
                     File.expand_path("../../../../mock-server/dist/cli.js", __dir__)].shelljoin
Rankquill::Testing.mock_server_options = { command: REPO_MOCK_COMMAND }
