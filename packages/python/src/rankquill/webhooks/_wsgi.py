"""The receiver as a WSGI application (Flask, Django, any WSGI server)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._receiver import WebhookReceiver, WebhookResult

StartResponse = Callable[..., Any]
WSGIEnvironment = dict[str, Any]
WSGIApplication = Callable[[WSGIEnvironment, StartResponse], Iterable[bytes]]

DEFAULT_MAX_BODY_BYTES = 1024 * 1024


def make_wsgi_app(
    receiver: WebhookReceiver,
    *,
    path: str | None = None,
    fallback: WSGIApplication | None = None,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
) -> WSGIApplication:
    """See `WebhookReceiver.wsgi_app`."""
    from ._receiver import WebhookResult

    def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if path is not None and environ.get("PATH_INFO", "") != path:
            if fallback is not None:
                return fallback(environ, start_response)
            return _answer(start_response, _error(404, f"Not found: deliveries go to POST {path}."))
        if environ.get("REQUEST_METHOD") != "POST":
            return _answer(start_response, _error(405, "Deliveries are POSTs."), [("allow", "POST")])
        headers = _headers_of(environ)
        refused = receiver.check_service_key(headers)
        if refused is not None:
            return _answer(start_response, refused)
        declared = environ.get("CONTENT_LENGTH") or ""
        if declared.isdigit() and int(declared) > max_body_bytes:
            return _answer(start_response, _too_large(max_body_bytes))
        stream = environ["wsgi.input"]
        body: bytes = stream.read(int(declared)) if declared.isdigit() else stream.read(max_body_bytes + 1)
        if len(body) > max_body_bytes:
            return _answer(start_response, _too_large(max_body_bytes))
        return _answer(start_response, receiver.handle(headers, body))

    def _error(status: int, message: str) -> WebhookResult:
        return WebhookResult(status, {"error": message})

    def _too_large(limit: int) -> WebhookResult:
        return _error(413, f"The body is larger than {limit} bytes; an article delivery is far smaller.")

    return app


def _headers_of(environ: WSGIEnvironment) -> dict[str, str]:
    headers = {
        name[5:].replace("_", "-").lower(): value
        for name, value in environ.items()
        if name.startswith("HTTP_")
    }
    if environ.get("CONTENT_TYPE"):
        headers["content-type"] = environ["CONTENT_TYPE"]
    return headers


def _answer(
    start_response: StartResponse, result: WebhookResult, extra: list[tuple[str, str]] | None = None
) -> list[bytes]:
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
