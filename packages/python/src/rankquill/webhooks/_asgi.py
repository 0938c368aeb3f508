"""The receiver as an ASGI application (FastAPI, Starlette, Django's ASGI, any ASGI server)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import TYPE_CHECKING, Any

from ._wsgi import DEFAULT_MAX_BODY_BYTES

if TYPE_CHECKING:
    from ._receiver import WebhookReceiver, WebhookResult

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApplication = Callable[[Scope, Receive, Send], Awaitable[None]]


def make_asgi_app(
    receiver: WebhookReceiver,
    *,
    path: str | None = None,
    fallback: ASGIApplication | None = None,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
) -> ASGIApplication:
    """See `WebhookReceiver.asgi_app`."""
    from ._receiver import WebhookResult

    async def app(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or (path is not None and scope.get("path") != path):
            if fallback is not None:
                await fallback(scope, receive, send)
            elif scope["type"] == "lifespan":
                await _lifespan(receive, send)
            elif scope["type"] == "http":
                await _answer(
                    send, WebhookResult(404, {"error": f"Not found: deliveries go to POST {path}."})
                )
            return
        if scope.get("method") != "POST":
            await _answer(send, WebhookResult(405, {"error": "Deliveries are POSTs."}), [(b"allow", b"POST")])
            return
        headers: list[tuple[bytes, bytes]] = list(scope.get("headers", []))
        refused = receiver.check_service_key(headers)
        if refused is not None:
            await _answer(send, refused)
            return
        body = await _read_body(receive, max_body_bytes)
        if body is None:
            message = f"The body is larger than {max_body_bytes} bytes; an article delivery is far smaller."
            await _answer(send, WebhookResult(413, {"error": message}))
            return
        # Stores and handlers are plain functions: they run in a thread, away from the event loop.
        await _answer(send, await asyncio.to_thread(receiver.handle, headers, body))

    return app


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


async def _answer(send: Send, result: WebhookResult, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = result.json_bytes()
    headers = [
        (b"content-type", b"application/json; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
    ]
    await send(
        {"type": "http.response.start", "status": result.status, "headers": [*headers, *(extra or [])]}
    )
    await send({"type": "http.response.body", "body": body})
