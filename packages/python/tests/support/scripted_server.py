"""A small real HTTP server on loopback that answers what a test scripts: statuses the reference
server never gives (500 then 200), slow answers, large streamed files."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class ScriptedAnswer:
    status: int = 200
    headers: Mapping[str, str] = field(default_factory=lambda: {"content-type": "application/json"})
    body: bytes | Callable[[], Iterable[bytes]] = b"{}"
    """The body, or a function making its chunks (sent with chunked transfer encoding)."""
    delay: float = 0.0
    """Seconds to wait before answering."""


@dataclass(frozen=True)
class SeenRequest:
    method: str
    path: str
    headers: Mapping[str, str]
    body: bytes


class ScriptedServer:
    """Answers each request with the next scripted answer (the last one repeats)."""

    def __init__(self, answers: Iterable[ScriptedAnswer]) -> None:
        self._answers = list(answers)
        self.requests: list[SeenRequest] = []
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                pass

            def _answer(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length) if length else b""
                headers = {name.lower(): value for name, value in self.headers.items()}
                server.requests.append(SeenRequest(self.command, self.path, headers, body))
                index = min(len(server.requests), len(server._answers)) - 1
                answer = server._answers[index]
                time.sleep(answer.delay)
                self.send_response(answer.status)
                for name, value in answer.headers.items():
                    self.send_header(name, value)
                if callable(answer.body):
                    self.send_header("transfer-encoding", "chunked")
                    self.end_headers()
                    for chunk in answer.body():
                        self.wfile.write(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
                    self.wfile.write(b"0\r\n\r\n")
                else:
                    self.send_header("content-length", str(len(answer.body)))
                    self.end_headers()
                    self.wfile.write(answer.body)

            do_GET = do_POST = do_PUT = do_DELETE = _answer  # noqa: N815 - http.server's names

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, args=(0.01,), daemon=True)

    def __enter__(self) -> ScriptedServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()


def json_answer(status: int, body: str, **headers: str) -> ScriptedAnswer:
    return ScriptedAnswer(status, {"content-type": "application/json", **headers}, body.encode())


def chunks(total: int, size: int = 64 * 1024) -> Callable[[], Iterator[bytes]]:
    """A body of `total` bytes made a chunk at a time, never held whole."""

    def make() -> Iterator[bytes]:
        sent = 0
        while sent < total:
            chunk = b"x" * min(size, total - sent)
            sent += len(chunk)
            yield chunk

    return make
