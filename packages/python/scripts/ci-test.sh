#!/usr/bin/env bash
# What CI runs for the Python package (scripts/test.mjs calls it after the TypeScript tests):
# installs Python and the package's tools into a venv, checks the generated sync code, runs ruff,
# mypy --strict and pyright, runs pytest against the reference server (built by `pnpm run build`),
# and writes ../../.test-results/python.json as {"passed", "failed", "skipped"}.
# Exits non-zero when any step failed.
set -uo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$package/../.." && pwd)"
cd "$package"

bash "$root/scripts/debian-packages.sh" python3 python3-venv || exit 1
venv="${RANKQUILL_PYTHON_VENV:-$package/.venv}"
# The wheels of the runtime dependencies, for the test that installs the built wheel offline.
export RANKQUILL_PYTHON_WHEELHOUSE="${RANKQUILL_PYTHON_WHEELHOUSE:-$HOME/.cache/rankquill/python/wheelhouse}"
python="$venv/bin/python"
set -e
[ -x "$python" ] || /usr/bin/python3 -m venv "$venv"
# `pip install --group` needs pip 25.1 or later; Debian's venv starts with 23.
"$python" -m pip install --quiet --disable-pip-version-check --upgrade 'pip>=25.1'
# The mock extra: the pytest plugin's tests run the bundled server on the Node.js it brings.
"$python" -m pip install --quiet --disable-pip-version-check --editable '.[mock]' --group dev
"$python" - <<'PY' > "$venv/runtime-requirements.txt"
import tomllib
print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))
PY
"$python" -m pip download --quiet --disable-pip-version-check --dest "$RANKQUILL_PYTHON_WHEELHOUSE" \
  --requirement "$venv/runtime-requirements.txt"
set +e

failed=()
step() {
  local name="$1"
  shift
  echo "-- $name"
  "$@" || failed+=("$name")
}
step "sync code generated from the async code" "$python" scripts/unasync.py --check
step "ruff check" "$python" -m ruff check .
step "ruff format" "$python" -m ruff format --check .
step "mypy --strict" "$python" -m mypy
step "pyright" "$python" -m pyright --pythonpath "$python"

report="$root/.test-results/python.json"
junit="$root/.test-results/python-junit.xml"
mkdir -p "$root/.test-results"
rm -f "$report" "$junit"
installed_junit="$root/.test-results/python-installed-mock-junit.xml"
rm -f "$installed_junit"
step "pytest" "$python" -m pytest --junitxml="$junit" -p no:cacheprovider
# docs/testing.md's Python CI recipe: the built wheel with its mock extra, a PATH without node, pytest -n 2.
step "installed rankquill[mock]" bash scripts/test-installed-mock.sh "$python" "$installed_junit"
"$python" - "$report" "$junit" "$installed_junit" <<'PY' || failed+=("test report")
import json, sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

counts = {"passed": 0, "failed": 0, "skipped": 0}
suites = [
    suite
    for junit in sys.argv[2:]
    if Path(junit).exists()
    for suite in ElementTree.parse(junit).getroot().iter("testsuite")
]
for suite in suites:
    tests, skipped = int(suite.get("tests", 0)), int(suite.get("skipped", 0))
    failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
    counts["passed"] += tests - skipped - failed
    counts["failed"] += failed
    counts["skipped"] += skipped
json.dump(counts, open(sys.argv[1], "w"))
print(f"python: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped")
PY

if [ ${#failed[@]} -gt 0 ]; then
  echo "python: failed steps: ${failed[*]}" >&2
  exit 1
fi
