"""The answer to a delivery, and what the WSGI and ASGI adapters need of a receiver."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from ._headers import HeadersInput


@dataclass(frozen=True)
class WebhookResult:
    """The answer to a delivery: `{"success": True, "url": ...}` with 2xx, `{"error": ...}` with
    400, 401, 405, 413 or 500 (spec 6).

    Example:
        ```python
        result = receiver.handle(request.headers, request.get_data())
        return result.json_bytes(), result.status, {"content-type": "application/json"}
        ```
    """

    status: int
    body: dict[str, Any]
    event: str | None = field(default=None)
    """The event the delivery was handled as, when it could be read; for logs."""

    def json_bytes(self) -> bytes:
        """The body as UTF-8 JSON, as the adapters send it.

        Example:
            ```python
            result = receiver.handle(headers, body)
            response = Response(result.json_bytes(), status=result.status, content_type="application/json")
            ```
        """
        return json.dumps(self.body, ensure_ascii=False, separators=(",", ":")).encode()


def fail(status: int, error: str, event: str | None = None) -> WebhookResult:
    """An `{"error": ...}` answer."""
    return WebhookResult(status, {"error": error}, event)


def too_large(limit: int) -> WebhookResult:
    """The 413 answer to a body over `limit` bytes."""
    return fail(
        413,
        f"The body is larger than {limit} bytes, the receiver's max_body_bytes; "
        "the largest delivery the service sends is about 3 MB.",
    )


METHOD_NOT_ALLOWED = fail(405, "Deliveries are POSTs: send the webhook with POST.")
"""The answer to any other method; adapters send it with `Allow: POST`."""


class DeliveryReceiver(Protocol):
    """What the adapters call: `WebhookReceiver` is one."""

    @property
    def max_body_bytes(self) -> int: ...

    def check_service_key(self, headers: HeadersInput) -> WebhookResult | None: ...

    def handle(self, headers: HeadersInput, body: bytes) -> WebhookResult: ...
