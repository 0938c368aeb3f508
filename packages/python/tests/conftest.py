"""One reference server for the whole session, its state reset before each test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .support.mock_server import MockServer

SEED = "42"


@pytest.fixture(scope="session")
def mock_server() -> Iterator[MockServer]:
    server = MockServer.from_workspace("--seed", SEED)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def server(mock_server: MockServer) -> MockServer:
    """The reference server in its seeded state: two demo projects, five articles in the first."""
    mock_server.reset()
    return mock_server


@pytest.fixture(scope="session")
def real_clock_server() -> Iterator[MockServer]:
    """A reference server on the real clock (`--clock real`): it sends no `x-rankquill-clock`."""
    server = MockServer.from_workspace("--seed", SEED, clock="real")
    try:
        yield server
    finally:
        server.stop()
