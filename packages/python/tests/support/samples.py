"""The Python code samples of a Markdown file, and the output their comments promise."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)
_SKIP = re.compile(r"<!--\s*sample skip:\s*(.*?)\s*-->\s*$")
_MARKER = re.compile(r"<!--\s*sample [\w ]+:.*-->\s*$")
_SERVER_ARGS = re.compile(r"<!--\s*sample server:\s*(.*?)\s*-->")
_PROMISE = re.compile(r"^\s*print\(.*\)\s+# (.+)$")


@dataclass(frozen=True)
class Sample:
    file: str
    line: int
    code: str
    skip_reason: str | None
    marked: bool = False
    """Whether a `<!-- sample ...: ... -->` marker stands above it (the block runs elsewhere, or not)."""

    @property
    def promised_output(self) -> list[str]:
        """The text each `print(...)  # text` comment promises, in order; `…` stands for any text."""
        return [match.group(1) for line in self.code.splitlines() if (match := _PROMISE.match(line))]


def samples_of(path: Path, root: Path) -> list[Sample]:
    text = path.read_text()
    samples: list[Sample] = []
    for block in _BLOCK.finditer(text):
        line = text.count("\n", 0, block.start()) + 1
        before = text[: block.start()].rstrip("\n").rsplit("\n", 1)[-1]
        skip = _SKIP.match(before)
        samples.append(
            Sample(
                str(path.relative_to(root)),
                line,
                block.group(1),
                skip.group(1) if skip else None,
                _MARKER.match(before) is not None,
            )
        )
    return samples


def missing_output(promised: list[str], printed: str) -> list[str]:
    """The promised lines that the printed lines do not hold, in order (each promise consumes a line)."""
    lines = printed.splitlines()
    missing: list[str] = []
    position = 0
    for promise in promised:
        pattern = re.compile("^" + ".*".join(re.escape(part) for part in promise.split("…")) + "$")
        for index in range(position, len(lines)):
            if pattern.match(lines[index].strip()):
                position = index + 1
                break
        else:
            missing.append(promise)
    return missing


def multi_language_guides(root: Path) -> list[Path]:
    """The guides of docs/ that show their samples in every language: those with a TypeScript block
    (docs/test/sample-groups.test.ts checks that each such block has its Python, PHP and Ruby ones)."""
    guides = sorted((root / "docs").glob("*.md"))
    return [path for path in guides if re.search(r"^```(ts|typescript)$", path.read_text(), re.MULTILINE)]


def guide_samples(path: Path, root: Path) -> list[Sample]:
    """The Python blocks of a guide's sample groups, in order: every block with no marker above it."""
    return [sample for sample in samples_of(path, root) if not sample.marked]


def server_args_of(path: Path) -> list[str]:
    """The `rankquill-mock serve` options a guide's samples run with (`<!-- sample server: ... -->`)."""
    found = _SERVER_ARGS.search(path.read_text())
    return found.group(1).split() if found else []
