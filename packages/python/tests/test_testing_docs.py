"""The "Python (pytest)" section of docs/testing.md: its test file runs, as written, with the
`rankquill_mock` fixture of this package's pytest plugin (in parallel with -n 2 when pytest-xdist is
installed). scripts/test-installed-mock.sh runs it again from the built wheel, on a PATH without node."""

from __future__ import annotations

import re
from pathlib import Path

from .support.guide_section import GuideSection, run_pytest

SECTION = GuideSection("docs/testing.md", "### Python (pytest)", tested_by=__file__)


def test_the_pytest_section_of_the_testing_guide_runs_with_the_fixture(tmp_path: Path) -> None:
    (test_file,) = SECTION.samples()
    name = re.match(r"# (tests/test_\w+\.py)\n", test_file)
    assert name, "the sample's first line names its file, `# tests/test_....py`"
    assert " 3 passed" in run_pytest(tmp_path, {name.group(1): test_file})
