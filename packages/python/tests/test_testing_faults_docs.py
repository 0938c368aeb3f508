"""The Python samples of "Testing your error handling" in docs/testing.md (each marked `sample
tested by:` this file) run as written: each is a test module of its own, run by pytest with the
`rankquill_mock` fixture of this package's plugin against the bundled server."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from .support.mock_server import REPO_ROOT

TESTING_GUIDE = REPO_ROOT / "docs" / "testing.md"
MARKER = "<!-- sample tested by: packages/python/tests/test_testing_faults_docs.py -->"
SAMPLE = re.compile(re.escape(MARKER) + r"\n```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def error_handling_samples() -> list[str]:
    """The marked samples of the `### Python` part of "## Testing your error handling"."""
    text = TESTING_GUIDE.read_text()
    chapter = text[text.index("## Testing your error handling") :]
    python = chapter[chapter.index("\n### Python\n") :]
    python = python[: python.index("\n### ", 1)]
    return SAMPLE.findall(python)


def test_the_guide_has_the_five_samples_and_marks_no_other_block_for_this_file() -> None:
    samples = error_handling_samples()
    assert len(samples) == 5
    assert TESTING_GUIDE.read_text().count(MARKER) == 5


def test_the_error_handling_samples_run_as_written_with_the_fixture(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    for number, sample in enumerate(error_handling_samples(), start=1):
        (tmp_path / "tests" / f"test_error_handling_{number}.py").write_text(sample)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", "tests"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 passed" in result.stdout, result.stdout
