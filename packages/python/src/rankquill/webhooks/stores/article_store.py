"""What a receiver stores, and the interface every store offers."""

from __future__ import annotations

import datetime as _dt
from typing import Protocol, runtime_checkable

from ..._generated.models import ArticlePayload


class StoredArticle(ArticlePayload):
    """An article as a receiver keeps it: the payload of spec 2.5 with defaults applied and its
    `content` sanitized, plus where it lives and when it came.

    Example:
        ```python
        article = store.get("cold-brew-ratio")
        if article is not None:
            print(article.title, article.url, article.received_at)
        ```
    """

    url: str
    """The URL the receiver answered with: `/<language>/resources/blog/<slug>`, unless prefixed."""
    received_at: _dt.datetime
    """When the receiver last stored this article (UTC, from the receiver's clock)."""


@runtime_checkable
class ArticleStore(Protocol):
    """Where a receiver keeps articles, by slug. Implement it to write straight into your CMS.

    Example:
        ```python
        class CmsStore:
            def upsert(self, article: StoredArticle) -> None:
                cms.posts.save(slug=article.slug, html=article.content)

            def remove(self, slug: str) -> bool:
                return cms.posts.delete(slug)

            def get(self, slug: str) -> StoredArticle | None: ...

            def list(self) -> list[StoredArticle]: ...
        ```
    """

    def upsert(self, article: StoredArticle) -> None:
        """Inserts the article, or replaces the one with the same slug.

        Example:
            ```python
            store.upsert(StoredArticle(**article.model_dump(), url="/en/resources/blog/cold-brew"))
            ```
        """
        ...

    def remove(self, slug: str) -> bool:
        """Removes the article with this slug; answers True when there was one.

        Example:
            ```python
            removed = store.remove("cold-brew")  # False when there was none
            ```
        """
        ...

    def get(self, slug: str) -> StoredArticle | None:
        """The article with this slug, or None.

        Example:
            ```python
            article = store.get("cold-brew")
            print(article.title if article else "not received")
            ```
        """
        ...

    def list(self) -> list[StoredArticle]:
        """Every article, most recently received first.

        Example:
            ```python
            for article in store.list():
                print(article.slug, article.received_at)
            ```
        """
        ...


REMEMBER_IDS_SECONDS = 600
"""How long the built-in stores remember an applied `webhook-id`: twice the signature tolerance."""


@runtime_checkable
class ReplayGuard(Protocol):
    """What a store remembers so that replays change nothing (both built-in stores have it): the
    `webhook-id` of every delivery applied in the last `REMEMBER_IDS_SECONDS`, and per slug the
    `webhook-timestamp` of the delivery that last wrote or removed it. The receiver answers a
    repeated id, or a timestamp strictly older than the slug's, with 200 and changes nothing. A
    removed slug keeps its timestamp (its tombstone) until it is written again or removed by a
    delivery without one, so an older update cannot bring an unpublished article back.

    Example:
        ```python
        store = MemoryArticleStore()
        isinstance(store, ReplayGuard)  # True: the receiver uses it
        ```
    """

    def was_applied(self, webhook_id: str, now: float) -> bool:
        """True when a delivery with this `webhook-id` was applied in the last 600 seconds.

        Example:
            ```python
            if store.was_applied(headers["webhook-id"], time.time()):
                print("a replay: answer 200, change nothing")
            ```
        """
        ...

    def slug_timestamp(self, slug: str) -> int | None:
        """The `webhook-timestamp` of the delivery that last wrote or removed this slug, if any.

        Example:
            ```python
            print(store.slug_timestamp("cold-brew"))  # 1767225600, or None
            ```
        """
        ...

    def record_applied(
        self, webhook_id: str | None, slug: str | None, timestamp: int | None, now: float
    ) -> None:
        """Remembers an applied delivery: its id (when sent) and, for an article event, the
        slug's new timestamp (None when the delivery carried none).

        Example:
            ```python
            store.record_applied("dlv_1", "cold-brew", 1767225600, time.time())
            ```
        """
        ...
