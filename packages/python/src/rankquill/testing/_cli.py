"""`rankquill-mock`: the npm package's command, run by the bundled server on a Node.js from PyPI."""

from __future__ import annotations

import os
import subprocess
import sys

from ._bundle import server_script
from ._node import MockServerError, find_node


def main() -> None:
    """Forwards the arguments to the bundled `rankquill-mock` (`rankquill-mock serve --port 0`)."""
    try:
        command = [str(find_node()), str(server_script()), *sys.argv[1:]]
    except MockServerError as error:
        sys.stderr.write(f"rankquill-mock: {error}\n")
        sys.exit(1)
    if os.name == "nt":
        sys.exit(subprocess.call(command))  # noqa: S603 (node and the bundled server)
    # Replace this process: signals (Ctrl-C, SIGTERM from a test runner) and the exit code are node's.
    os.execv(command[0], command)  # noqa: S606
