"""The receiver as an ASGI application (FastAPI, Starlette, Django's ASGI, any ASGI server)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from ._headers import lower_case_headers
from ._result import METHOD_NOT_ALLOWED, DeliveryReceiver, WebhookResult, fail, too_large

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApplication = Callable[[Scope, Receive, Send], Awaitable[None]]


class ReceiverASGIApp:
    """See `WebhookReceiver.asgi_app`. An object rather than a function, so that Starlette's
    `Route` (and FastAPI's `add_route`) call it as an ASGI app for every method."""

    def __init__(
        self, receiver: DeliveryReceiver, path: str | None, fallback: ASGIApplication | None
    ) -> None:
        self._receiver = receiver
        self._path = path
        self._fallback = fallback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or (self._path is not None and scope.get("path") != self._path):
            if self._fallback is not None:
                await self._fallback(scope, receive, send)
            elif scope["type"] == "lifespan":
                await _lifespan(receive, send)
            elif scope["type"] == "http":
                await answer(send, fail(404, f"Not found: deliveries go to POST {self._path}."))
            return
        if scope.get("method") != "POST":
            await answer(send, METHOD_NOT_ALLOWED, [(b"allow", b"POST")])
            return
        headers: list[tuple[bytes, bytes]] = list(scope.get("headers", []))
        refused = self._receiver.check_service_key(headers)
        if refused is not None:
            await answer(send, refused)
            return
        limit = self._receiver.max_body_bytes
        declared = lower_case_headers(headers).get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await answer(send, too_large(limit))
            return
        body = await _read_body(receive, limit)
        if body is None:
            await answer(send, too_large(limit))
            return
        # Stores and handlers are plain functions: they run in a thread, away from the event loop.
        await answer(send, await asyncio.to_thread(self._receiver.handle, headers, body))


async def _read_body(receive: Receive, limit: int) -> bytes | None:
    """The request body, or None as soon as it grows past `limit` bytes."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(chunks)
        chunk: bytes = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


async def _lifespan(receive: Receive, send: Send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


async def answer(send: Send, result: WebhookResult, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    """Sends `result` as JSON."""
    body = result.json_bytes()
    headers = [
        (b"content-type", b"application/json; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send(
        {"type": "http.response.start", "status": result.status, "headers": [*headers, *(extra or [])]}
    )
    await send({"type": "http.response.body", "body": body})
