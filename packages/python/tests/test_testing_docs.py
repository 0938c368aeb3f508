"""The "Python (pytest)" section of docs/testing.md: its test file runs, as written, with the
`rankquill_mock` fixture of this package's pytest plugin (in parallel with -n 2 when pytest-xdist is
installed). scripts/test-installed-mock.sh runs it again from the built wheel, on a PATH without node."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from .support.mock_server import REPO_ROOT
from .support.samples import samples_of

TESTING_GUIDE = REPO_ROOT / "docs" / "testing.md"


def pytest_section_samples() -> list[str]:
    text = TESTING_GUIDE.read_text()
    section = text[text.index("### Python (pytest)") :]
    # Up to the next section of its level or above ("Testing your error handling" has samples of its own).
    end = re.search(r"\n#{2,3} ", section[1:])
    section = section[: end.start() + 1] if end else section
    return [sample.code for sample in samples_of(TESTING_GUIDE, REPO_ROOT) if sample.code in section]


def test_the_pytest_section_of_the_testing_guide_runs_with_the_fixture(tmp_path: Path) -> None:
    (test_file,) = pytest_section_samples()
    name = re.match(r"# (tests/test_\w+\.py)\n", test_file)
    assert name, "the sample's first line names its file, `# tests/test_....py`"
    (tmp_path / name.group(1)).parent.mkdir()
    (tmp_path / name.group(1)).write_text(test_file)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "tests"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 passed" in result.stdout
