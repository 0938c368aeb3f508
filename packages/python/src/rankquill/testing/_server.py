"""One `rankquill-mock serve` process (the bundled reference server) and its admin routes."""

from __future__ import annotations

import atexit
import json
import os
import posixpath
import subprocess
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar, cast

from .._generated.client_policy import ERROR_EXCERPT_CHARS
from .._generated.operations import OPERATIONS
from ._bundle import server_script
from ._node import MockServerError, find_node

_Server = TypeVar("_Server", bound="MockServer")
# Where the admin routes live: `admin()` takes a path under it, as the CLI's docs name them.
_ADMIN_PATH = posixpath.dirname(OPERATIONS["admin.reset"].path)


@dataclass(frozen=True)
class MockDemo:
    """The seeded demo account of a server: its main API key, first project and public API key.

    Example:
        ```python
        with MockServer.start() as server:
            print(server.demo.api_key, server.demo.project_id, server.demo.public_api_key)
        ```
    """

    api_key: str
    project_id: str
    public_api_key: str


class MockServer:
    """The Rankquill reference server in a child process, on a free port of 127.0.0.1, with an
    in-memory store and (by default) the manual clock: time moves only when `advance()` moves it.
    It stops with `stop()`, at the end of a `with` block, when the interpreter exits, and by itself
    when this process dies without a word (killed): the server holds the other end of a pipe on its
    standard input and shuts down when it closes (`RANKQUILL_EXIT_ON_STDIN_CLOSE=1`, the variable
    of `serve --exit-on-stdin-close`, which a CLI too old to know it ignores).

    Example:
        ```python
        from rankquill import Rankquill
        from rankquill.testing import MockServer

        with MockServer.start() as server:
            api_key = server.create_account()
            with Rankquill(api_key=api_key, base_url=server.api_base_url) as client:
                project = client.projects.create(name="Docs", domain="docs.example")
                job = client.content.create(project.id, keyword="pour over", length=600)
                server.advance(60)
                print(client.content.retrieve(project.id, job.id).status)  # draft
        ```
    """

    def __init__(self, process: subprocess.Popen[str], ready: dict[str, Any]) -> None:
        self._process = process
        self.url: str = ready["url"]
        """The server's root, `http://127.0.0.1:<port>` (the dashboard; admin routes under `/__admin`)."""
        self.api_base_url: str = ready["api_base_url"]
        """The main API, `<url>/v1`: the `base_url` of `Rankquill`."""
        self.content_api_url: str = ready["content_api_url"]
        """The public article API, `<url>/public-article-api`: the `base_url` of `PublicArticles`."""
        self.demo = MockDemo(**ready["demo"])
        """The seeded demo account, shared by every user of the server (`create_account()`: a new one)."""

    @classmethod
    def start(
        cls: type[_Server],
        *args: str,
        clock: str = "manual",
        db: str = ":memory:",
        node: str | Path | None = None,
        script: str | Path | None = None,
        startup_timeout: float = 60.0,
    ) -> _Server:
        """Starts `rankquill-mock serve --port 0 --db <db> --clock <clock> <args...>` and waits for its
        ready line; `args` are more of the CLI's flags (`"--seed", "7"`). Node.js is `node` when
        given, else the one `pip install "rankquill[mock]"` brings, else `node` >= 22.13 on PATH.
        `script` is the `rankquill-mock` CLI to run (default: the one bundled in this package; a
        checkout of the repository passes its `mock-server/dist/cli.js`). Raises `MockServerError`
        when no Node.js is found or the server stops before it is ready. The server is stopped at
        interpreter exit if `stop()` was not called.

        Example:
            ```python
            server = MockServer.start("--seed", "7", clock="manual")
            try:
                print(server.api_base_url)
            finally:
                server.stop()
            ```
        """
        executable = Path(node) if node is not None else find_node()
        command = [
            str(executable),
            str(script if script is not None else server_script()),
            "serve",
            "--port",
            "0",
            "--db",
            db,
            "--clock",
            clock,
        ]
        # stderr is the caller's, so a server that fails to start explains itself in the test output.
        # stdin is a pipe nobody writes to: the server ends when it closes, as it does when this
        # process exits, however it exits.
        process = subprocess.Popen(  # noqa: S603
            [*command, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "RANKQUILL_EXIT_ON_STDIN_CLOSE": "1"},
        )
        ready = _read_ready_line(process, startup_timeout)
        server = cls(process, ready)
        atexit.register(server.stop)
        # Keep reading its output, so a full pipe never blocks the server.
        threading.Thread(target=server._drain, name="rankquill-mock-stdout", daemon=True).start()
        return server

    def admin(self, method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        """Calls an admin route (`/__admin<path>`) and answers its JSON; raises `MockServerError`
        with the server's message on an error answer.

        Example:
            ```python
            print(server.admin("GET", "/clock"))  # {'now': '2026-01-01T00:00:00.000Z', ...}
            ```
        """
        return admin_request(self.url, method, path, body)

    def advance(self, seconds: float) -> str:
        """Moves the manual clock `seconds` forward; generation, webhook retries and rank checks that
        fall due run, in time order, before it returns (and so do the deliveries under way, also
        with `0`). Answers the new time (ISO 8601).

        Example:
            ```python
            server.advance(90)  # an 800-word article is written in 60 s
            ```
        """
        return cast("str", admin_call(self.url, "admin.clock.advance", {"seconds": seconds})["now"])

    def now(self) -> str:
        """The server's current time (ISO 8601).

        Example:
            ```python
            print(server.now())  # 2026-01-01T00:00:00.000Z
            ```
        """
        return cast("str", admin_call(self.url, "admin.clock.retrieve")["now"])

    def create_account(self, plan: str = "agencies", rate_limit: int | None = None) -> str:
        """Creates an account (`agencies`: 2,000 requests an hour) and answers its main API key;
        `rate_limit` (requests an hour) goes with the `enterprise` plan.

        Example:
            ```python
            api_key = server.create_account(plan="essential", rate_limit=3)
            ```
        """
        body: dict[str, Any] = {"plan": plan}
        if rate_limit is not None:
            body["rate_limit"] = rate_limit
        return cast("str", admin_call(self.url, "admin.accounts.create", body)["api_key"])

    def reset(self) -> None:
        """Restores the seeded state, clock included (for every user of this server).

        Example:
            ```python
            server.reset()  # seeded state again, clock included
            ```
        """
        admin_call(self.url, "admin.reset", {})

    def stop(self) -> None:
        """Stops the server (SIGTERM, then SIGKILL after 10 s); calling it again does nothing.

        Example:
            ```python
            server = MockServer.start()
            server.stop()  # or: with MockServer.start() as server:
            ```
        """
        atexit.unregister(self.stop)
        if self._process.stdin is not None and not self._process.stdin.closed:
            self._process.stdin.close()
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()

    def __enter__(self) -> MockServer:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()

    def _drain(self) -> None:
        assert self._process.stdout is not None
        for _ in self._process.stdout:
            pass


def admin_call(
    root_url: str,
    operation_id: str,
    body: dict[str, Any] | None = None,
    *,
    query: Mapping[str, str] | None = None,
    path_ids: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """Calls an admin operation of the table (`admin.clock.advance`) on the server at `root_url`,
    with a JSON body, the query parameters `query` and the path placeholders `path_ids`
    (`{"fault_id": "flt_…"}`); answers the JSON of the answer (`{}` for an empty one)."""
    operation = OPERATIONS[operation_id]
    path = operation.path
    for name, value in (path_ids or {}).items():
        path = path.replace(f"{{{name}}}", urllib.parse.quote(value, safe=""))
    return _admin_send(root_url, operation.method, path, body, query)


def admin_request(
    root_url: str, method: str, path: str, body: dict[str, Any] | None = None
) -> dict[str, Any]:
    """`method /__admin<path>` on the server at `root_url`, with a JSON body (the admin routes take
    no other); answers the JSON of the answer."""
    return _admin_send(root_url, method, f"{_ADMIN_PATH}{path}", body, None)


def _admin_send(
    root_url: str,
    method: str,
    path: str,
    body: dict[str, Any] | None,
    query: Mapping[str, str] | None,
) -> dict[str, Any]:
    if not root_url.startswith(("http://", "https://")):
        raise MockServerError(f"The mock server's address must be http(s)://...; got {root_url!r}.")
    # The query may hold a key: it goes in the URL, never in an error message.
    url = f"{root_url.rstrip('/')}{path}" + (f"?{urllib.parse.urlencode(query)}" if query else "")
    request = urllib.request.Request(  # noqa: S310 (http or https, checked above)
        url,
        data=None if body is None else json.dumps(body).encode(),
        headers={"content-type": "application/json"},
        method=method,
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:  # noqa: S310
            text = answer.read()
            return cast("dict[str, Any]", json.loads(text)) if text else {}
    except urllib.error.HTTPError as error:
        text = error.read().decode("utf-8", errors="replace")
        raise MockServerAdminError(method, path, error.code, *_error_of(text)) from None


class MockServerAdminError(MockServerError):
    """An admin route of the mock server refused the call: a mistake in what was asked (a 400 names
    the field, `param`, and the fix; an unknown operation id lists the valid ones) or a 404 for
    what is not there. The message is the server's own.

    Example:
        ```python
        from rankquill.testing import MockServerAdminError

        try:
            rankquill_mock.fail("content.creat", 503)
        except MockServerAdminError as error:
            print(error.status_code, error.param)  # 400 operation
        ```
    """

    def __init__(self, method: str, path: str, status_code: int, message: str, param: str | None) -> None:
        super().__init__(f"{method} {path} answered {status_code}: {message}")
        self.status_code = status_code
        """The HTTP status of the answer (400, 404, ...)."""
        self.param = param
        """The field the server found wrong, when it named one."""


def _error_of(text: str) -> tuple[str, str | None]:
    """The `message` (whole) and `param` of the service's error body; anything else, cut to an
    excerpt."""
    try:
        error = json.loads(text)["error"]
        param = error.get("param")
        return str(error["message"]), param if isinstance(param, str) else None
    except (ValueError, KeyError, TypeError, AttributeError):
        return text[:ERROR_EXCERPT_CHARS], None


def _read_ready_line(process: subprocess.Popen[str], timeout: float) -> dict[str, Any]:
    assert process.stdout is not None
    lines: list[str] = []
    reader = threading.Thread(
        target=lambda: lines.append(process.stdout.readline() if process.stdout else "")
    )
    reader.start()
    reader.join(timeout)
    if reader.is_alive() or not lines or not lines[0]:
        code = _kill(process)
        raise MockServerError(
            f"rankquill-mock serve stopped (exit code {code}) before it printed its ready line"
            if not reader.is_alive()
            else f"rankquill-mock serve printed no ready line within {timeout:g} s"
        )
    try:
        return cast("dict[str, Any]", json.loads(lines[0]))
    except ValueError:
        _kill(process)
        raise MockServerError(
            f"rankquill-mock serve printed {lines[0][:200]!r}, not its ready line"
        ) from None


def _kill(process: subprocess.Popen[str]) -> int:
    """Kills a server that did not start, closes the pipe to its stdin and answers its exit code."""
    process.kill()
    code = process.wait()
    if process.stdin is not None:
        process.stdin.close()
    return code
