"""Request headers as any server hands them over, read by lower-case name."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import cast

HeadersInput = Mapping[str, str] | Iterable[tuple[str, str]] | Iterable[tuple[bytes, bytes]]
"""A mapping of names to values (any case), or `(name, value)` pairs of `str` or `bytes` (ASGI)."""


def lower_case_headers(headers: HeadersInput) -> dict[str, str]:
    """The headers keyed by lower-case name; of repeated headers, the first wins."""
    pairs = cast(
        "Iterable[tuple[str | bytes, str | bytes]]",
        headers.items() if isinstance(headers, Mapping) else headers,
    )
    result: dict[str, str] = {}
    for name, value in pairs:
        key = name.decode("latin-1") if isinstance(name, bytes) else name
        text = value.decode("latin-1") if isinstance(value, bytes) else value
        result.setdefault(key.lower(), text)
    return result
