"""A `MockServer` never outlives the Python process that started it: it stops at interpreter exit
when `stop()` was not called, and by itself when that process is killed with SIGKILL (no atexit
runs then; the server sees its stdin pipe close)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx2
import pytest

# A process that starts the bundled server, says where it is, then exits or waits as told.
CHILD = """
import json, sys, time
from rankquill.testing import MockServer
server = MockServer.start()
print(json.dumps({"url": server.url, "pid": server._process.pid}), flush=True)
if sys.argv[1] == "wait":
    time.sleep(600)
"""


def running(pid: int) -> bool:
    """Whether the process is there and not a zombie (an orphan's end is reaped by its adopter)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return re.match(r"\d+ \(.*\) Z", stat) is None


def answers(url: str) -> bool:
    try:
        return httpx2.get(f"{url}/healthz", timeout=2).status_code == 200
    except httpx2.TransportError:
        return False


@pytest.fixture
def started() -> Iterator[list[int]]:
    """Pids this test must leave stopped, whatever happened."""
    pids: list[int] = []
    yield pids
    for pid in pids:
        if running(pid):
            os.kill(pid, signal.SIGKILL)


def start_child(mode: str, pids: list[int]) -> tuple[subprocess.Popen[str], str, int]:
    child = subprocess.Popen([sys.executable, "-c", CHILD, mode], stdout=subprocess.PIPE, text=True)
    pids.append(child.pid)
    assert child.stdout is not None
    line = child.stdout.readline()
    assert line, f"the child printed nothing (exit code {child.wait()})"
    server = json.loads(line)
    pids.append(server["pid"])
    return child, server["url"], server["pid"]


def test_a_server_never_stopped_stops_when_the_interpreter_exits(started: list[int]) -> None:
    child, url, pid = start_child("exit", started)
    assert child.wait(timeout=60) == 0
    # At once: the exit waited for the server, it did not leave it to stop later.
    assert not running(pid)
    assert not answers(url)


def test_a_server_whose_process_is_killed_with_sigkill_exits_by_itself(started: list[int]) -> None:
    child, url, pid = start_child("wait", started)
    assert answers(url)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=10)
    deadline = time.monotonic() + 5
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(pid), "the server outlived its killed parent by 5 s"
    assert not answers(url)
