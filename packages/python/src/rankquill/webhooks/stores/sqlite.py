"""Articles in an SQLite file, with the standard library's `sqlite3`."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path

from .article_store import StoredArticle

_SCHEMA = """
CREATE TABLE IF NOT EXISTS articles (
  slug TEXT PRIMARY KEY,
  received_at TEXT NOT NULL,
  seq INTEGER NOT NULL,
  doc TEXT NOT NULL
)
"""


class SqliteArticleStore:
    """Keeps articles in an SQLite file (or `":memory:"`), so they survive a restart; safe to share
    between threads. A new file is readable by its owner only.

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
            self._connection.execute(_SCHEMA)

    def upsert(self, article: StoredArticle) -> None:
        with self._lock, self._connection:
            (seq,) = self._connection.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM articles").fetchone()
            self._connection.execute(
                "INSERT INTO articles (slug, received_at, seq, doc) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (slug) DO UPDATE SET received_at = excluded.received_at, seq = excluded.seq, "
                "doc = excluded.doc",
                (article.slug, article.received_at.isoformat(), seq, article.model_dump_json()),
            )

    def remove(self, slug: str) -> bool:
        with self._lock, self._connection:
            return self._connection.execute("DELETE FROM articles WHERE slug = ?", (slug,)).rowcount > 0

    def get(self, slug: str) -> StoredArticle | None:
        with self._lock:
            row = self._connection.execute("SELECT doc FROM articles WHERE slug = ?", (slug,)).fetchone()
        return None if row is None else StoredArticle.model_validate_json(row[0])

    def list(self) -> list[StoredArticle]:
        with self._lock:
            rows = self._connection.execute(
                "SELECT doc FROM articles ORDER BY received_at DESC, seq DESC"
            ).fetchall()
        return [StoredArticle.model_validate_json(doc) for (doc,) in rows]

    def close(self) -> None:
        """Closes the database connection."""
        with self._lock:
            self._connection.close()
