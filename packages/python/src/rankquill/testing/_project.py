"""A fresh account and project on a shared mock server: what the `rankquill_mock` fixture gives a test."""

from __future__ import annotations

from typing import Any

from .._async.client import AsyncRankquill
from .._sync.client import Rankquill
from .._sync.public_articles import PublicArticles
from ..types import Delivery
from ._fault_verbs import FaultVerbs
from ._server import MockServer


class MockProject(FaultVerbs):
    """An account of its own and one project in it, on a running `MockServer`: tests that each hold
    one never see each other's data, in any order and in parallel (the clock is the server's). Its
    faults and its journal (`fail()`, `delay()`, `disconnect()`, `failing()`, `requests()`,
    `clear_faults()`, see `FaultVerbs`) are this account's only.

    Example:
        ```python
        def test_an_article_is_written(rankquill_mock):
            client = rankquill_mock.client()
            job = client.content.create(rankquill_mock.project_id, keyword="cold brew", length=600)
            rankquill_mock.advance(60)
            assert client.content.retrieve(rankquill_mock.project_id, job.id).status == "draft"


        def test_two_503s_are_retried(rankquill_mock):
            rankquill_mock.fail("content.create", 503, times=2)
            client = rankquill_mock.client(max_retries=2)
            client.content.create(rankquill_mock.project_id, keyword="cold brew")
            assert len(rankquill_mock.requests("content.create")) == 3
        ```
    """

    def __init__(self, server: MockServer, *, plan: str = "agencies") -> None:
        self.server = server
        """The server this project lives on (shared by the tests of one pytest process)."""
        self.base_url = server.api_base_url
        """The main API, ending in `/v1`."""
        self.content_api_url = server.content_api_url
        """The public article API, ending in `/public-article-api`."""
        self.api_key = server.create_account(plan)
        """The main API key of this project's account, which owns nothing else."""
        self._clients: list[Rankquill | PublicArticles] = []
        with Rankquill(api_key=self.api_key, base_url=self.base_url, max_retries=0) as client:
            project = client.projects.create(name="Test project", domain="test-project.example")
        self.project_id: str = project.id
        """The project's id."""
        self.public_api_key: str = project.public_api_key
        """The project's public article API key (`X-Service-Key`)."""

    def client(self, **options: Any) -> Rankquill:
        """A `Rankquill` on this account, without retries (a failure shows at once); `options` go
        to its constructor (`timeout=5.0`). Closed when the test ends.

        Example:
            ```python
            client = rankquill_mock.client(max_retries=2)
            print(client.projects.retrieve(rankquill_mock.project_id).name)
            ```
        """
        client = Rankquill(api_key=self.api_key, base_url=self.base_url, **_without_retries(options))
        self._clients.append(client)
        return client

    def async_client(self, **options: Any) -> AsyncRankquill:
        """An `AsyncRankquill` on this account, without retries; use it as `async with
        rankquill_mock.async_client() as client:` so it closes on the test's event loop.

        Example:
            ```python
            async with rankquill_mock.async_client() as client:
                print((await client.projects.retrieve(rankquill_mock.project_id)).name)
            ```
        """
        return AsyncRankquill(api_key=self.api_key, base_url=self.base_url, **_without_retries(options))

    def public_articles(self, **options: Any) -> PublicArticles:
        """A `PublicArticles` client of this project's public article API. Closed when the test ends.

        Example:
            ```python
            print(rankquill_mock.public_articles().list().pagination.total)  # 0: nothing published yet
            ```
        """
        client = PublicArticles(
            api_key=self.public_api_key, base_url=self.content_api_url, **_without_retries(options)
        )
        self._clients.append(client)
        return client

    def advance(self, seconds: float) -> str:
        """Moves the server's manual clock (see `MockServer.advance`); answers the new time.

        Example:
            ```python
            rankquill_mock.advance(60)
            ```
        """
        return self.server.advance(seconds)

    def deliveries(self) -> list[Delivery]:
        """The webhook deliveries the server made for this project, newest first, each with its
        attempts, from the deliveries API. Waits first for the deliveries under way to be answered
        (`advance(0)`), so a delivery a publish just sent is there.

        Example:
            ```python
            rankquill_mock.client().webhooks.test(rankquill_mock.project_id)
            print([delivery.status for delivery in rankquill_mock.deliveries()])
            ```
        """
        self.server.advance(0)
        with Rankquill(api_key=self.api_key, base_url=self.base_url, max_retries=0) as client:
            return list(client.deliveries.list(self.project_id, limit=100))

    def close(self) -> None:
        """Closes the sync clients this object made.

        Example:
            ```python
            project = MockProject(server)
            project.close()
            ```
        """
        for client in self._clients:
            client.close()
        self._clients.clear()


def _without_retries(options: dict[str, Any]) -> dict[str, Any]:
    """A test's clients fail at once unless the test asks for retries (`max_retries=2`)."""
    return {"max_retries": 0, **options}
