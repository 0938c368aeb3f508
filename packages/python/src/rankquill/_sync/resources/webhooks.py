# Generated from src/rankquill/_async/resources/webhooks.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.webhooks`: a project's webhook (set it with `client.projects.update(webhook=...)`, whose
answer holds its signing secret once)."""

from __future__ import annotations

from collections.abc import Mapping

from ..._call_options import CallOptions
from ..._generated.models import Delivery, WebhookSigningSecretRotation
from ..._raw_response import to_raw_response
from ..._types import NOT_GIVEN, NotGiven
from ._resource import APIResource


class Webhooks(APIResource):
    """A project's webhook: test, rotate_signing_secret.

    Example:
        ```python
        with Rankquill() as client:
            delivery = client.webhooks.test("proj_123")
            print(delivery.status)  # pending
        ```
    """

    def test(
        self,
        project_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> Delivery:
        """Queues a sample `content.published` delivery to the project's webhook, sent at once in
        the background and signed like a real one, and answers the queued delivery (`status`
        `pending`). It is not retried and not recorded in the activity feed; `deliveries.list()`
        shows what the receiver said. A project without a webhook is a 409 (`ConflictError`).

        Example:
            ```python
            queued = client.webhooks.test("proj_123")
            latest = (client.deliveries.list("proj_123", limit=1)).data[0]
            print(latest.id == queued.id, latest.status)  # True, then `pending`, `succeeded` or `failed`
            ```
        """
        return self._transport.request(
            "projects.webhook.test",
            Delivery,
            ids=(project_id,),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )

    def rotate_signing_secret(
        self,
        project_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> WebhookSigningSecretRotation:
        """Replaces the webhook's signing secret and answers the new one, this once. For 24 hours
        each delivery carries signatures by both the new and the replaced secret, so the receiver
        can switch to the new one at any time of that day. A project without a webhook is a 409
        (`ConflictError`).

        Example:
            ```python
            rotation = client.webhooks.rotate_signing_secret("proj_123")
            # Store rotation.signing_secret where the receiver reads it before
            # rotation.previous_signing_secret_expires_at.
            ```
        """
        return self._transport.request(
            "projects.webhook.rotateSigningSecret",
            WebhookSigningSecretRotation,
            ids=(project_id,),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )


class WebhooksWithRawResponse:
    """`client.with_raw_response.webhooks`: each method answers a `RawResponse`."""

    def __init__(self, webhooks: Webhooks) -> None:
        self.test = to_raw_response(webhooks.test)
        self.rotate_signing_secret = to_raw_response(webhooks.rotate_signing_secret)
