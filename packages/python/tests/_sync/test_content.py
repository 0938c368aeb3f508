# Generated from tests/_async/test_content.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""client.content against the reference server: the lifecycle, pages and streamed exports."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx2
import pytest

from rankquill import (
    ConflictError,
    ManualClockError,
    NotFoundError,
    Rankquill,
    RankquillError,
    WaitTimeoutError,
)
from rankquill.types import ContentCreateResponse, ContentExport, ContentItem

from ..support.mock_server import MockServer


def test_create_generates_then_publish_and_unpublish(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    job = client.content.create(project_id, keyword="cold brew ratio", type="how_to", length=300)
    assert isinstance(job, ContentCreateResponse)
    assert (job.status, job.keyword, job.type) == ("generating", "cold brew ratio", "how_to")
    # 20 + ceil(300 / 20) seconds on the server's clock.
    assert (job.estimated_completion - job.created_at).total_seconds() == 35

    generating = client.content.retrieve(project_id, job.id)
    assert (generating.status, generating.title, generating.content) == ("generating", None, None)

    server.advance(35)
    draft = client.content.retrieve(project_id, job.id)
    assert draft.status == "draft"
    assert draft.title
    assert draft.content
    assert draft.word_count

    published = client.content.publish(project_id, job.id)
    assert published.status == "published"
    assert published.published_at is not None

    unpublished = client.content.unpublish(project_id, job.id)
    assert (unpublished.status, unpublished.published_at) == ("draft", published.published_at)


def test_update_and_delete(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    draft = (client.content.list(project_id, status="draft")).data[0]
    updated = client.content.update(
        project_id,
        draft.id,
        title="The perfect cold brew ratio",
        keywords=["cold brew", "ratio"],
        content="<p>Use <strong>1:8</strong>.</p><script>alert(1)</script>",
        canonical_url="",
    )
    assert updated.title == "The perfect cold brew ratio"
    assert updated.keywords == ["cold brew", "ratio"]
    assert updated.content == "<p>Use <strong>1:8</strong>.</p>"  # sanitized by the server
    assert updated.excerpt == draft.excerpt  # left out, kept

    deleted = client.content.delete(project_id, draft.id)
    assert (deleted.id, deleted.deleted) == (draft.id, True)
    with pytest.raises(NotFoundError):
        client.content.retrieve(project_id, draft.id)


def test_list_filters_by_status_and_walks_every_page(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    everything = [item for item in client.content.list(project_id, limit=2)]
    assert len(everything) == 5
    assert all(isinstance(item, ContentItem) for item in everything)
    assert len({item.id for item in everything}) == 5

    published = client.content.list(project_id, status="published")
    assert [item.status for item in published.data] == ["published"] * 3
    assert published.pagination.total == 3
    assert not published.has_next_page()


def test_publishing_while_generating_is_a_conflict(client: Rankquill, server: MockServer) -> None:
    generating = (client.content.list(server.demo.project_id, status="generating")).data[0]
    with pytest.raises(ConflictError) as caught:
        client.content.publish(server.demo.project_id, generating.id)
    assert caught.value.status_code == 409
    assert caught.value.type == "conflict_error"
    assert "generating" in caught.value.message


def test_create_and_wait_answers_the_finished_article_when_a_test_moves_the_manual_clock(
    server: MockServer,
) -> None:
    polls = 0

    def count_polls(request: httpx2.Request) -> None:
        nonlocal polls
        if request.method == "GET":
            polls += 1

    with (
        httpx2.Client(event_hooks={"request": [count_polls]}) as http_client,
        Rankquill(
            api_key=server.demo.api_key, base_url=server.api_base_url, http_client=http_client
        ) as client,
    ):
        with server.clock_running():
            article = client.content.create_and_wait(
                server.demo.project_id,
                keyword="pour over technique",
                length=300,
                auto_publish=True,
                poll_interval=0.05,
            )
    assert article.status == "published"
    assert article.keyword == "pour over technique"
    assert article.content
    assert polls >= 1


def test_create_and_wait_on_a_manual_clock_polls_once_after_a_second_by_default(
    client: Rankquill, server: MockServer
) -> None:
    # The server estimates 35 s of generation: on a manual clock the first poll comes after a
    # second instead, and finds the article the moving clock finished meanwhile.
    started = time.monotonic()
    with server.clock_running():
        # (wait_timeout: without the rule, it would end in WaitTimeoutError instead of hanging.)
        article = client.content.create_and_wait(
            server.demo.project_id, keyword="moka pot", length=300, wait_timeout=10
        )
    waited = time.monotonic() - started
    assert article.status == "draft"
    assert 0.9 <= waited < 3.0


def test_create_and_wait_on_a_manual_clock_fails_within_a_second_naming_the_clock_and_its_route(
    client: Rankquill, server: MockServer
) -> None:
    started = time.monotonic()
    with pytest.raises(ManualClockError) as caught:
        client.content.create_and_wait(
            server.demo.project_id, keyword="aeropress", length=300, wait_timeout=10
        )
    waited = time.monotonic() - started
    error = caught.value
    assert isinstance(error, RankquillError)
    assert not isinstance(error, WaitTimeoutError)
    assert error.id.startswith("cnt_")
    assert "manual clock" in str(error)
    assert "POST /__admin/clock/advance" in str(error)
    assert error.id in str(error)
    assert 0.9 <= waited < 2.5
    # The item is there, generating, for the test to advance and retrieve.
    server.advance(60)
    assert (client.content.retrieve(server.demo.project_id, error.id)).status == "draft"


def test_create_and_wait_on_a_real_clock_keeps_waiting_past_a_second(
    real_clock_server: MockServer,
) -> None:
    with Rankquill(api_key=real_clock_server.demo.api_key, base_url=real_clock_server.api_base_url) as client:
        raw = client.with_raw_response.projects.retrieve(real_clock_server.demo.project_id)
        assert "x-rankquill-clock" not in raw.headers
        started = time.monotonic()
        # 35 s of generation estimated: a 1.5 s wait ends in WaitTimeoutError, not ManualClockError.
        with pytest.raises(WaitTimeoutError) as caught:
            client.content.create_and_wait(
                real_clock_server.demo.project_id, keyword="french press", length=300, wait_timeout=1.5
            )
        assert time.monotonic() - started >= 1.5
        assert caught.value.state == "generating"


def test_create_and_wait_gives_up_after_wait_timeout(client: Rankquill, server: MockServer) -> None:
    # A wait_timeout shorter than the manual clock's second ends in WaitTimeoutError.
    with pytest.raises(WaitTimeoutError) as caught:
        client.content.create_and_wait(
            server.demo.project_id, keyword="slow article", poll_interval=0.05, wait_timeout=0.3
        )
    assert caught.value.id.startswith("cnt_")
    assert caught.value.state == "generating"
    # The article exists; it finishes later.
    item = client.content.retrieve(server.demo.project_id, caught.value.id)
    assert item.status == "generating"


@pytest.mark.parametrize(
    ("export_format", "content_type", "extension"),
    [("json", "application/json", "json"), ("csv", "text/csv", "csv"), ("html", "text/html", "html")],
)
def test_export_streams_each_format(
    client: Rankquill,
    server: MockServer,
    tmp_path: Path,
    export_format: str,
    content_type: str,
    extension: str,
) -> None:
    with client.content.export(server.demo.project_id, format=export_format) as file:  # type: ignore[arg-type]
        assert file.content_type == content_type
        assert file.filename == f"northwind-coffee-content-2026-01-01.{extension}"
        assert file.status_code == 200
        size = file.write_to(tmp_path / "export")
    data = (tmp_path / "export").read_bytes()
    assert size == len(data) > 1000
    if export_format == "json":
        document = ContentExport.model_validate_json(data)
        assert [article.status for article in document.articles] == [
            "published",
            "published",
            "published",
            "draft",
        ]


def test_export_reads_whole_or_in_chunks(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    markdown = (client.content.export(project_id, format="markdown")).text()
    assert markdown.startswith("# ")

    document = (client.content.export(project_id, format="json")).json()
    assert document["object"] == "content_export"

    file = client.content.export(project_id, format="csv")
    chunks = [chunk for chunk in file.iter_bytes()]
    header = b"".join(chunks).split(b"\r\n")[0]
    assert header.split(b",")[:5] == [b"id", b"title", b"slug", b"status", b"keyword"]
    assert json.loads((client.content.export(project_id, format="json")).read())["articles"]
