"""When a failed attempt is tried again, and after how long (packages/contract/vectors/retries.json)."""

from __future__ import annotations

import datetime as _dt
import email.utils
import random as _random
import re
import time
from collections.abc import Callable, Mapping

from ._generated.client_policy import (
    RETRY_EARLIEST_RESET_TIMESTAMP_SECONDS,
    RETRY_INITIAL_DELAY_SECONDS,
    RETRY_JITTER,
    RETRY_MAX_DELAY_SECONDS,
    RETRY_MAX_SERVER_WAIT_SECONDS,
    RETRY_SERVER_WAIT_STATUSES,
    RETRY_STATUSES,
)

_WHOLE_SECONDS = re.compile(r"[0-9]+")


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
    decides instead, or without it `X-RateLimit-Reset` when `X-RateLimit-Remaining` is `0` and the
    reset is still ahead; a `Retry-After` of more than a minute is not waited for: the error goes
    to the caller at once (see `RateLimitError.retry_after`).

    Example:
        ```python
        retry_delay(429, {"retry-after": "3"}, 1)  # 3.0
        retry_delay(None, {}, 2, random=lambda: 0.0)  # 1.0: the second backoff, no jitter
        ```
    """
    if status_code is not None and status_code not in RETRY_STATUSES and not 500 <= status_code <= 599:
        return None
    retry_after = headers.get("retry-after")
    retry_after_wait = None if retry_after is None else _wait_of(retry_after, now(), may_be_timestamp=False)
    if retry_after_wait is not None and retry_after_wait > RETRY_MAX_SERVER_WAIT_SECONDS:
        return None
    if status_code in RETRY_SERVER_WAIT_STATUSES:
        if retry_after_wait is not None:
            return retry_after_wait
        reset_wait = _spent_limit_wait(headers, now())
        if reset_wait is not None:
            return min(reset_wait, RETRY_MAX_SERVER_WAIT_SECONDS)
    backoff = RETRY_INITIAL_DELAY_SECONDS * 2.0 ** min(retry_number - 1, 64)
    return min(backoff, RETRY_MAX_DELAY_SECONDS) * (1 - random() * RETRY_JITTER)


def _spent_limit_wait(headers: Mapping[str, str], now: float) -> float | None:
    """The wait `X-RateLimit-Reset` asks for, only when `X-RateLimit-Remaining` is `0` (the limit
    is spent) and the reset lies ahead. While requests remain the reset is "now", which says
    nothing about an outage: clients that all retried at once would hit the service in step."""
    reset = headers.get("x-ratelimit-reset")
    if reset is None or headers.get("x-ratelimit-remaining", "").strip() != "0":
        return None
    wait = _wait_of(reset, now, may_be_timestamp=True)
    return wait if wait is not None and wait > 0 else None


def _wait_of(value: str, now: float, *, may_be_timestamp: bool) -> float | None:
    """A header's wait in seconds: whole seconds, an HTTP date, or (a reset) Unix seconds; `None`
    when it is none of those."""
    value = value.strip()
    if _WHOLE_SECONDS.fullmatch(value):
        seconds = float(value)
        if may_be_timestamp and seconds >= RETRY_EARLIEST_RESET_TIMESTAMP_SECONDS:
            return max(0.0, seconds - now)
        return seconds
    try:
        at = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if at.tzinfo is None:  # a date without a zone is read as GMT, as HTTP dates are
        at = at.replace(tzinfo=_dt.timezone.utc)
    return max(0.0, at.timestamp() - now)
