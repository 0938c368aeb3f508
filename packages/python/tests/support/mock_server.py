"""The reference server (`rankquill-mock serve`), started from the workspace's build as a
customer's CI would, through the package's own `rankquill.testing.MockServer`."""

from __future__ import annotations

import os
import threading
from collections.abc import Generator
from contextlib import contextmanager
from pathlib import Path

from rankquill import testing

REPO_ROOT = Path(__file__).resolve().parents[4]
CLI = REPO_ROOT / "mock-server" / "dist" / "cli.js"


class MockServer(testing.MockServer):
    """The package's `MockServer` running `mock-server/dist/cli.js` (`--port 0 --db :memory:`, manual
    clock unless `clock="real"`), plus a clock that moves by itself while a block runs."""

    @classmethod
    def from_workspace(cls, *args: str, clock: str = "manual") -> MockServer:
        if not CLI.exists():
            raise RuntimeError(f"{CLI} is missing: build the workspace first (`pnpm run build` at the root).")
        return cls.start(*args, clock=clock, node=os.environ.get("RANKQUILL_NODE", "node"), script=CLI)

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
