"""Pages of a list, walking every item across them, and what `list()` returns."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator, Mapping
from typing import Any, Generic, TypeVar, cast

from ._generated.models import Pagination, PublicArticleListItem
from ._models import ResponseModel

Item = TypeVar("Item")
PageT = TypeVar("PageT")
SyncPageT = TypeVar("SyncPageT", bound="Page[Any]")
AsyncPageT = TypeVar("AsyncPageT", bound="AsyncPage[Any]")


class ListEnvelope(ResponseModel, Generic[Item]):
    """`{"data": [...], "pagination": {...}}`, as every list of the main API answers."""

    data: list[Item]
    pagination: Pagination


Query = Mapping[str, str]
"""A list call's query: `limit`, `offset` and its filters, as sent."""


def next_page_query(query: Query, pagination: Pagination) -> dict[str, str] | None:
    """The query of the page after the one `query` answered with `pagination`: the same filters,
    the answer's `limit` (the server's page size wins) and its `offset + count`; `None` when no
    page follows (packages/contract/vectors/pagination.json).

    Example:
        ```python
        next_page_query({"status": "draft"}, page.pagination)
        # {"status": "draft", "limit": "10", "offset": "10"} after a first page of ten
        ```
    """
    # A page with no items cannot move the offset forward; stop rather than loop.
    if not pagination.has_more or pagination.count == 0:
        return None
    return {**query, "limit": str(pagination.limit), "offset": str(pagination.offset + pagination.count)}


class _PageBase(Generic[Item]):
    def __init__(self, data: list[Item], pagination: Pagination, query: Query) -> None:
        self.data = data
        """Items of this page."""
        self.pagination = pagination
        """Position of this page in the list: `limit`, `offset`, `count`, `total`, `has_more`."""
        self._query = query

    def has_next_page(self) -> bool:
        """True when another page follows."""
        return next_page_query(self._query, self.pagination) is not None

    def _next_query(self) -> Query:
        query = next_page_query(self._query, self.pagination)
        if query is None:
            raise RuntimeError("This is the last page; check has_next_page() before get_next_page().")
        return query

    def __repr__(self) -> str:
        return f"{type(self).__name__}(data=<{len(self.data)} items>, pagination={self.pagination!r})"


class Page(_PageBase[Item]):
    """One page of a list. Iterating it walks every item of this page and the pages after it.

    Example:
        ```python
        page = client.projects.list(limit=20)
        while True:
            for project in page.data:
                print(project.name)
            if not page.has_next_page():
                break
            page = page.get_next_page()

        for project in client.projects.list():  # every project, page after page
            print(project.id)
        ```
    """

    def __init__(
        self, data: list[Item], pagination: Pagination, query: Query, fetch: Callable[[Query], Page[Item]]
    ) -> None:
        super().__init__(data, pagination, query)
        self._fetch = fetch

    def get_next_page(self: SyncPageT) -> SyncPageT:
        """Fetches the page after this one, with the same page size.

        Example:
            ```python
            page = client.content.list("proj_123", limit=10)
            if page.has_next_page():
                page = page.get_next_page()
            ```
        """
        return cast(SyncPageT, self._fetch(self._next_query()))

    def iter_pages(self: SyncPageT) -> Iterator[SyncPageT]:
        """Yields this page and every page after it.

        Example:
            ```python
            for page in client.content.list("proj_123", limit=100).iter_pages():
                print(page.pagination.offset, len(page.data))
            ```
        """
        page = self
        yield page
        while page.has_next_page():
            page = page.get_next_page()
            yield page

    def __iter__(self) -> Iterator[Item]:
        for page in self.iter_pages():
            yield from page.data


class AsyncPage(_PageBase[Item]):
    """One page of a list. `async for` over it walks every item of this page and the pages after it.

    Example:
        ```python
        page = await client.projects.list(limit=20)
        while True:
            for project in page.data:
                print(project.name)
            if not page.has_next_page():
                break
            page = await page.get_next_page()
        ```
    """

    def __init__(
        self,
        data: list[Item],
        pagination: Pagination,
        query: Query,
        fetch: Callable[[Query], Awaitable[AsyncPage[Item]]],
    ) -> None:
        super().__init__(data, pagination, query)
        self._fetch = fetch

    async def get_next_page(self: AsyncPageT) -> AsyncPageT:
        """Fetches the page after this one, with the same page size.

        Example:
            ```python
            page = await client.content.list("proj_123", limit=10)
            if page.has_next_page():
                page = await page.get_next_page()
            ```
        """
        return cast(AsyncPageT, await self._fetch(self._next_query()))

    async def iter_pages(self: AsyncPageT) -> AsyncIterator[AsyncPageT]:
        """Yields this page and every page after it.

        Example:
            ```python
            async for page in (await client.content.list("proj_123", limit=100)).iter_pages():
                print(page.pagination.offset, len(page.data))
            ```
        """
        page = self
        yield page
        while page.has_next_page():
            page = await page.get_next_page()
            yield page

    async def __aiter__(self) -> AsyncIterator[Item]:
        async for page in self.iter_pages():
            for item in page.data:
                yield item


class ArticlePage(Page[PublicArticleListItem]):
    """One page of published articles, newest first; iterating it walks every later page too.

    Example:
        ```python
        page = articles.list(limit=10)
        print([article.title for article in page.articles], page.pagination.total)
        ```
    """

    @property
    def articles(self) -> list[PublicArticleListItem]:
        """The articles of this page, without their body."""
        return self.data


class AsyncArticlePage(AsyncPage[PublicArticleListItem]):
    """One page of published articles, newest first; `async for` walks every later page too.

    Example:
        ```python
        page = await articles.list(limit=10)
        print([article.title for article in page.articles], page.pagination.total)
        ```
    """

    @property
    def articles(self) -> list[PublicArticleListItem]:
        """The articles of this page, without their body."""
        return self.data


class AsyncPaginator(Generic[Item]):
    """What an async `list()` returns: await it for the first page, or `async for` over it for
    every item of every page. Nothing is sent before either.

    Example:
        ```python
        first_page = await client.projects.list(limit=10)
        async for project in client.projects.list():
            print(project.id)
        ```
    """

    def __init__(self, first_page: Callable[[], Awaitable[AsyncPage[Item]]]) -> None:
        self._first_page = first_page

    def __await__(self) -> Generator[Any, None, AsyncPage[Item]]:
        return self._first_page().__await__()

    async def __aiter__(self) -> AsyncIterator[Item]:
        page = await self._first_page()
        async for item in page:
            yield item


class AsyncArticlePaginator(AsyncPaginator[PublicArticleListItem]):
    """What `AsyncPublicArticles.list()` returns: await it for an `AsyncArticlePage`, or
    `async for` over it for every published article.

    Example:
        ```python
        async for article in articles.list():
            print(article.title)
        ```
    """

    def __init__(self, first_page: Callable[[], Awaitable[AsyncArticlePage]]) -> None:
        super().__init__(first_page)
        self._first_article_page = first_page

    def __await__(self) -> Generator[Any, None, AsyncArticlePage]:
        return self._first_article_page().__await__()


def async_start(fetch: Callable[[Query], Awaitable[AsyncPage[Item]]], query: Query) -> AsyncPaginator[Item]:
    """An async list: its first page (`query`) is fetched when awaited or iterated."""
    return AsyncPaginator(lambda: fetch(query))


def async_start_articles(
    fetch: Callable[[Query], Awaitable[AsyncArticlePage]], query: Query
) -> AsyncArticlePaginator:
    """An async list of published articles: its first page is fetched when awaited or iterated."""
    return AsyncArticlePaginator(lambda: fetch(query))


def start(fetch: Callable[[Query], PageT], query: Query) -> PageT:
    """A sync list: its first page, fetched now."""
    return fetch(query)


start_articles = start
