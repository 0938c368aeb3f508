"""Real HTTP servers on loopback for the receiver's WSGI and ASGI apps."""

from __future__ import annotations

import socket
import threading
from collections.abc import Generator
from contextlib import contextmanager
from socketserver import ThreadingMixIn
from typing import Any, Literal
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

import uvicorn


class _ThreadingWSGIServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def serve_wsgi(app: Any) -> Generator[str, None, None]:
    """Serves a WSGI app with the standard library's server; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, server_class=_ThreadingWSGIServer, handler_class=_QuietHandler)
    thread = threading.Thread(target=server.serve_forever, args=(0.01,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def serve_asgi(app: Any, lifespan: Literal["auto", "on", "off"] = "on") -> Generator[str, None, None]:
    """Serves an ASGI app with uvicorn; yields its base URL. `lifespan="auto"` for an app without
    lifespan support (Django's), as `uvicorn` run from the command line does by default."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan=lifespan))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        if not thread.is_alive():
            raise RuntimeError("uvicorn stopped before it started")
        threading.Event().wait(0.01)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()
