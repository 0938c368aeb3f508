#!/usr/bin/env bash
# The two Quickstart commands of README.md:
#   bash scripts/run.sh serve [serve options]   install, build, start the reference server with demo data
#   bash scripts/run.sh test                    install, build, lint code and packages, type-check, check generated
#                                               files, run every test (the docs-site suite builds the four API
#                                               references, typedoc's warnings failing it, as `pnpm docs:api` would)
#   bash scripts/run.sh install                 only the install step of the two above
#   bash scripts/run.sh docs [port]             install, build the documentation site (pnpm docs:build), serve it
#                                               on http://127.0.0.1:4020
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/toolchain.sh
source scripts/toolchain.sh

# A node_modules left by another store path or pnpm version is reinstalled without a question:
# pnpm would ask, and without a TTY (CI, a pipe) stop with ERR_PNPM_ABORTED_REMOVE_MODULES_DIR_NO_TTY.
install_workspace() {
  pnpm install --frozen-lockfile --config.confirm-modules-purge=false --reporter=append-only >&2
}

case "${1:-}" in
  install)
    install_workspace
    ;;
  serve)
    shift
    install_workspace
    pnpm run build >&2
    exec node mock-server/dist/cli.js serve "$@"
    ;;
  test)
    install_workspace
    pnpm run build >&2
    pnpm run lint
    pnpm -r --if-present run lint:package
    pnpm run typecheck
    # No `pnpm run docs:api` here: the docs-site suite (scripts/test.mjs) runs typedoc with the same
    # options and doc-comment check for the site's TypeScript reference, beside the other suites.
    pnpm run openapi:check
    pnpm run api-md:check
    pnpm run models:check
    # The PostgreSQL suites start a throwaway cluster of their own; they need the server installed.
    bash scripts/debian-packages.sh postgresql
    pnpm run test
    ;;
  docs)
    shift
    install_workspace
    pnpm run build >&2
    pnpm run docs:build >&2
    exec node docs/site/build/serve.mjs "$@"
    ;;
  *)
    echo "usage: bash scripts/run.sh serve|test|install|docs" >&2
    exit 64
    ;;
esac
