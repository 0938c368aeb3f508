"""Path parameters, client options and the connection pool."""

from __future__ import annotations

import httpx2
import pytest

from rankquill import AsyncRankquill, NotFoundError, RankquillError

from ..support.mock_server import MockServer


@pytest.mark.parametrize("bad_id", ["", ".", ".."])
async def test_ids_that_would_address_another_route_raise_before_any_request(
    server: MockServer, bad_id: str
) -> None:
    sent: list[httpx2.Request] = []

    async def record(request: httpx2.Request) -> None:
        sent.append(request)

    async with httpx2.AsyncClient(event_hooks={"request": [record]}) as http_client:
        client = AsyncRankquill(
            api_key=server.demo.api_key, base_url=server.api_base_url, http_client=http_client
        )
        with pytest.raises(ValueError, match="content_id must be an id"):
            await client.content.delete(server.demo.project_id, bad_id)
        with pytest.raises(ValueError, match="project_id must be an id"):
            await client.projects.retrieve(bad_id)
        with pytest.raises(ValueError, match="keyword_id must be an id"):
            await client.keywords.performance(server.demo.project_id, bad_id)
        with pytest.raises(ValueError, match="delivery_id must be an id"):
            await client.deliveries.retrieve(server.demo.project_id, bad_id)
    assert sent == []


async def test_every_id_is_one_encoded_segment(async_client: AsyncRankquill, server: MockServer) -> None:
    with pytest.raises(NotFoundError) as caught:
        await async_client.projects.retrieve("../projects?x=1#y")
    assert "../projects?x=1#y" in caught.value.message
    # The seeded projects are all still there.
    assert (await async_client.projects.list()).pagination.total == 2


async def test_keys_and_addresses_come_from_the_environment(
    server: MockServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RANKQUILL_API_KEY", server.demo.api_key)
    monkeypatch.setenv("RANKQUILL_BASE_URL", server.api_base_url + "/")
    async with AsyncRankquill() as client:
        assert client.base_url == server.api_base_url
        assert (await client.projects.retrieve(server.demo.project_id)).id == server.demo.project_id

    monkeypatch.delenv("RANKQUILL_API_KEY")
    with pytest.raises(RankquillError, match=r"api_key=\.\.\.\) or set the RANKQUILL_API_KEY"):
        AsyncRankquill()
    monkeypatch.delenv("RANKQUILL_BASE_URL")
    with pytest.raises(RankquillError, match="set RANKQUILL_BASE_URL"):
        AsyncRankquill(api_key="rq_test_secret")
    with pytest.raises(RankquillError, match="not an absolute http"):
        AsyncRankquill(api_key="rq_test_secret", base_url="localhost:4010/v1")
    with pytest.raises(RankquillError, match="timeout must be"):
        AsyncRankquill(api_key="rq_test_secret", base_url=server.api_base_url, timeout=0)
    with pytest.raises(RankquillError, match="max_retries must be"):
        AsyncRankquill(api_key="rq_test_secret", base_url=server.api_base_url, max_retries=-1)


async def test_headers_a_pool_of_your_own_and_a_repr_without_the_key(server: MockServer) -> None:
    sent: list[httpx2.Request] = []

    async def record(request: httpx2.Request) -> None:
        sent.append(request)

    async with httpx2.AsyncClient(event_hooks={"request": [record]}) as http_client:
        client = AsyncRankquill(
            api_key=server.demo.api_key,
            base_url=server.api_base_url,
            default_headers={"X-Team": "growth", "User-Agent": None},
            http_client=http_client,
        )
        await client.projects.retrieve(server.demo.project_id, extra_headers={"X-Trace": "t1"})
        await client.close()
        # The pool stays open: it belongs to whoever passed it in.
        assert (await http_client.get(server.url + "/healthz")).status_code == 200
    headers = sent[0].headers
    assert headers["authorization"] == f"Bearer {server.demo.api_key}"
    assert (headers["x-team"], headers["x-trace"], headers["accept"]) == ("growth", "t1", "application/json")
    assert "rankquill" not in headers.get("user-agent", "")
    assert server.demo.api_key not in repr(client)
    assert server.demo.api_key not in repr(client.projects)
