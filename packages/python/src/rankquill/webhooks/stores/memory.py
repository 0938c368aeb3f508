"""Articles in a dict, for tests and single-process sites."""

from __future__ import annotations

import threading

from .article_store import StoredArticle


class MemoryArticleStore:
    """Keeps articles in memory, by slug; safe to share between threads. The default store.

    Example:
        ```python
        store = MemoryArticleStore()
        receiver = WebhookReceiver(secret, store=store)
        ```
    """

    def __init__(self) -> None:
        self._articles: dict[str, StoredArticle] = {}
        self._lock = threading.Lock()

    def upsert(self, article: StoredArticle) -> None:
        with self._lock:
            self._articles.pop(article.slug, None)
            self._articles[article.slug] = article

    def remove(self, slug: str) -> bool:
        with self._lock:
            return self._articles.pop(slug, None) is not None

    def get(self, slug: str) -> StoredArticle | None:
        with self._lock:
            return self._articles.get(slug)

    def list(self) -> list[StoredArticle]:
        with self._lock:
            articles = list(self._articles.values())
        # Newest first; of two received at one instant, the later upsert first.
        order = sorted(enumerate(articles), key=lambda entry: (entry[1].received_at, entry[0]), reverse=True)
        return [article for _, article in order]
