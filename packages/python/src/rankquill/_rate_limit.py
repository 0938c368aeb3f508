"""The account's request budget, read from an answer's headers."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class RateLimit:
    """The `X-RateLimit-*` headers of an answer.

    Example:
        ```python
        raw = client.with_raw_response.projects.list()
        if raw.rate_limit and raw.rate_limit.remaining < 10:
            print("slow down until", raw.rate_limit.reset_at)
        ```
    """

    limit: int
    """Requests allowed per rolling hour."""
    remaining: int
    """Requests left in the current window."""
    reset_at: _dt.datetime
    """When one more request becomes available (UTC)."""


def parse_rate_limit(headers: Mapping[str, str]) -> RateLimit | None:
    """The rate limit of an answer; `None` when any of the three headers is absent or not a number."""
    try:
        limit = int(headers["x-ratelimit-limit"])
        remaining = int(headers["x-ratelimit-remaining"])
        reset = int(headers["x-ratelimit-reset"])
    except (KeyError, ValueError):
        return None
    return RateLimit(limit, remaining, _dt.datetime.fromtimestamp(reset, tz=_dt.timezone.utc))
