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
        """Inserts the article, or replaces the one with the same slug."""
        ...

    def remove(self, slug: str) -> bool:
        """Removes the article with this slug; answers True when there was one."""
        ...

    def get(self, slug: str) -> StoredArticle | None:
        """The article with this slug, or None."""
        ...

    def list(self) -> list[StoredArticle]:
        """Every article, most recently received first."""
        ...
