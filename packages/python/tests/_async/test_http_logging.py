"""Nothing logged while a client works, by the package or its HTTP library, at any level, holds a
signed link's signature, a key or a webhook secret; the package's own lines name each request
without its query."""

from __future__ import annotations

import logging

import httpx2
import pytest

from rankquill import AsyncPublicArticles, AsyncRankquill

from ..support.mock_server import MockServer

WEBHOOK_SECRET = "whk_logged_nowhere_0123456789"


@pytest.mark.parametrize("follow_redirects", [False, True])
async def test_no_signature_key_or_secret_reaches_a_log_record(
    server: MockServer, caplog: pytest.LogCaptureFixture, follow_redirects: bool
) -> None:
    caplog.set_level(logging.DEBUG)
    async with (
        httpx2.AsyncClient(follow_redirects=follow_redirects) as http_client,
        AsyncRankquill(
            api_key=server.demo.api_key, base_url=server.api_base_url, http_client=http_client
        ) as client,
        AsyncPublicArticles(
            api_key=server.demo.public_api_key, base_url=server.content_api_url, http_client=http_client
        ) as articles,
    ):
        project_id = server.demo.project_id
        await client.projects.update(
            project_id, webhook={"url": "https://hooks.example/rankquill", "secret": WEBHOOK_SECRET}
        )
        export = await client.exports.create_and_wait(
            project_id, types=["content"], format="json", poll_interval=0.05
        )
        assert export.download_url is not None
        assert "signature=" in export.download_url
        signature = export.download_url.split("signature=", 1)[1].split("&", 1)[0]
        await (await client.exports.download(export)).json()
        await articles.list()

    logged = [record.getMessage() for record in caplog.records]
    assert logged, "the run logged nothing: the check below would prove nothing"
    for secret in (signature, "signature=", server.demo.api_key, server.demo.public_api_key, WEBHOOK_SECRET):
        assert not [line for line in logged if secret in line], secret
    ours = [record.getMessage() for record in caplog.records if record.name == "rankquill"]
    download_path = export.download_url.split("://", 1)[1].split("/", 1)[1].split("?", 1)[0]
    assert any(f"/{download_path} " in line for line in ours), ours
    # Another caller's httpx2 requests keep the library's own lines: only ours are kept out.
    caplog.clear()
    async with httpx2.AsyncClient() as other:
        await other.get(f"{server.url}/healthz?probe=1")
    library = [record.getMessage() for record in caplog.records if record.name == "httpx2"]
    assert any("/healthz?probe=1" in line for line in library), library
