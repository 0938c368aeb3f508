"""MemoryArticleStore and SqliteArticleStore: one behaviour, and the SQLite file survives."""

from __future__ import annotations

import datetime as _dt
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from rankquill.webhooks import ArticleStore, MemoryArticleStore, SqliteArticleStore, StoredArticle


def article(slug: str, minute: int, title: str = "Title") -> StoredArticle:
    return StoredArticle(
        title=title,
        slug=slug,
        content="<p>x</p>",
        excerpt="",
        meta_title=title,
        meta_description="",
        keywords=["k"],
        canonical_url="",
        featured_image="",
        author="Rankquill",
        language="en",
        url=f"/en/resources/blog/{slug}",
        received_at=_dt.datetime(2026, 1, 1, 0, minute, tzinfo=_dt.timezone.utc),
    )


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ArticleStore]:
    if request.param == "memory":
        yield MemoryArticleStore()
    else:
        sqlite = SqliteArticleStore(tmp_path / "articles.db")
        yield sqlite
        sqlite.close()


def test_upsert_get_list_remove(store: ArticleStore) -> None:
    assert isinstance(store, ArticleStore)
    store.upsert(article("a", 1))
    store.upsert(article("b", 2))
    store.upsert(article("a", 3, title="Edited"))
    got = store.get("a")
    assert got is not None
    assert got.title == "Edited"
    assert [item.slug for item in store.list()] == ["a", "b"]
    assert store.remove("a") is True
    assert store.remove("a") is False
    assert store.get("a") is None
    assert [item.slug for item in store.list()] == ["b"]


def test_many_threads_at_once(store: ArticleStore) -> None:
    threads = [threading.Thread(target=store.upsert, args=(article(f"s{n}", n % 60),)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(store.list()) == 40


def test_the_sqlite_file_survives_and_only_its_owner_reads_it(tmp_path: Path) -> None:
    path = tmp_path / "articles.db"
    first = SqliteArticleStore(path)
    first.upsert(article("kept", 1))
    first.close()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    again = SqliteArticleStore(path)
    kept = again.get("kept")
    assert kept is not None
    assert kept == article("kept", 1)
    again.close()
