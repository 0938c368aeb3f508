"""client.exports against the reference server: bulk exports and their signed downloads."""

from __future__ import annotations

import io
import zipfile

import pytest

from rankquill import AsyncRankquill, AuthenticationError, RankquillError, WaitTimeoutError
from rankquill.types import BulkExport

from ..support.mock_server import MockServer
from ..support.scripted_server import ScriptedAnswer, ScriptedServer, json_answer


async def test_create_retrieve_and_download(async_client: AsyncRankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    started = await async_client.exports.create(
        project_id,
        types=["content", "keywords"],
        format="csv",
        date_range={"from": "2025-12-01", "to": "2026-01-01"},
    )
    assert isinstance(started, BulkExport)
    assert (started.status, started.types, started.download_url) == ("pending", ["content", "keywords"], None)
    assert started.date_range is not None
    assert (started.date_range.from_.isoformat(), started.date_range.to.isoformat()) == (
        "2025-12-01",
        "2026-01-01",
    )

    with pytest.raises(RankquillError, match="is pending, not ready"):
        await async_client.exports.download(started)

    server.advance(0)
    ready = await async_client.exports.retrieve(project_id, started.id)
    assert ready.status == "ready"
    assert ready.download_url is not None

    async with await async_client.exports.download(ready) as file:
        assert file.content_type == "application/zip"
        archive = zipfile.ZipFile(io.BytesIO(await file.read()))
    assert sorted(archive.namelist()) == [
        name for name in sorted(archive.namelist()) if name.endswith(".csv")
    ]
    assert len(archive.namelist()) == 2

    by_url = await async_client.exports.download(ready.download_url)
    assert by_url.filename == ready.filename
    await by_url.close()


async def test_create_and_wait_then_download_json(async_client: AsyncRankquill, server: MockServer) -> None:
    # No advance: an export a request makes due runs at once in the background, on a manual clock too.
    export = await async_client.exports.create_and_wait(
        server.demo.project_id, types=["content", "ai-visibility"], format="json", poll_interval=0.05
    )
    assert export.status == "ready"
    document = await (await async_client.exports.download(export)).json()
    assert (document["id"], document["types"]) == (export.id, ["content", "ai-visibility"])
    assert "content" in document
    assert "ai_visibility" in document
    assert "keywords" not in document


async def test_create_and_wait_polls_and_gives_up_after_wait_timeout(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    # The reference server finishes an export at once, so one that stays pending is scripted from
    # its own answer.
    started = await async_client.exports.create(server.demo.project_id, types=["keywords"], format="json")
    with ScriptedServer([json_answer(200, started.model_dump_json(by_alias=True))]) as scripted:
        async with AsyncRankquill(api_key="rq_test_secret", base_url=f"{scripted.url}/v1") as client:
            with pytest.raises(WaitTimeoutError) as caught:
                await client.exports.create_and_wait(
                    "proj_1", types=["keywords"], format="json", poll_interval=0.05, wait_timeout=1.0
                )
    assert (caught.value.id, caught.value.state) == (started.id, "pending")
    assert [request.method for request in scripted.requests[:3]] == ["POST", "GET", "GET"]
    assert scripted.requests[1].path == f"/v1/projects/proj_1/exports/{started.id}"


async def test_an_expired_download_link_is_an_authentication_error(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    export = await async_client.exports.create(server.demo.project_id, types=["keywords"], format="json")
    server.advance(0)
    ready = await async_client.exports.retrieve(server.demo.project_id, export.id)
    server.advance(3601)
    with pytest.raises(AuthenticationError) as caught:
        await async_client.exports.download(ready)
    assert caught.value.param == "expires"


async def test_download_sends_no_api_key_and_resolves_a_path() -> None:
    answer = ScriptedAnswer(200, {"content-type": "application/pdf"}, b"%PDF-1.7")
    with ScriptedServer([answer]) as scripted:
        async with AsyncRankquill(api_key="rq_test_secret", base_url=f"{scripted.url}/v1") as client:
            file = await client.exports.download(
                "/v1/projects/proj_1/exports/exp_1/download?expires=1&signature=s"
            )
            assert await file.read() == b"%PDF-1.7"
    seen = scripted.requests[0]
    assert seen.path == "/v1/projects/proj_1/exports/exp_1/download?expires=1&signature=s"
    assert "authorization" not in seen.headers

    async with AsyncRankquill(api_key="rq_test_secret", base_url="http://127.0.0.1:9/v1") as client:
        with pytest.raises(RankquillError, match="needs an export or its download_url"):
            await client.exports.download("exp_1")
