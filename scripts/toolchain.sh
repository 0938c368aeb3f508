# Sourced by scripts/run.sh: puts Node >= 22.13 and the pinned pnpm on PATH.
# This machine kind ships Node 20, so both are installed from the npm registry into a
# per-user folder when missing; nothing outside that folder is touched.
RANKQUILL_TOOLCHAIN_DIR="${RANKQUILL_TOOLCHAIN_DIR:-$HOME/.cache/rankquill/toolchain}"
RANKQUILL_NODE_SPEC="node@24"
# Read from the repository's own package.json wherever the script is sourced from: sourced from a
# subfolder, a relative path would find no pin and install whatever pnpm is latest.
RANKQUILL_PNPM_VERSION="$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' "$(dirname "${BASH_SOURCE[0]}")/../package.json")"

node_is_recent() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=13)?0:1)'
}

export PATH="$RANKQUILL_TOOLCHAIN_DIR/bin:$PATH"
if ! node_is_recent; then
  echo "toolchain: installing $RANKQUILL_NODE_SPEC into $RANKQUILL_TOOLCHAIN_DIR" >&2
  npm install --silent --no-fund --no-audit --prefix "$RANKQUILL_TOOLCHAIN_DIR" -g "$RANKQUILL_NODE_SPEC" >&2
  hash -r
fi
if [ "$(pnpm --version 2>/dev/null)" != "$RANKQUILL_PNPM_VERSION" ]; then
  echo "toolchain: installing pnpm@$RANKQUILL_PNPM_VERSION into $RANKQUILL_TOOLCHAIN_DIR" >&2
  npm install --silent --no-fund --no-audit --prefix "$RANKQUILL_TOOLCHAIN_DIR" -g "pnpm@$RANKQUILL_PNPM_VERSION" >&2
  hash -r
fi
node_is_recent || { echo "toolchain: Node >= 22.13 is required, found $(node --version)" >&2; exit 1; }
