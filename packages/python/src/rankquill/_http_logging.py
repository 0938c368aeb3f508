"""Keeps the HTTP library's request log lines off the requests this package sends. httpx2 logs
each request's URL whole at INFO (`HTTP Request: GET https://…/download?expires=…&signature=…`),
and a signed download link's query is a credential for an hour. While a client sends, httpx2's
records are dropped; the transport logs its own line, without the query, on the `rankquill`
logger. Other code's httpx2 requests log as before: the filter looks only at this package's."""

from __future__ import annotations

import logging
from collections.abc import Generator
from contextlib import contextmanager
from contextvars import ContextVar

# The logger httpx2's `Client.send` writes its "HTTP Request: …" line to.
_LIBRARY_LOGGER = "httpx2"

# Per thread and per asyncio task: one client's request never hides another's lines.
_sending: ContextVar[bool] = ContextVar("rankquill_sending", default=False)


class _DropOurRequests(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not _sending.get()


_FILTER = _DropOurRequests()


def install() -> None:
    """Adds the filter to httpx2's logger (once; adding it again changes nothing)."""
    logging.getLogger(_LIBRARY_LOGGER).addFilter(_FILTER)


install()


@contextmanager
def sending() -> Generator[None, None, None]:
    """Marks the block as this package sending a request: httpx2 logs nothing in it."""
    token = _sending.set(True)
    try:
        yield
    finally:
        _sending.reset(token)
