#!/usr/bin/env bash
# The two Quickstart commands of README.md:
#   bash scripts/run.sh serve [serve options]   install, build, start the reference server with demo data
#   bash scripts/run.sh test                    install, build, lint code and packages, type-check, build the API
#                                               reference (typedoc, warnings fail), check generated files, run every test
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/toolchain.sh
source scripts/toolchain.sh

pnpm install --frozen-lockfile --reporter=append-only >&2
pnpm run build >&2

case "${1:-}" in
  serve)
    shift
    exec node mock-server/dist/cli.js serve "$@"
    ;;
  test)
    pnpm run lint
    pnpm -r --if-present run lint:package
    pnpm run typecheck
    pnpm run docs:api
    pnpm run openapi:check
    pnpm run api-md:check
    pnpm run models:check
    # The PostgreSQL suites start a throwaway cluster of their own; they need the server installed.
    bash scripts/debian-packages.sh postgresql
    pnpm run test
    ;;
  *)
    echo "usage: bash scripts/run.sh serve|test" >&2
    exit 64
    ;;
esac
