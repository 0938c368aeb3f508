# Generated from src/rankquill/_async/resources/webhooks.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.webhooks`: a project's webhook (set it with `client.projects.update(webhook=...)`)."""

from __future__ import annotations

from collections.abc import Mapping

from ..._call_options import CallOptions
from ..._generated.models import WebhookTestResult
from ..._path import path_segment
from ..._raw_response import to_raw_response
from ..._types import NOT_GIVEN, NotGiven
from ._resource import APIResource


class Webhooks(APIResource):
    """A project's webhook: test."""

    def test(
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
            result = client.webhooks.test("proj_123")
            print(result.status, result.body)  # 200 {'success': True, 'url': '/en/resources/blog/...'}
            ```
        """
        return self._transport.request(
            "POST",
            f"/projects/{path_segment('project_id', project_id)}/webhook/test",
            WebhookTestResult,
            options=CallOptions(extra_headers, timeout, idempotency_key),
        )


class WebhooksWithRawResponse:
    """`client.with_raw_response.webhooks`: each method answers a `RawResponse`."""

    def __init__(self, webhooks: Webhooks) -> None:
        self.test = to_raw_response(webhooks.test)
