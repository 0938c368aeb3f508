# Generated from tests/_async/conftest.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""Clients on the reference server, with the seeded demo keys."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rankquill import PublicArticles, Rankquill

from ..support.mock_server import MockServer


@pytest.fixture
def client(server: MockServer) -> Iterator[Rankquill]:
    with Rankquill(api_key=server.demo.api_key, base_url=server.api_base_url) as client:
        yield client


@pytest.fixture
def public_articles(server: MockServer) -> Iterator[PublicArticles]:
    with PublicArticles(api_key=server.demo.public_api_key, base_url=server.content_api_url) as articles:
        yield articles
