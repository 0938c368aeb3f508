"""Articles in an SQLite file, with the standard library's `sqlite3`."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

from .article_store import REMEMBER_IDS_SECONDS, StoredArticle

_SCHEMA = """
CREATE TABLE IF NOT EXISTS articles (
  slug TEXT PRIMARY KEY,
  received_at TEXT NOT NULL,
  seq INTEGER NOT NULL,
  doc TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS applied_deliveries (
  webhook_id TEXT PRIMARY KEY,
  applied_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS applied_deliveries_by_time ON applied_deliveries (applied_at);
CREATE TABLE IF NOT EXISTS slug_timestamps (
  slug TEXT PRIMARY KEY,
  webhook_timestamp INTEGER NOT NULL
);
"""


class SqliteArticleStore:
    """Keeps articles in an SQLite file (or `":memory:"`), so they survive a restart; safe to share
    between threads. A new file is readable by its owner only. Remembers applied `webhook-id`s
    and each slug's `webhook-timestamp` in the same file (`ReplayGuard`).

    Example:
        ```python
        store = SqliteArticleStore("articles.db")
        receiver = WebhookReceiver(os.environ["RANKQUILL_WEBHOOK_SECRET"], store=store)
        ```
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        location = os.fspath(path)
        if location != ":memory:" and not Path(location).exists():
            os.close(os.open(location, os.O_CREAT | os.O_WRONLY, 0o600))
        self._connection = sqlite3.connect(location, check_same_thread=False)
        self._lock = threading.Lock()
        with self._lock, self._connection:
            self._connection.executescript(_SCHEMA)

    def upsert(self, article: StoredArticle) -> None:
        """Stores the article under its slug, replacing the one stored there, in one transaction.

        Example:
            ```python
            store.upsert(StoredArticle(**article.model_dump(), url="/en/resources/blog/cold-brew"))
            ```
        """
        with self._lock, self._connection:
            (seq,) = self._connection.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM articles").fetchone()
            self._connection.execute(
                "INSERT INTO articles (slug, received_at, seq, doc) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (slug) DO UPDATE SET received_at = excluded.received_at, seq = excluded.seq, "
                "doc = excluded.doc",
                (article.slug, article.received_at.isoformat(), seq, article.model_dump_json()),
            )

    def remove(self, slug: str) -> bool:
        """Removes the article of this slug; True when there was one.

        Example:
            ```python
            store.remove("cold-brew")
            ```
        """
        with self._lock, self._connection:
            return self._connection.execute("DELETE FROM articles WHERE slug = ?", (slug,)).rowcount > 0

    def get(self, slug: str) -> StoredArticle | None:
        """The article of this slug, or None.

        Example:
            ```python
            print(store.get("cold-brew"))
            ```
        """
        with self._lock:
            row = self._connection.execute("SELECT doc FROM articles WHERE slug = ?", (slug,)).fetchone()
        return None if row is None else StoredArticle.model_validate_json(row[0])

    def list(self) -> list[StoredArticle]:
        """Every stored article.

        Example:
            ```python
            print([article.slug for article in store.list()])
            ```
        """
        with self._lock:
            rows = self._connection.execute(
                "SELECT doc FROM articles ORDER BY received_at DESC, seq DESC"
            ).fetchall()
        return [StoredArticle.model_validate_json(doc) for (doc,) in rows]

    def was_applied(self, webhook_id: str, now: float) -> bool:
        """True when a delivery with this `webhook-id` was applied in the last 600 seconds.

        Example:
            ```python
            store.was_applied("dlv_1", time.time())
            ```
        """
        with self._lock:
            row = self._connection.execute(
                "SELECT applied_at FROM applied_deliveries WHERE webhook_id = ?", (webhook_id,)
            ).fetchone()
        return row is not None and now - float(row[0]) <= REMEMBER_IDS_SECONDS

    def slug_timestamp(self, slug: str) -> int | None:
        """The `webhook-timestamp` of the delivery that last wrote or removed this slug, if any.

        Example:
            ```python
            store.slug_timestamp("cold-brew")
            ```
        """
        with self._lock:
            row = self._connection.execute(
                "SELECT webhook_timestamp FROM slug_timestamps WHERE slug = ?", (slug,)
            ).fetchone()
        return None if row is None else int(row[0])

    def record_applied(
        self, webhook_id: str | None, slug: str | None, timestamp: int | None, now: float
    ) -> None:
        """Remembers an applied delivery: its id and, for an article event, the slug's timestamp.

        Example:
            ```python
            store.record_applied("dlv_1", "cold-brew", 1767225600, time.time())
            ```
        """
        with self._lock, self._connection:
            if webhook_id is not None:
                self._connection.execute(
                    "INSERT INTO applied_deliveries (webhook_id, applied_at) VALUES (?, ?) "
                    "ON CONFLICT (webhook_id) DO UPDATE SET applied_at = excluded.applied_at",
                    (webhook_id, now),
                )
                self._connection.execute(
                    "DELETE FROM applied_deliveries WHERE applied_at < ?", (now - REMEMBER_IDS_SECONDS,)
                )
            if slug is not None and timestamp is None:
                self._connection.execute("DELETE FROM slug_timestamps WHERE slug = ?", (slug,))
            elif slug is not None:
                self._connection.execute(
                    "INSERT INTO slug_timestamps (slug, webhook_timestamp) VALUES (?, ?) "
                    "ON CONFLICT (slug) DO UPDATE SET webhook_timestamp = excluded.webhook_timestamp",
                    (slug, timestamp),
                )

    def close(self) -> None:
        """Closes the database connection.

        Example:
            ```python
            store = SqliteArticleStore("articles.db")
            store.close()
            ```
        """
        with self._lock:
            self._connection.close()
