"""Writes (default) or checks (--check) the sync client, src/rankquill/_sync, from the async one,
src/rankquill/_async, so that the two never drift apart and nothing is written twice; the same
for their tests, tests/_sync from tests/_async.

The async code is the source: `await`, `async for` and `async with` are dropped, `AsyncX` names
become `X`, `async_x` helpers become `x`, and `Awaitable[T]` becomes `T`. The result is then
import-sorted and formatted with ruff, as every other file of the package.

    python scripts/unasync.py          # write src/rankquill/_sync and tests/_sync
    python scripts/unasync.py --check  # exit 1 when either is out of date
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
FOLDERS = [
    (PACKAGE_ROOT / "src" / "rankquill" / "_async", PACKAGE_ROOT / "src" / "rankquill" / "_sync"),
    (PACKAGE_ROOT / "tests" / "_async", PACKAGE_ROOT / "tests" / "_sync"),
]

RULES: list[tuple[str, str]] = [
    # An async list is a lazy paginator; a sync one answers its first page at once.
    (r"\bAsync(\w*)Paginator\b", r"\1Page"),
    (r"\bStopAsyncIteration\b", "StopIteration"),
    (r"\basync (def|for|with)\b", r"\1"),
    (r"\bawait ", ""),
    (r"__a(enter|exit|iter|next)__", r"__\1__"),
    (r"\.a(close|read|iter_bytes)\(", r".\1("),
    (r"\bAsync([A-Z]\w*)", r"\1"),
    (r"\basync_(\w+)", r"\1"),
    (r"\basyncio\.sleep\b", "time.sleep"),
    (r"^import asyncio$", "import time"),
]


def unasync(source: str) -> str:
    """The sync version of one async module, before formatting."""
    text = source
    for pattern, replacement in RULES:
        text = re.sub(pattern, replacement, text, flags=re.MULTILINE)
    return _without_duplicate_imports(_unwrap("Awaitable", text))


def _unwrap(name: str, text: str) -> str:
    """`Awaitable[T]` becomes `T`, brackets inside `T` included."""
    marker = f"{name}["
    while (start := text.find(marker)) != -1:
        depth, index = 1, start + len(marker)
        while depth:
            depth += {"[": 1, "]": -1}.get(text[index], 0)
            index += 1
        text = text[:start] + text[start + len(marker) : index - 1] + text[index:]
    return text


def _without_duplicate_imports(text: str) -> str:
    """Renaming can import one name twice (`AsyncPage, AsyncPaginator` both become `Page`)."""
    lines = text.split("\n")
    seen_modules: set[str] = set()
    for node in reversed(ast.parse(text).body):
        if isinstance(node, ast.ImportFrom):
            names = list(dict.fromkeys(alias.name for alias in node.names))
            if len(names) == len(node.names):
                continue
            statement = f"from {'.' * node.level}{node.module or ''} import {', '.join(names)}"
            lines[node.lineno - 1 : node.end_lineno] = [statement]
        elif isinstance(node, ast.Import):
            key = ", ".join(alias.name for alias in node.names)
            if key in seen_modules:
                del lines[node.lineno - 1 : node.end_lineno]
            seen_modules.add(key)
    return "\n".join(lines)


def _formatted(text: str, path: Path) -> str:
    def ruff(*args: str, source: str) -> str:
        result = subprocess.run(
            [sys.executable, "-m", "ruff", *args, "--stdin-filename", str(path), "-"],
            input=source,
            capture_output=True,
            text=True,
            cwd=PACKAGE_ROOT,
            check=False,
        )
        if result.returncode != 0:
            raise SystemExit(f"ruff {args[0]} failed on {path}:\n{result.stderr}{result.stdout}")
        return result.stdout

    fixed = ruff("check", "--select", "I,F401", "--fix", "--exit-zero", "--quiet", source=text)
    return ruff("format", source=fixed)


def expected_files(source_folder: Path, target_folder: Path) -> dict[Path, str]:
    """Every file of a sync folder, as it must read."""
    files: dict[Path, str] = {}
    for source in sorted(source_folder.rglob("*.py")):
        target = target_folder / source.relative_to(source_folder)
        header = (
            f"# Generated from {source.relative_to(PACKAGE_ROOT).as_posix()} by scripts/unasync.py.\n"
            "# Do not edit: change the async file, then run `python scripts/unasync.py`.\n"
        )
        files[target] = _formatted(header + unasync(source.read_text()), target)
    return files


def main() -> int:
    check = "--check" in sys.argv[1:]
    problems: list[str] = []
    for source_folder, target_folder in FOLDERS:
        expected = expected_files(source_folder, target_folder)
        present: set[Path] = set(target_folder.rglob("*.py")) if target_folder.exists() else set()
        stale = sorted(
            path for path, text in expected.items() if not path.exists() or path.read_text() != text
        )
        extra = sorted(present - set(expected))
        if check:
            problems += [str(path.relative_to(PACKAGE_ROOT)) for path in stale]
            problems += [f"{path.relative_to(PACKAGE_ROOT)} (not generated)" for path in extra]
            continue
        for path in extra:
            path.unlink()
        for path, text in expected.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        print(f"Wrote {len(expected)} files under {target_folder.relative_to(PACKAGE_ROOT)}.")
    if problems:
        print("The sync code is out of date: " + ", ".join(problems), file=sys.stderr)
        print("Run `python scripts/unasync.py` and commit the result.", file=sys.stderr)
        return 1
    if check:
        print("The sync code is up to date.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
