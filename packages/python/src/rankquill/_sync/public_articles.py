# Generated from src/rankquill/_async/public_articles.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`PublicArticles`: the read-only public article API, for a customer's own site."""

from __future__ import annotations

import httpx2

from .._call_options import NO_OPTIONS
from .._errors import RankquillError
from .._generated.client_policy import (
    BASE_PATHS_PUBLIC_ARTICLE_API,
    MAX_RETRIES,
    TIMEOUT_PUBLIC_ARTICLES_SECONDS,
)
from .._generated.models import PublicArticle, PublicArticleListResponse, PublicArticleResponse
from .._generated.operations import OPERATIONS
from .._pages import ArticlePage, Query, start_articles
from .._params import query_params
from .._settings import client_settings
from .._types import NOT_GIVEN, NotGiven
from .closing import Closing
from .transport import Transport, parse_answer


class PublicArticles(Closing):
    """Client of the public article API: the published articles of the project the key belongs
    to, newest first. Server-side only: the key must not reach a visitor's browser.

    Args:
        api_key: The project's public article API key, sent as `X-Service-Key`. Defaults to the
            `RANKQUILL_PUBLIC_API_KEY` environment variable.
        base_url: Address of the public article API, such as
            `http://127.0.0.1:4010/public-article-api`. Defaults to `RANKQUILL_CONTENT_API_URL`.
        timeout: Seconds to wait for each attempt (default 30).
        max_retries: Retries after a connection error, a timeout, 408, 429 or 5xx (default 2).
        http_client: An `httpx2.Client` to send requests with; it stays yours to close.

    Example:
        ```python
        from rankquill import PublicArticles

        with PublicArticles() as articles:  # RANKQUILL_PUBLIC_API_KEY, RANKQUILL_CONTENT_API_URL
            for item in articles.list():
                print(item.title)
            article = articles.retrieve("cnt_123")
        ```
    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float = TIMEOUT_PUBLIC_ARTICLES_SECONDS,
        max_retries: int = MAX_RETRIES,
        http_client: httpx2.Client | None = None,
    ) -> None:
        settings = client_settings(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=None,
            key_header=("x-service-key", "{key}"),
            key_variable="RANKQUILL_PUBLIC_API_KEY",
            url_variable="RANKQUILL_CONTENT_API_URL",
            url_example=f"http://127.0.0.1:4010{BASE_PATHS_PUBLIC_ARTICLE_API}",
            what="PublicArticles",
        )
        self._transport = Transport(settings, http_client, service="the public article API")

    @property
    def base_url(self) -> str:
        """The public article API address requests go to."""
        return self._transport.settings.base_url

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
    ) -> ArticlePage:
        """Lists published articles, newest first, without their body: one page, or every article
        of every page when iterated.

        Args:
            limit: Articles per page, 1 to 100 (default 10).
            offset: Articles to skip (default 0).

        Example:
            ```python
            page = articles.list(limit=20)
            print(len(page.articles), page.pagination.has_more)
            ```
        """

        operation = OPERATIONS["publicArticles.get"]
        url = self._transport.url_of(operation)

        def fetch(query: Query) -> ArticlePage:
            response = self._transport.send(operation, url, query=query, options=NO_OPTIONS)
            answer = parse_answer(response, PublicArticleListResponse)
            return ArticlePage(answer.articles, answer.pagination, query, fetch)

        return start_articles(fetch, query_params({"limit": limit, "offset": offset}))

    def retrieve(self, id: str) -> PublicArticle:
        """Gets one published article with its HTML body. An unknown id, another project's article
        or one that is not published raises `NotFoundError`.

        Example:
            ```python
            article = articles.retrieve("cnt_123")
            print(article.title, article.content)
            ```
        """
        if not isinstance(id, str) or id == "":
            raise RankquillError(f"retrieve() needs an article id, got {id!r}.")
        operation = OPERATIONS["publicArticles.get"]
        response = self._transport.send(
            operation, self._transport.url_of(operation), query={"id": id}, options=NO_OPTIONS
        )
        return parse_answer(response, PublicArticleResponse).article

    def close(self) -> None:
        """Closes the connection pool (unless it came in as `http_client`).

        Example:
            ```python
            articles = PublicArticles()
            try:
                articles.list()
            finally:
                articles.close()  # or: with PublicArticles() as articles:
            ```
        """
        self._transport.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r})"
