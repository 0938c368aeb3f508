"""The samples of one section of a guide that a test file runs, and pytest run over them as a
user's suite: the blocks marked `<!-- sample tested by: <that test file> -->`, as written."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from .mock_server import REPO_ROOT


@dataclass(frozen=True)
class GuideSection:
    """A section of a guide, from its heading (`## ...` or `### ...`, the whole line) to the next
    heading of its level or above, and the test file that runs the samples marked for it.

    Example: `GuideSection("docs/testing.md", "### Python", tested_by=__file__).samples()`
    """

    guide: str
    heading: str
    tested_by: str

    @property
    def marker(self) -> str:
        return f"<!-- sample tested by: {Path(self.tested_by).resolve().relative_to(REPO_ROOT)} -->"

    def guide_text(self) -> str:
        return (REPO_ROOT / self.guide).read_text()

    def samples(self) -> list[str]:
        """The Python blocks of the section right below the test file's marker, in their order."""
        lines = self.guide_text().splitlines(keepends=True)
        level = len(self.heading) - len(self.heading.lstrip("#"))
        section: list[str] = []
        fenced = False  # a `# comment` in a block is no heading
        for line in lines[lines.index(f"{self.heading}\n") + 1 :]:
            heading = None if fenced else re.match(r"(#+) ", line)
            if heading and len(heading.group(1)) <= level:
                break
            fenced ^= line.startswith("```")
            section.append(line)
        block = re.compile(re.escape(self.marker) + r"\n```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)
        return block.findall("".join(section))

    def marked_anywhere(self) -> int:
        """How many blocks of the whole guide carry the test file's marker."""
        return self.guide_text().count(self.marker)


def run_pytest(folder: Path, files: Mapping[str, str]) -> str:
    """Writes `files` (path in `folder`: text) and runs pytest over `folder/tests` with this
    package's plugin, as a user's suite; answers pytest's output once every test passed."""
    for path, text in files.items():
        (folder / path).parent.mkdir(parents=True, exist_ok=True)
        (folder / path).write_text(text)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", "tests"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout
