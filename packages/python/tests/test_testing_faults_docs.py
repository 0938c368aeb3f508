"""The Python samples of "Testing your error handling" in docs/testing.md (each marked `sample
tested by:` this file) run as written: each is a test module of its own, run by pytest with the
`rankquill_mock` fixture of this package's plugin against the bundled server."""

from __future__ import annotations

from pathlib import Path

from .support.guide_section import GuideSection, run_pytest

SECTION = GuideSection("docs/testing.md", "### Python", tested_by=__file__)


def test_the_guide_has_the_five_samples_and_marks_no_other_block_for_this_file() -> None:
    assert len(SECTION.samples()) == 5
    assert SECTION.marked_anywhere() == 5


def test_the_error_handling_samples_run_as_written_with_the_fixture(tmp_path: Path) -> None:
    files = {
        f"tests/test_error_handling_{number}.py": sample for number, sample in enumerate(SECTION.samples(), 1)
    }
    assert " 5 passed" in run_pytest(tmp_path, files)
