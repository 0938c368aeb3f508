"""The reference server (`rankquill-mock serve`), started from its CLI as a customer's CI would."""

from __future__ import annotations

import json
import os
import subprocess
import threading
import urllib.request
from collections.abc import Generator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

REPO_ROOT = Path(__file__).resolve().parents[4]
CLI = REPO_ROOT / "mock-server" / "dist" / "cli.js"


@dataclass(frozen=True)
class Demo:
    api_key: str
    project_id: str
    public_api_key: str


class MockServer:
    """One `rankquill-mock serve --port 0 --db :memory: --clock manual` process and its admin routes
    (`clock="real"`: a server on the real clock, whose time no test moves)."""

    def __init__(self, *extra_args: str, clock: str = "manual") -> None:
        if not CLI.exists():
            raise RuntimeError(f"{CLI} is missing: build the workspace first (`pnpm run build` at the root).")
        node = os.environ.get("RANKQUILL_NODE", "node")
        args = [node, str(CLI), "serve", "--port", "0", "--db", ":memory:", "--clock", clock, *extra_args]
        # Its stderr goes where the tests' goes, so a failure to start explains itself.
        self._process = subprocess.Popen(args, stdout=subprocess.PIPE, text=True)
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError(
                f"rankquill-mock serve exited with {self._process.wait()} before it was ready."
            )
        ready = json.loads(line)
        self.url: str = ready["url"]
        self.api_base_url: str = ready["api_base_url"]
        self.content_api_url: str = ready["content_api_url"]
        self.demo = Demo(**ready["demo"])
        # Keep reading its output so a full pipe never blocks the server.
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self._process.stdout is not None
        for _ in self._process.stdout:
            pass

    def admin(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """POSTs to an admin route and answers its JSON."""
        request = urllib.request.Request(
            f"{self.url}/__admin{path}",
            data=json.dumps(body or {}).encode(),
            headers={"content-type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return cast("dict[str, Any]", json.loads(response.read()))

    def reset(self) -> None:
        """Restores the seeded state, clock included."""
        self.admin("/reset")

    def advance(self, seconds: float) -> None:
        """Moves the manual clock; work that falls due runs before it returns."""
        self.admin("/clock/advance", {"seconds": seconds})

    def create_account(self, plan: str = "essential", rate_limit: int | None = None) -> str:
        """Creates an account and answers its main API key."""
        body: dict[str, Any] = {"plan": plan}
        if rate_limit is not None:
            body["rate_limit"] = rate_limit
        return cast("str", self.admin("/accounts", body)["api_key"])

    @contextmanager
    def clock_running(self, step: float = 10.0, every: float = 0.02) -> Generator[None, None, None]:
        """Moves the clock `step` seconds every `every` seconds while the block runs, so work that
        waits for generation or an export sees it happen, as on the real service."""
        stop = threading.Event()

        def tick() -> None:
            while not stop.is_set():
                self.advance(step)
                stop.wait(every)

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            yield
        finally:
            stop.set()
            ticker.join()

    def stop(self) -> None:
        self._process.terminate()
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
