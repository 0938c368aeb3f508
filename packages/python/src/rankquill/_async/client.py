"""`AsyncRankquill`: the client of the main API."""

from __future__ import annotations

from collections.abc import Mapping

import httpx2

from .._generated.client_policy import BASE_PATHS_API, MAX_RETRIES, TIMEOUT_MAIN_SECONDS
from .._settings import client_settings
from .._types import NOT_GIVEN, NotGiven
from .closing import AsyncClosing
from .resources.activity import AsyncActivity, AsyncActivityWithRawResponse
from .resources.ai_visibility.ai_visibility import AsyncAiVisibility, AsyncAiVisibilityWithRawResponse
from .resources.content import AsyncContent, AsyncContentWithRawResponse
from .resources.deliveries import AsyncDeliveries, AsyncDeliveriesWithRawResponse
from .resources.exports import AsyncExports, AsyncExportsWithRawResponse
from .resources.keywords import AsyncKeywords, AsyncKeywordsWithRawResponse
from .resources.projects import AsyncProjects, AsyncProjectsWithRawResponse
from .resources.webhooks import AsyncWebhooks, AsyncWebhooksWithRawResponse
from .transport import AsyncTransport


class AsyncRankquill(AsyncClosing):
    """Client of the Rankquill main API: projects, content, keywords, AI visibility, exports, the
    activity feed, webhook tests and deliveries, with retries, idempotent POSTs, pages and typed errors.

    Args:
        api_key: Main API key, sent as `Authorization: Bearer <api_key>`. Keep it on the server.
            Defaults to the `RANKQUILL_API_KEY` environment variable.
        base_url: Address of the main API, ending in `/v1`, such as `http://127.0.0.1:4010/v1` for a
            local `rankquill-mock serve`. Defaults to the `RANKQUILL_BASE_URL` environment variable.
        timeout: Seconds to wait for each attempt's answer (default 60).
        max_retries: Retries of a failed attempt: connection errors, timeouts, 408, 429 and 5xx,
            with jittered exponential backoff that honours `Retry-After` (default 2; 0 turns them off).
        default_headers: Headers sent with every request; a `None` value removes one the client sends.
        http_client: An `httpx2.AsyncClient` to send requests with (proxies, transports, limits).
            It stays yours: closing this client does not close it.

    Example:
        ```python
        from rankquill import AsyncRankquill

        async with AsyncRankquill() as client:  # reads RANKQUILL_API_KEY and RANKQUILL_BASE_URL
            article = await client.content.create_and_wait("proj_123", keyword="cold brew ratio")
            await client.content.publish("proj_123", article.id)
        ```
    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float = TIMEOUT_MAIN_SECONDS,
        max_retries: int = MAX_RETRIES,
        default_headers: Mapping[str, str | None] | None = None,
        http_client: httpx2.AsyncClient | None = None,
    ) -> None:
        settings = client_settings(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            key_header=("authorization", "Bearer {key}"),
            key_variable="RANKQUILL_API_KEY",
            url_variable="RANKQUILL_BASE_URL",
            url_example=f"http://127.0.0.1:4010{BASE_PATHS_API}",
            what="AsyncRankquill",
        )
        self._setup(AsyncTransport(settings, http_client, service="the Rankquill API"))

    def _setup(self, transport: AsyncTransport) -> None:
        self._transport = transport
        self.projects = AsyncProjects(transport)
        """Projects: create, retrieve, update, list, delete, rotate_public_api_key."""
        self.content = AsyncContent(transport)
        """Content: create, create_and_wait, retrieve, update, list, delete, publish, unpublish, export."""
        self.keywords = AsyncKeywords(transport)
        """A project's tracked keywords: create, list, opportunities, performance, export."""
        self.ai_visibility = AsyncAiVisibility(transport)
        """A project's AI visibility: retrieve, export, and topics, prompts, responses."""
        self.exports = AsyncExports(transport)
        """Bulk exports: create, retrieve, create_and_wait, download."""
        self.activity = AsyncActivity(transport)
        """A project's activity feed: list."""
        self.webhooks = AsyncWebhooks(transport)
        """A project's webhook: test, rotate_signing_secret."""
        self.deliveries = AsyncDeliveries(transport)
        """The deliveries of a project's webhook: list, redeliver."""
        self.with_raw_response = AsyncRankquillWithRawResponse(self)
        """The same methods, answering a `RawResponse` (status, headers, request id, rate limit, value)."""

    @property
    def base_url(self) -> str:
        """The main API address requests go to."""
        return self._transport.settings.base_url

    @property
    def timeout(self) -> float:
        """Seconds each attempt waits for an answer."""
        return self._transport.settings.timeout

    @property
    def max_retries(self) -> int:
        """Retries of a failed attempt."""
        return self._transport.settings.max_retries

    def with_options(
        self,
        *,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str | None] | None = None,
    ) -> AsyncRankquill:
        """A copy of this client with other options, sharing its connection pool.

        Example:
            ```python
            project = await client.with_options(max_retries=0, timeout=5).projects.retrieve("proj_123")
            ```
        """
        copy = object.__new__(AsyncRankquill)
        settings = self._transport.settings.changed(
            timeout=timeout, max_retries=max_retries, default_headers=default_headers
        )
        copy._setup(AsyncTransport(settings, self._transport.http_client, service="the Rankquill API"))
        return copy

    async def close(self) -> None:
        """Closes the connection pool (unless it came in as `http_client`).

        Example:
            ```python
            client = AsyncRankquill()
            try:
                await client.projects.list()
            finally:
                await client.close()  # or: async with AsyncRankquill() as client:
            ```
        """
        await self._transport.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r})"


class AsyncRankquillWithRawResponse:
    """`client.with_raw_response`: every resource, with methods that answer a `RawResponse`.

    Example:
        ```python
        raw = await client.with_raw_response.projects.retrieve("proj_123")
        print(raw.status_code, raw.request_id, raw.rate_limit, raw.data.name)
        ```
    """

    def __init__(self, client: AsyncRankquill) -> None:
        self.projects = AsyncProjectsWithRawResponse(client.projects)
        self.content = AsyncContentWithRawResponse(client.content)
        self.keywords = AsyncKeywordsWithRawResponse(client.keywords)
        self.ai_visibility = AsyncAiVisibilityWithRawResponse(client.ai_visibility)
        self.exports = AsyncExportsWithRawResponse(client.exports)
        self.activity = AsyncActivityWithRawResponse(client.activity)
        self.webhooks = AsyncWebhooksWithRawResponse(client.webhooks)
        self.deliveries = AsyncDeliveriesWithRawResponse(client.deliveries)
