# Generated from tests/_async/test_idempotency_and_raw_responses.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""Idempotency-Key replays and `with_raw_response`, against the reference server."""

from __future__ import annotations

import pytest

from rankquill import ConflictError, ExportFile, Rankquill, RateLimit
from rankquill.types import Project

from ..support.mock_server import MockServer


def test_the_same_key_replays_the_first_answer(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    first = client.with_raw_response.content.create(
        project_id, keyword="aeropress recipe", idempotency_key="replay-1"
    )
    again = client.with_raw_response.content.create(
        project_id, keyword="aeropress recipe", idempotency_key="replay-1"
    )
    assert again.data == first.data
    assert "idempotent-replayed" not in first.headers
    assert again.headers["idempotent-replayed"] == "true"
    total = (client.content.list(project_id)).pagination.total
    assert total == 6  # five seeded, one created

    with pytest.raises(ConflictError) as caught:
        client.content.create(project_id, keyword="another keyword", idempotency_key="replay-1")
    assert caught.value.param == "Idempotency-Key"


def test_raw_responses_carry_status_headers_and_rate_limit(client: Rankquill, server: MockServer) -> None:
    raw = client.with_raw_response.projects.retrieve(server.demo.project_id)
    assert raw.status_code == 200
    assert isinstance(raw.data, Project)
    assert raw.parse() is raw.data
    assert raw.request_id is not None
    assert raw.request_id.startswith("req_")
    assert isinstance(raw.rate_limit, RateLimit)
    assert raw.rate_limit.limit == 2000
    assert 0 < raw.rate_limit.remaining < 2000

    page = client.with_raw_response.ai_visibility.topics.list(server.demo.project_id, limit=1)
    assert page.status_code == 200
    assert len(page.data.data) == 1

    created = client.with_raw_response.ai_visibility.topics.create(server.demo.project_id, name="Gear")
    assert created.status_code == 201

    file = client.with_raw_response.keywords.export(server.demo.project_id)
    assert isinstance(file.data, ExportFile)
    assert file.headers["content-type"].startswith("text/csv")
    file.data.close()
