"""Request headers in every form a server or framework hands over, read by lower-case name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

HeadersInput = Mapping[str, Any] | Iterable[tuple[Any, Any]]
"""Any of:

- a mapping of names to values, names in any case: a `dict`, Flask's `request.headers`, Django's
  `request.headers`, Starlette's `request.headers`;
- a WSGI environ or Django's `request.META`: `HTTP_X_SERVICE_KEY` is `x-service-key`, and
  `CONTENT_TYPE`/`CONTENT_LENGTH` are `content-type`/`content-length`;
- `(name, value)` pairs of `str` or `bytes` (ASGI's `scope["headers"]`);
- values that are lists or tuples of strings (the first one counts).
"""

_CGI_UNPREFIXED = {"CONTENT_TYPE": "content-type", "CONTENT_LENGTH": "content-length"}


def lower_case_headers(headers: HeadersInput) -> dict[str, str]:
    """The headers keyed by lower-case name; of repeated headers, the first wins. Values that are
    not text (a WSGI environ's `wsgi.input`, ...) are left out."""
    result: dict[str, str] = {}
    for name, value in _pairs(headers):
        key = name.decode("latin-1") if isinstance(name, bytes) else name
        text = _text_of(value)
        if not isinstance(key, str) or text is None:
            continue
        result.setdefault(_header_name(key), text)
    return result


def _pairs(headers: HeadersInput) -> Iterable[tuple[Any, Any]]:
    # Mappings and header objects (werkzeug's Headers is not a Mapping) expose items().
    items = getattr(headers, "items", None)
    if callable(items):
        return cast("Iterable[tuple[Any, Any]]", items())
    return cast("Iterable[tuple[Any, Any]]", headers)


def _text_of(value: object) -> str | None:
    if isinstance(value, (list, tuple)):
        sequence = cast("list[object] | tuple[object, ...]", value)
        return _text_of(sequence[0]) if sequence else None
    if isinstance(value, bytes):
        return value.decode("latin-1")
    return value if isinstance(value, str) else None


def _header_name(name: str) -> str:
    if name in _CGI_UNPREFIXED:
        return _CGI_UNPREFIXED[name]
    if name[:5].upper() == "HTTP_":
        return name[5:].replace("_", "-").lower()
    return name.lower()
