"""A kept-alive connection that the server closes after it committed the request (the mock's
`disconnect`, after commit), against the server started from its CLI: httpx2 (httpcore2) does not
send the request again on its own, so only the client's retry loop repeats it, counted against
`max_retries` (the sync and the async client alike). httpcore2 logs each new connection
("connect_tcp.started"): the tests check that the call went out on the connection the first
call opened."""

from __future__ import annotations

import logging

import pytest

from rankquill import APIConnectionError
from rankquill.testing import MockProject


def _new_connections(caplog: pytest.LogCaptureFixture) -> int:
    return sum(1 for record in caplog.records if record.getMessage().startswith("connect_tcp.started"))


def test_a_put_on_a_kept_alive_connection_is_sent_once_without_retries(
    rankquill_mock: MockProject, caplog: pytest.LogCaptureFixture
) -> None:
    client = rankquill_mock.client(max_retries=0)
    with caplog.at_level(logging.DEBUG, logger="httpcore2.connection"):
        client.projects.retrieve(rankquill_mock.project_id)  # warms the connection
        fault = rankquill_mock.disconnect("projects.update")
        with pytest.raises(APIConnectionError):
            client.projects.update(rankquill_mock.project_id, name="Renamed once")
        assert _new_connections(caplog) == 1, "the PUT went out on the kept-alive connection"

    sent = [(entry.status, entry.fault) for entry in rankquill_mock.requests("projects.update")]
    assert sent == [(None, fault.id)], "one request, not sent again"
    assert client.projects.retrieve(rankquill_mock.project_id).name == "Renamed once"


def test_a_post_on_a_kept_alive_connection_is_retried_once_and_counted(
    rankquill_mock: MockProject, caplog: pytest.LogCaptureFixture
) -> None:
    client = rankquill_mock.client(max_retries=1)
    caplog.set_level(logging.INFO, logger="rankquill")
    caplog.set_level(logging.DEBUG, logger="httpcore2.connection")  # last: the handler's level too
    client.projects.retrieve(rankquill_mock.project_id)
    rankquill_mock.disconnect("content.create")
    answer = client.with_raw_response.content.create(rankquill_mock.project_id, keyword="kept alive")
    assert _new_connections(caplog) == 2, "the kept-alive connection, then the retry's own"

    assert answer.headers["idempotent-replayed"] == "true"
    retries = [record.getMessage() for record in caplog.records if record.name == "rankquill"]
    assert [line.startswith("Retrying POST") and "(retry 1 of 1)" in line for line in retries] == [True]
    replayed, lost = rankquill_mock.requests("content.create")
    assert (lost.status, replayed.status) == (None, 202)
    assert replayed.idempotency_key == lost.idempotency_key is not None


async def test_an_async_put_on_a_kept_alive_connection_is_sent_once_without_retries(
    rankquill_mock: MockProject, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG, logger="httpcore2.connection")
    async with rankquill_mock.async_client(max_retries=0) as client:
        await client.projects.retrieve(rankquill_mock.project_id)
        fault = rankquill_mock.disconnect("projects.update")
        with pytest.raises(APIConnectionError):
            await client.projects.update(rankquill_mock.project_id, name="Renamed once")
        assert _new_connections(caplog) == 1, "the PUT went out on the kept-alive connection"

    sent = [(entry.status, entry.fault) for entry in rankquill_mock.requests("projects.update")]
    assert sent == [(None, fault.id)], "one request, not sent again"
