"""Articles in a dict, for tests and single-process sites."""

from __future__ import annotations

import threading

from .article_store import REMEMBER_IDS_SECONDS, StoredArticle


class MemoryArticleStore:
    """Keeps articles in memory, by slug; safe to share between threads. The default store.
    Remembers applied `webhook-id`s and each slug's `webhook-timestamp` (`ReplayGuard`).

    Example:
        ```python
        store = MemoryArticleStore()
        receiver = WebhookReceiver(secret, store=store)
        ```
    """

    def __init__(self) -> None:
        self._articles: dict[str, StoredArticle] = {}
        self._lock = threading.Lock()
        self._applied_ids: dict[str, float] = {}
        self._slug_timestamps: dict[str, int] = {}

    def upsert(self, article: StoredArticle) -> None:
        """Stores the article under its slug, replacing the one stored there.

        Example:
            ```python
            store.upsert(StoredArticle(**article.model_dump(), url="/en/resources/blog/cold-brew"))
            ```
        """
        with self._lock:
            self._articles.pop(article.slug, None)
            self._articles[article.slug] = article

    def remove(self, slug: str) -> bool:
        """Removes the article of this slug; True when there was one.

        Example:
            ```python
            store.remove("cold-brew")
            ```
        """
        with self._lock:
            return self._articles.pop(slug, None) is not None

    def get(self, slug: str) -> StoredArticle | None:
        """The article of this slug, or None.

        Example:
            ```python
            print(store.get("cold-brew"))
            ```
        """
        with self._lock:
            return self._articles.get(slug)

    def list(self) -> list[StoredArticle]:
        """Every stored article.

        Example:
            ```python
            print([article.slug for article in store.list()])
            ```
        """
        with self._lock:
            articles = list(self._articles.values())
        # Newest first; of two received at one instant, the later upsert first.
        order = sorted(enumerate(articles), key=lambda entry: (entry[1].received_at, entry[0]), reverse=True)
        return [article for _, article in order]

    def was_applied(self, webhook_id: str, now: float) -> bool:
        """True when a delivery with this `webhook-id` was applied in the last 600 seconds.

        Example:
            ```python
            store.was_applied("dlv_1", time.time())
            ```
        """
        with self._lock:
            applied_at = self._applied_ids.get(webhook_id)
        return applied_at is not None and now - applied_at <= REMEMBER_IDS_SECONDS

    def slug_timestamp(self, slug: str) -> int | None:
        """The `webhook-timestamp` of the delivery that last wrote or removed this slug, if any.

        Example:
            ```python
            store.slug_timestamp("cold-brew")
            ```
        """
        with self._lock:
            return self._slug_timestamps.get(slug)

    def record_applied(
        self, webhook_id: str | None, slug: str | None, timestamp: int | None, now: float
    ) -> None:
        """Remembers an applied delivery: its id and, for an article event, the slug's timestamp.

        Example:
            ```python
            store.record_applied("dlv_1", "cold-brew", 1767225600, time.time())
            ```
        """
        with self._lock:
            if webhook_id is not None:
                # Insertion order is application order: the oldest ids come first.
                self._applied_ids.pop(webhook_id, None)
                self._applied_ids[webhook_id] = now
                while self._applied_ids:
                    oldest, applied_at = next(iter(self._applied_ids.items()))
                    if now - applied_at <= REMEMBER_IDS_SECONDS:
                        break
                    del self._applied_ids[oldest]
            if slug is not None:
                if timestamp is None:
                    self._slug_timestamps.pop(slug, None)
                else:
                    self._slug_timestamps[slug] = timestamp
