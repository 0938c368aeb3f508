# Generated from tests/_async/test_activity_and_webhooks.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""client.activity and client.webhooks against the reference server."""

from __future__ import annotations

import pytest

from rankquill import ConflictError, Rankquill

from ..support.mock_server import MockServer


def test_activity_lists_what_happened_newest_first(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    draft = (client.content.list(project_id, status="draft")).data[0]
    client.content.publish(project_id, draft.id)

    entries = [entry for entry in client.activity.list(project_id, limit=2)]
    assert entries[0].type == "content.published"
    assert entries[0].content_id == draft.id
    times = [entry.created_at for entry in entries]
    assert times == sorted(times, reverse=True)


def test_webhook_test_without_a_webhook_is_a_conflict(client: Rankquill, server: MockServer) -> None:
    with pytest.raises(ConflictError) as caught:
        client.webhooks.test(server.demo.project_id)
    assert caught.value.param == "webhook"
