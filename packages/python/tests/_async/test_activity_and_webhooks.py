"""client.activity and client.webhooks against the reference server."""

from __future__ import annotations

import pytest

from rankquill import AsyncRankquill, ConflictError

from ..support.mock_server import MockServer


async def test_activity_lists_what_happened_newest_first(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    project_id = server.demo.project_id
    draft = (await async_client.content.list(project_id, status="draft")).data[0]
    await async_client.content.publish(project_id, draft.id)

    entries = [entry async for entry in async_client.activity.list(project_id, limit=2)]
    assert entries[0].type == "content.published"
    assert entries[0].content_id == draft.id
    times = [entry.created_at for entry in entries]
    assert times == sorted(times, reverse=True)


async def test_webhook_test_without_a_webhook_is_a_conflict(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    with pytest.raises(ConflictError) as caught:
        await async_client.webhooks.test(server.demo.project_id)
    assert caught.value.param == "webhook"
