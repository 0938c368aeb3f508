# Generated from tests/_async/test_projects.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""client.projects against the reference server."""

from __future__ import annotations

import pytest

from rankquill import AuthenticationError, NotFoundError, PublicArticles, Rankquill
from rankquill.types import Project

from ..support.mock_server import MockServer


def test_create_retrieve_update_delete(client: Rankquill) -> None:
    created = client.projects.create(name="Docs Site", domain="Docs.Example", brand_names=["Docs"])
    assert isinstance(created, Project)
    assert (created.name, created.domain, created.language, created.brand_names) == (
        "Docs Site",
        "docs.example",
        "en",
        ["Docs"],
    )
    assert created.id.startswith("proj_")
    assert created.public_api_key.startswith("rqp_")

    retrieved = client.projects.retrieve(created.id)
    assert retrieved == created

    updated = client.projects.update(created.id, name="Docs", language="nl")
    assert (updated.name, updated.language, updated.domain) == ("Docs", "nl", "docs.example")

    deleted = client.projects.delete(created.id)
    assert (deleted.id, deleted.deleted) == (created.id, True)
    with pytest.raises(NotFoundError):
        client.projects.retrieve(created.id)


def test_update_sets_and_removes_the_webhook(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    with_webhook = client.projects.update(
        project_id, webhook={"url": "http://127.0.0.1:9/webhook", "secret": "s3cret"}
    )
    assert with_webhook.webhook is not None
    assert with_webhook.webhook.url == "http://127.0.0.1:9/webhook"
    assert "s3cret" not in with_webhook.model_dump_json()

    kept = client.projects.update(project_id, name="Renamed")
    assert kept.webhook is not None

    removed = client.projects.update(project_id, webhook=None)
    assert removed.webhook is None


def test_list_answers_a_page_and_iterates_every_project(client: Rankquill) -> None:
    for number in range(3):
        client.projects.create(name=f"Site {number}", domain=f"site{number}.example")

    page = client.projects.list(limit=2)
    assert [project.name for project in page.data] == ["Site 2", "Site 1"]
    assert (page.pagination.total, page.pagination.has_more) == (5, True)
    assert page.has_next_page()
    second = page.get_next_page()
    assert [project.name for project in second.data] == ["Site 0", "Trailhead Outfitters"]
    assert second.pagination.offset == 2

    names = [project.name for project in client.projects.list(limit=2)]
    assert names == ["Site 2", "Site 1", "Site 0", "Trailhead Outfitters", "Northwind Coffee"]
    pages = [len(page.data) for page in (client.projects.list(limit=2)).iter_pages()]
    assert pages == [2, 2, 1]

    last = client.projects.list(offset=4)
    assert not last.has_next_page()
    with pytest.raises(RuntimeError, match="last page"):
        last.get_next_page()


def test_rotate_public_api_key_replaces_the_old_key(client: Rankquill, server: MockServer) -> None:
    rotation = client.projects.rotate_public_api_key(server.demo.project_id)
    assert rotation.public_api_key.startswith("rqp_")
    assert rotation.public_api_key != server.demo.public_api_key

    with PublicArticles(api_key=server.demo.public_api_key, base_url=server.content_api_url) as old:
        with pytest.raises(AuthenticationError, match=r"^Invalid API key$"):
            old.list()
    with PublicArticles(api_key=rotation.public_api_key, base_url=server.content_api_url) as new:
        assert len((new.list()).articles) == 3
