"""The error class and fields of a non-2xx answer."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, cast

from ._errors import (
    APIError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    RateLimitError,
)

_ERROR_CLASS_BY_STATUS: dict[int, type[APIError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    404: NotFoundError,
    409: ConflictError,
    429: RateLimitError,
}


def error_from_response(
    status_code: int, content: bytes, headers: Mapping[str, str], *, message: str | None = None
) -> APIError:
    """Reads `{"error": {"type", "message", "param", "request_id"}}` (main API) or
    `{"success": false, "error": "<message>"}` (public article API); any other body becomes the
    message, shortened. `message` replaces the body's (the client knows better: a wrong address)."""
    body = _parsed(content)
    error_class = _ERROR_CLASS_BY_STATUS.get(status_code) or (
        InternalServerError if status_code >= 500 else APIError
    )
    details = _field(body, "error")
    if isinstance(details, dict):
        fields = cast("dict[str, object]", details)
        return error_class(
            message or _text(fields.get("message")) or _no_message(status_code),
            status_code=status_code,
            headers=headers,
            type=_text(fields.get("type")),
            param=_text(fields.get("param")),
            request_id=_text(fields.get("request_id")),
            body=body,
        )
    if isinstance(details, str) and details:
        return error_class(message or details, status_code=status_code, headers=headers, body=body)
    if message is None:
        message = (
            f"{status_code}: {body[:500]}" if isinstance(body, str) and body else _no_message(status_code)
        )
    return error_class(message, status_code=status_code, headers=headers, body=body)


def _field(value: object, name: str) -> object:
    return cast("dict[str, object]", value).get(name) if isinstance(value, dict) else None


def _parsed(content: bytes) -> Any:
    text = content.decode("utf-8", errors="replace")
    try:
        return json.loads(text)
    except ValueError:
        return text


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _no_message(status_code: int) -> str:
    return f"The API answered with status {status_code} and no error message."
