"""The receiver as a WSGI application (Flask, Django, any WSGI server)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from http import HTTPStatus
from typing import Any

from ._result import METHOD_NOT_ALLOWED, DeliveryReceiver, WebhookResult, fail, too_large

StartResponse = Callable[..., Any]
WSGIEnvironment = dict[str, Any]
WSGIApplication = Callable[[WSGIEnvironment, StartResponse], Iterable[bytes]]


def make_wsgi_app(
    receiver: DeliveryReceiver,
    *,
    path: str | None = None,
    fallback: WSGIApplication | None = None,
) -> WSGIApplication:
    """See `WebhookReceiver.wsgi_app`."""

    def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if path is not None and environ.get("PATH_INFO", "") != path:
            if fallback is not None:
                return fallback(environ, start_response)
            return answer(start_response, fail(404, f"Not found: deliveries go to POST {path}."))
        if environ.get("REQUEST_METHOD") != "POST":
            return answer(start_response, METHOD_NOT_ALLOWED, [("allow", "POST")])
        refused = receiver.check_service_key(environ)
        if refused is not None:
            return answer(start_response, refused)
        limit = receiver.max_body_bytes
        declared = str(environ.get("CONTENT_LENGTH") or "")
        if declared.isdigit() and int(declared) > limit:
            return answer(start_response, too_large(limit))
        # Never more than limit + 1 bytes, whatever the client declared or streams.
        body: bytes = environ["wsgi.input"].read(int(declared) if declared.isdigit() else limit + 1)
        if len(body) > limit:
            return answer(start_response, too_large(limit))
        return answer(start_response, receiver.handle(environ, body))

    return app


def answer(
    start_response: StartResponse,
    result: WebhookResult,
    extra: list[tuple[str, str]] | None = None,
) -> list[bytes]:
    """Sends `result` as JSON through `start_response`."""
    body = result.json_bytes()
    start_response(
        f"{result.status} {HTTPStatus(result.status).phrase}",
        [
            ("content-type", "application/json; charset=utf-8"),
            ("content-length", str(len(body))),
            *(extra or []),
        ],
    )
    return [body]
