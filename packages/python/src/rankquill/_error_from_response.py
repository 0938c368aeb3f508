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
from ._generated.client_policy import ERROR_EXCERPT_CHARS

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
    text = content.decode("utf-8", errors="replace")
    body = _parsed(text)
    error_class = _ERROR_CLASS_BY_STATUS.get(status_code) or (
        InternalServerError if status_code >= 500 else APIError
    )
    details = _field(body, "error")
    fields = _object_fields(details)
    return error_class(
        message or _message_of(status_code, text, _text(details), fields),
        status_code=status_code,
        headers=headers,
        type=_text(fields.get("type")),
        param=_text(fields.get("param")),
        request_id=_text(fields.get("request_id")),
        body=body,
    )


def _message_of(status_code: int, text: str, error_text: str | None, fields: dict[str, object]) -> str:
    """`error.message`; else `error` itself when it is text; else the start of the body; else a
    sentence saying there was none (packages/contract/vectors/errors.json)."""
    found = fields.get("message")
    if isinstance(found, str):
        return found
    if error_text:
        return error_text
    if text.strip():
        return f"{status_code}: {text[:ERROR_EXCERPT_CHARS]}"
    return f"The API answered with status {status_code} and no error message."


def _object_fields(value: object) -> dict[str, object]:
    return cast("dict[str, object]", value) if isinstance(value, dict) else {}


def _field(value: object, name: str) -> object:
    return cast("dict[str, object]", value).get(name) if isinstance(value, dict) else None


def _parsed(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None
