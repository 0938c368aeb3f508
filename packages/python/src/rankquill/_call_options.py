"""What one call may change: its timeout, retries, extra headers, its Idempotency-Key."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ._settings import checked_retries
from ._types import NOT_GIVEN, NotGiven


@dataclass(frozen=True)
class CallOptions:
    """The per-call arguments every method takes, gathered for the transport. `max_retries` is
    checked here, as the client's own is, so a wrong one fails before any request."""

    extra_headers: Mapping[str, str] | None = None
    timeout: float | NotGiven = NOT_GIVEN
    max_retries: int | NotGiven = NOT_GIVEN
    idempotency_key: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.max_retries, NotGiven):
            checked_retries(self.max_retries)


NO_OPTIONS = CallOptions()
