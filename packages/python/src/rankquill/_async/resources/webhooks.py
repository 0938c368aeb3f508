"""`client.webhooks`: a project's webhook (set it with `client.projects.update(webhook=...)`)."""

from __future__ import annotations

from collections.abc import Mapping

from ..._call_options import CallOptions
from ..._generated.models import WebhookTestResult
from ..._path import path_segment
from ..._raw_response import async_to_raw_response
from ..._types import NOT_GIVEN, NotGiven
from ._resource import AsyncAPIResource


class AsyncWebhooks(AsyncAPIResource):
    """A project's webhook: test."""

    async def test(
        self,
        project_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> WebhookTestResult:
        """Sends a sample `content.published` article to the project's webhook now and answers what
        the receiver said. It is not retried and not recorded in the activity feed.

        Example:
            ```python
            result = await client.webhooks.test("proj_123")
            print(result.status, result.body)  # 200 {'success': True, 'url': '/en/resources/blog/...'}
            ```
        """
        return await self._transport.request(
            "POST",
            f"/projects/{path_segment('project_id', project_id)}/webhook/test",
            WebhookTestResult,
            options=CallOptions(extra_headers, timeout, idempotency_key),
        )


class AsyncWebhooksWithRawResponse:
    """`client.with_raw_response.webhooks`: each method answers a `RawResponse`."""

    def __init__(self, webhooks: AsyncWebhooks) -> None:
        self.test = async_to_raw_response(webhooks.test)
