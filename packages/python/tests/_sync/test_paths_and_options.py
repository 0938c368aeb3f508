# Generated from tests/_async/test_paths_and_options.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""Path parameters, client options and the connection pool."""

from __future__ import annotations

import httpx2
import pytest

from rankquill import NotFoundError, Rankquill, RankquillError

from ..support.mock_server import MockServer


@pytest.mark.parametrize("bad_id", ["", ".", ".."])
def test_ids_that_would_address_another_route_raise_before_any_request(
    server: MockServer, bad_id: str
) -> None:
    sent: list[httpx2.Request] = []

    def record(request: httpx2.Request) -> None:
        sent.append(request)

    with httpx2.Client(event_hooks={"request": [record]}) as http_client:
        client = Rankquill(api_key=server.demo.api_key, base_url=server.api_base_url, http_client=http_client)
        with pytest.raises(ValueError, match="content_id must be an id"):
            client.content.delete(server.demo.project_id, bad_id)
        with pytest.raises(ValueError, match="project_id must be an id"):
            client.projects.retrieve(bad_id)
        with pytest.raises(ValueError, match="keyword_id must be an id"):
            client.keywords.performance(server.demo.project_id, bad_id)
        with pytest.raises(ValueError, match="delivery_id must be an id"):
            client.deliveries.retrieve(server.demo.project_id, bad_id)
    assert sent == []


def test_every_id_is_one_encoded_segment(client: Rankquill, server: MockServer) -> None:
    with pytest.raises(NotFoundError) as caught:
        client.projects.retrieve("../projects?x=1#y")
    assert "../projects?x=1#y" in caught.value.message
    # The seeded projects are all still there.
    assert (client.projects.list()).pagination.total == 2


def test_keys_and_addresses_come_from_the_environment(
    server: MockServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RANKQUILL_API_KEY", server.demo.api_key)
    monkeypatch.setenv("RANKQUILL_BASE_URL", server.api_base_url + "/")
    with Rankquill() as client:
        assert client.base_url == server.api_base_url
        assert (client.projects.retrieve(server.demo.project_id)).id == server.demo.project_id

    monkeypatch.delenv("RANKQUILL_API_KEY")
    with pytest.raises(RankquillError, match=r"api_key=\.\.\.\) or set the RANKQUILL_API_KEY"):
        Rankquill()
    monkeypatch.delenv("RANKQUILL_BASE_URL")
    with pytest.raises(RankquillError, match="set RANKQUILL_BASE_URL"):
        Rankquill(api_key="rq_test_secret")
    with pytest.raises(RankquillError, match="not an absolute http"):
        Rankquill(api_key="rq_test_secret", base_url="localhost:4010/v1")
    with pytest.raises(RankquillError, match="timeout must be"):
        Rankquill(api_key="rq_test_secret", base_url=server.api_base_url, timeout=0)
    with pytest.raises(RankquillError, match="max_retries must be"):
        Rankquill(api_key="rq_test_secret", base_url=server.api_base_url, max_retries=-1)


def test_headers_a_pool_of_your_own_and_a_repr_without_the_key(server: MockServer) -> None:
    sent: list[httpx2.Request] = []

    def record(request: httpx2.Request) -> None:
        sent.append(request)

    with httpx2.Client(event_hooks={"request": [record]}) as http_client:
        client = Rankquill(
            api_key=server.demo.api_key,
            base_url=server.api_base_url,
            default_headers={"X-Team": "growth", "User-Agent": None},
            http_client=http_client,
        )
        client.projects.retrieve(server.demo.project_id, extra_headers={"X-Trace": "t1"})
        client.close()
        # The pool stays open: it belongs to whoever passed it in.
        assert (http_client.get(server.url + "/healthz")).status_code == 200
    headers = sent[0].headers
    assert headers["authorization"] == f"Bearer {server.demo.api_key}"
    assert (headers["x-team"], headers["x-trace"], headers["accept"]) == ("growth", "t1", "application/json")
    assert "rankquill" not in headers.get("user-agent", "")
    assert server.demo.api_key not in repr(client)
    assert server.demo.api_key not in repr(client.projects)
