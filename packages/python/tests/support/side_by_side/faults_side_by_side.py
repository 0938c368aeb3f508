"""Two tests, one per pytest-xdist worker, at the same time on one server: each makes every
`content.create` of its own account fail with a status of its own, waits until the other has done
the same, and then must meet only its own fault, in its answer, its `faults()` and its journal."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from rankquill import InternalServerError
from rankquill.testing import MockProject

BARRIER = Path(os.environ.get("SIDE_BY_SIDE_BARRIER", "."))


def meet(name: str, stage: str) -> None:
    """Waits until both tests reached `stage`: they run at the same time or not at all."""
    (BARRIER / f"{stage}.{name}").touch()
    deadline = time.monotonic() + 30
    while len(list(BARRIER.glob(f"{stage}.*"))) < 2:
        assert time.monotonic() < deadline, f"the other test never reached {stage!r}: not run side by side"
        time.sleep(0.02)


def fail_on_my_own_account(rankquill_mock: MockProject, name: str, status: int) -> None:
    fault = rankquill_mock.fail("content.create", status, times=None)
    meet(name, "made")
    # Both faults are on the server now, on the same operation: only the scope tells them apart.
    everyone = rankquill_mock.server.admin("GET", "/faults")["data"]
    assert sorted(other["status"] for other in everyone) == [500, 503]

    client = rankquill_mock.client()
    for _ in range(2):
        with pytest.raises(InternalServerError) as caught:
            client.content.create(rankquill_mock.project_id, keyword=name)
        assert caught.value.status_code == status
        assert fault.id in caught.value.message
    meet(name, "called")

    journal = rankquill_mock.requests("content.create")
    assert [(entry.status, entry.fault, entry.body) for entry in journal] == [
        (status, fault.id, {"keyword": name}),
        (status, fault.id, {"keyword": name}),
    ]
    assert [mine.id for mine in rankquill_mock.faults()] == [fault.id]
    meet(name, "checked")  # neither clears its fault before both have checked


def test_first(rankquill_mock: MockProject) -> None:
    fail_on_my_own_account(rankquill_mock, "first", 503)


def test_second(rankquill_mock: MockProject) -> None:
    fail_on_my_own_account(rankquill_mock, "second", 500)
