"""`client.with_raw_response`: a method's parsed value together with its HTTP answer."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Generic, ParamSpec, TypeVar

from ._rate_limit import RateLimit, parse_rate_limit

T = TypeVar("T")
P = ParamSpec("P")


@dataclass(frozen=True)
class RawResponse(Generic[T]):
    """What `client.with_raw_response.<resource>.<method>(...)` answers.

    Example:
        ```python
        raw = client.with_raw_response.projects.retrieve("proj_123")
        print(raw.status_code, raw.request_id, raw.rate_limit)
        project = raw.parse()
        ```
    """

    status_code: int
    """HTTP status of the answer."""
    headers: Mapping[str, str]
    """Headers of the answer (names in any case)."""
    data: T
    """What the method itself returns."""

    @property
    def request_id(self) -> str | None:
        """Id of the request (`X-Request-Id`); quote it when reporting a problem."""
        return self.headers.get("x-request-id")

    @property
    def rate_limit(self) -> RateLimit | None:
        """The account's request budget after this call, from the `X-RateLimit-*` headers."""
        return parse_rate_limit(self.headers)

    def parse(self) -> T:
        """The value the method returns (`data`).

        Example:
            ```python
            raw = client.with_raw_response.projects.retrieve("proj_123")
            project = raw.parse()  # the same as raw.data
            ```
        """
        return self.data


class _ResponseCapture:
    """Where the transport leaves the status and headers of the answer a wrapped call got."""

    status_code: int = 0
    headers: Mapping[str, str] = {}


_capture: ContextVar[_ResponseCapture | None] = ContextVar("rankquill_response_capture", default=None)


def record_response(status_code: int, headers: Mapping[str, str]) -> None:
    """Called by the transport for every 2xx answer; keeps it when a raw-response call is running."""
    capture = _capture.get()
    if capture is not None:
        capture.status_code = status_code
        capture.headers = headers


def to_raw_response(method: Callable[P, T]) -> Callable[P, RawResponse[T]]:
    """The same method, answering a `RawResponse` around its value."""

    @functools.wraps(method)
    def wrapped(*args: P.args, **kwargs: P.kwargs) -> RawResponse[T]:
        capture = _ResponseCapture()
        token = _capture.set(capture)
        try:
            data = method(*args, **kwargs)
        finally:
            _capture.reset(token)
        return RawResponse(capture.status_code, capture.headers, data)

    return wrapped


def async_to_raw_response(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[RawResponse[T]]]:
    """The same async method, answering a `RawResponse` around its value."""

    @functools.wraps(method)
    async def wrapped(*args: P.args, **kwargs: P.kwargs) -> RawResponse[T]:
        capture = _ResponseCapture()
        token = _capture.set(capture)
        try:
            data = await method(*args, **kwargs)
        finally:
            _capture.reset(token)
        return RawResponse(capture.status_code, capture.headers, data)

    return wrapped
