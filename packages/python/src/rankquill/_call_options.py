"""What one call may change: its timeout, extra headers, its Idempotency-Key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ._types import NOT_GIVEN, NotGiven


@dataclass(frozen=True)
class CallOptions:
    """The per-call arguments every method takes, gathered for the transport."""

    extra_headers: Mapping[str, str] | None = None
    timeout: float | NotGiven = NOT_GIVEN
    idempotency_key: str | None = None


NO_OPTIONS = CallOptions()
