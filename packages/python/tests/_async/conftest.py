"""Clients on the reference server, with the seeded demo keys."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from rankquill import AsyncPublicArticles, AsyncRankquill

from ..support.mock_server import MockServer


@pytest.fixture
async def async_client(server: MockServer) -> AsyncIterator[AsyncRankquill]:
    async with AsyncRankquill(api_key=server.demo.api_key, base_url=server.api_base_url) as client:
        yield client


@pytest.fixture
async def async_public_articles(server: MockServer) -> AsyncIterator[AsyncPublicArticles]:
    async with AsyncPublicArticles(
        api_key=server.demo.public_api_key, base_url=server.content_api_url
    ) as articles:
        yield articles
