"""When a failed attempt is tried again, and after how long."""

from __future__ import annotations

import email.utils
import random as _random
import time
from collections.abc import Callable, Mapping

MAX_RETRY_AFTER = 60.0
"""Longest wait, in seconds, the client accepts from `Retry-After` or `X-RateLimit-Reset`."""

RETRIED_STATUSES = frozenset({408, 429})

# A reset header below this many seconds is a wait; above it, a Unix time (as ky reads them).
_EARLIEST_RESET_TIMESTAMP = 1_704_067_200  # 2024-01-01


def retry_delay(
    status_code: int | None,
    headers: Mapping[str, str],
    retry_number: int,
    *,
    now: Callable[[], float] = time.time,
    random: Callable[[], float] = _random.random,
) -> float | None:
    """Seconds to wait before retry number `retry_number` (1 for the first), or `None` when the
    failure is not retried. `headers` has lower-case names; `now` (Unix seconds) reads header
    dates and reset times, `random` (0 to 1) picks the jitter: tests pass fixed ones.

    `status_code` is `None` for a connection error or a timeout. Retried: those, 408, 429 and 5xx,
    for every method (POSTs carry an `Idempotency-Key`, so a retry never acts twice). The wait
    doubles from 0.5 s up to 8 s with up to 25% jitter; on 429 and 503 the server's `Retry-After`
    (or `X-RateLimit-Reset`) decides instead; a `Retry-After` of more than a minute is not waited
    for: the error goes to the caller at once (see `RateLimitError.retry_after`).
    """
    if status_code is None:
        return _backoff(retry_number, random())
    if status_code not in RETRIED_STATUSES and not 500 <= status_code <= 599:
        return None
    retry_after = headers.get("retry-after")
    retry_after_wait = None if retry_after is None else _wait_of(retry_after, now(), may_be_timestamp=False)
    if retry_after_wait is not None and retry_after_wait > MAX_RETRY_AFTER:
        return None
    if status_code in (429, 503):
        reset = headers.get("x-ratelimit-reset")
        if retry_after_wait is not None:
            return retry_after_wait
        if reset is not None:
            reset_wait = _wait_of(reset, now(), may_be_timestamp=True)
            if reset_wait is not None:
                return min(reset_wait, MAX_RETRY_AFTER)
    return _backoff(retry_number, random())


def _backoff(retry_number: int, random: float) -> float:
    return min(0.5 * 2.0 ** (retry_number - 1), 8.0) * (1 - random * 0.25)


def _wait_of(value: str, now: float, *, may_be_timestamp: bool) -> float | None:
    """A header's wait in seconds: a number of seconds, an HTTP date, or (reset) Unix seconds."""
    value = value.strip()
    if value.isdigit():
        seconds = float(value)
        if may_be_timestamp and seconds >= _EARLIEST_RESET_TIMESTAMP:
            return max(0.0, seconds - now)
        return seconds
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, at.timestamp() - now)
