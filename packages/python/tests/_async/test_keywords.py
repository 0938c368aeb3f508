"""client.keywords against the reference server."""

from __future__ import annotations

import datetime as _dt

import pytest

from rankquill import AsyncRankquill, ConflictError
from rankquill.types import Keyword, KeywordOpportunity, KeywordPerformancePoint

from ..support.mock_server import MockServer


async def test_create_then_list(async_client: AsyncRankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    before = (await async_client.keywords.list(project_id)).pagination.total
    keyword = await async_client.keywords.create(project_id, keyword="  Espresso   Tamping Pressure ")
    assert isinstance(keyword, Keyword)
    assert keyword.keyword == "Espresso Tamping Pressure"
    assert keyword.id.startswith("kw_")

    listed = [item async for item in async_client.keywords.list(project_id, limit=3)]
    assert len(listed) == before + 1
    assert listed[0].id == keyword.id

    with pytest.raises(ConflictError) as caught:
        await async_client.keywords.create(project_id, keyword="espresso tamping pressure")
    assert caught.value.param == "keyword"


async def test_opportunities_come_highest_score_first(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    opportunities = [
        item async for item in async_client.keywords.opportunities(server.demo.project_id, limit=2)
    ]
    assert len(opportunities) >= 2
    assert all(isinstance(item, KeywordOpportunity) for item in opportunities)
    scores = [item.opportunity_score for item in opportunities]
    assert scores == sorted(scores, reverse=True)
    assert 0 <= opportunities[0].factors.reachability <= 1


async def test_performance_between_two_days(async_client: AsyncRankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    keyword = (await async_client.keywords.list(project_id, limit=1)).data[0]
    everything = [point async for point in async_client.keywords.performance(project_id, keyword.id)]
    assert len(everything) == 28  # the demo's history
    assert all(isinstance(point, KeywordPerformancePoint) for point in everything)

    window = await async_client.keywords.performance(
        project_id, keyword.id, from_=_dt.date(2025, 12, 20), to="2025-12-25", limit=100
    )
    assert [point.date for point in window.data] == [_dt.date(2025, 12, day) for day in range(25, 19, -1)]


async def test_export_is_csv(async_client: AsyncRankquill, server: MockServer) -> None:
    file = await async_client.keywords.export(server.demo.project_id)
    assert file.content_type == "text/csv"
    assert file.filename is not None
    assert file.filename.endswith(".csv")
    lines = (await file.text()).split("\r\n")
    assert lines[0].split(",")[:3] == ["keyword", "volume", "position"]
