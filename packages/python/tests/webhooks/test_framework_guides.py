"""The framework guides of docs/python-webhooks.md, run as written: each snippet is copied out of
the Markdown into the file its first line names, served by the framework's real server on
loopback (Flask by werkzeug's, Django's WSGI handler by werkzeug's and its ASGI handler by
uvicorn, FastAPI by uvicorn), and put through the same checks: a real delivery from the reference
server sets the article's `published_url`, deliveries signed by the Standard Webhooks libraries
(`standardwebhooks`, `svix`) pass, a wrong key, a missing field, a 5 MiB body, a GET and a
tampered signature are refused, and the article page is served at the answered URL."""

# The frameworks ship without complete type information; their objects are handled as Any here.
from __future__ import annotations

import datetime as _dt
import importlib
import importlib.util
import json
import re
import sys
import threading
from collections.abc import Callable, Generator, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx2
import pytest
from standardwebhooks.webhooks import Webhook as StandardWebhook
from svix.webhooks import Webhook as SvixWebhook
from werkzeug.serving import make_server

from rankquill import Rankquill
from rankquill.webhooks import ARTICLE_PAGE_CSP, WebhookReceiver, signature_headers

from ..support.app_servers import serve_asgi
from ..support.mock_server import REPO_ROOT, MockServer

GUIDE = REPO_ROOT / "docs" / "python-webhooks.md"
SECRET = "rq_whsec_framework_guides"
_SECTION = re.compile(r"^## (.+)$", re.MULTILINE)
_BLOCK = re.compile(r"^```python\n# (\S+)\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def guide_files() -> dict[str, dict[str, str]]:
    """Per section of the guide, its snippets by the file path their first line names."""
    text = GUIDE.read_text()
    headings = list(_SECTION.finditer(text))
    files: dict[str, dict[str, str]] = {}
    for index, heading in enumerate(headings):
        end = headings[index + 1].start() if index + 1 < len(headings) else len(text)
        blocks = _BLOCK.finditer(text, heading.end(), end)
        found = {block.group(1): f"# {block.group(1)}\n{block.group(2)}" for block in blocks}
        if found:
            files[heading.group(1)] = found
    return files


def write_files(files: dict[str, str], directory: Path) -> None:
    for name, code in files.items():
        path = directory / name
        path.parent.mkdir(parents=True, exist_ok=True)
        (path.parent / "__init__.py").touch()
        path.write_text(code)


@contextmanager
def serve_werkzeug(app: Any) -> Generator[str, None, None]:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)


def load(path: Path, name: str) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@dataclass
class Setup:
    server: MockServer
    client: Rankquill
    signing_secret: str
    directory: Path


@pytest.fixture(scope="module")
def setup(mock_server: MockServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Setup]:
    mock_server.reset()
    directory = tmp_path_factory.mktemp("guides")
    with Rankquill(api_key=mock_server.demo.api_key, base_url=mock_server.api_base_url) as client:
        # The signing secret comes with the PUT that first sets the webhook; later URLs keep it.
        project = client.projects.update(
            mock_server.demo.project_id, webhook={"url": "http://127.0.0.1:9/webhook", "secret": SECRET}
        )
        assert project.webhook is not None
        assert project.webhook.signing_secret is not None
        yield Setup(mock_server, client, project.webhook.signing_secret, directory)


def flask_app(setup: Setup, directory: Path) -> AbstractContextManager[str]:
    write_files(guide_files()["Flask"], directory)
    return serve_werkzeug(load(directory / "app.py", "guide_flask_app").app)


def django_module(setup: Setup, name: str) -> Any:
    directory = setup.directory / "django"
    if not (directory / "mysite" / "settings.py").exists():
        write_files(guide_files()["Django"], directory)
        # The project's own settings: not part of the guide, which adds nothing to them.
        (directory / "mysite" / "settings.py").write_text(
            'SECRET_KEY = "guide-test"\nDEBUG = False\nALLOWED_HOSTS = ["127.0.0.1"]\n'
            'ROOT_URLCONF = "mysite.urls"\nINSTALLED_APPS: list[str] = []\nUSE_TZ = True\n'
        )
        sys.path.insert(0, str(directory))
    return importlib.import_module(name)


def django_wsgi(setup: Setup, directory: Path) -> AbstractContextManager[str]:
    return serve_werkzeug(django_module(setup, "mysite.wsgi").application)


def django_asgi(setup: Setup, directory: Path) -> AbstractContextManager[str]:
    return serve_asgi(django_module(setup, "mysite.asgi").application, lifespan="auto")


def fastapi_app(setup: Setup, directory: Path) -> AbstractContextManager[str]:
    write_files(guide_files()["FastAPI and Starlette"], directory)
    return serve_asgi(load(directory / "main.py", "guide_fastapi_main").app)


FRAMEWORKS: dict[str, Callable[[Setup, Path], AbstractContextManager[str]]] = {
    "flask": flask_app,
    "django-wsgi": django_wsgi,
    "django-asgi": django_asgi,
    "fastapi": fastapi_app,
}


def test_the_guide_has_a_snippet_for_every_framework() -> None:
    assert {section: sorted(files) for section, files in guide_files().items()} == {
        "Flask": ["app.py"],
        "Django": ["blog/views.py", "mysite/asgi.py", "mysite/urls.py", "mysite/wsgi.py"],
        "FastAPI and Starlette": ["main.py"],
    }


def signed(signing_secret: str, body: str, sign: Callable[[str, _dt.datetime, str], str]) -> dict[str, str]:
    now = _dt.datetime.now(_dt.timezone.utc)
    message_id = f"msg_{sign.__qualname__}_{now.timestamp()}"
    return {
        "x-service-key": SECRET,
        "x-service-event": "content.published",
        "webhook-id": message_id,
        "webhook-timestamp": str(int(now.timestamp())),
        "webhook-signature": sign(message_id, now, body),
    }


@pytest.mark.parametrize("framework", list(FRAMEWORKS))
def test_the_guide_runs(
    framework: str, setup: Setup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RANKQUILL_WEBHOOK_SECRET", SECRET)
    monkeypatch.setenv("RANKQUILL_WEBHOOK_SIGNING_SECRET", setup.signing_secret)
    monkeypatch.setenv("RANKQUILL_ARTICLES_DB", str(setup.directory / f"{framework}.db"))
    project_id = setup.server.demo.project_id
    checks: dict[str, bool] = {}
    with FRAMEWORKS[framework](setup, tmp_path) as base, httpx2.Client(base_url=base, timeout=30) as http:
        # A real delivery from the reference server.
        setup.client.projects.update(project_id, webhook={"url": f"{base}/webhook", "secret": SECRET})
        draft = setup.client.content.list(project_id, status="draft").data[0]
        setup.client.content.publish(project_id, draft.id)
        setup.server.advance(0)  # returns once the delivery has been answered
        published = setup.client.content.retrieve(project_id, draft.id)
        url = f"/en/resources/blog/{draft.slug}"
        checks["reference server delivery sets published_url"] = published.published_url == url

        page = http.get(url)
        checks["article page served"] = (
            page.status_code == 200
            and page.headers["content-security-policy"] == ARTICLE_PAGE_CSP
            and page.headers["content-type"].startswith("text/html")
            and "<h1>" in page.text
            and page.text.startswith("<!doctype html>")
        )
        checks["no page for another language"] = (
            http.get(f"/fr/resources/blog/{draft.slug}").status_code == 404
        )

        for name, library in (("standardwebhooks", StandardWebhook), ("svix", SvixWebhook)):
            body = json.dumps({"title": f"By {name}", "slug": f"by-{name}", "content": "<p>Signed.</p>"})
            answer = http.post(
                "/webhook",
                content=body,
                headers=signed(setup.signing_secret, body, library(setup.signing_secret).sign),
            )
            checks[f"{name} signed delivery accepted"] = (answer.status_code, answer.json()) == (
                200,
                {"success": True, "url": f"/en/resources/blog/by-{name}"},
            )

        body = json.dumps({"title": "T", "slug": "wrong-key", "content": "<p>x</p>"})
        headers = {
            "x-service-key": "not-the-secret",
            **signature_headers(setup.signing_secret, "msg_wrong_key", body),
        }
        wrong_key = http.post("/webhook", content=body, headers=headers)
        checks["wrong key 401"] = (
            wrong_key.status_code == 401 and "x-service-key" in wrong_key.json()["error"]
        )

        body = json.dumps({"title": "T", "content": "<p>x</p>"})
        headers = {"x-service-key": SECRET, **signature_headers(setup.signing_secret, "msg_missing", body)}
        missing = http.post("/webhook", content=body, headers=headers)
        checks["missing field 400"] = missing.status_code == 400 and "slug" in missing.json()["error"]

        huge = b"x" * (5 * 1024 * 1024)
        too_large = http.post("/webhook", content=huge, headers={"x-service-key": SECRET})
        checks["5 MiB 413"] = too_large.status_code == 413

        get = http.get("/webhook")
        checks["GET 405 + Allow: POST"] = (get.status_code, get.headers.get("allow")) == (405, "POST")

        body = json.dumps({"title": "T", "slug": "tampered", "content": "<p>x</p>"})
        headers = {"x-service-key": SECRET, **signature_headers(setup.signing_secret, "msg_tampered", body)}
        tampered = http.post("/webhook", content=body.replace('"T"', '"U"'), headers=headers)
        checks["tampered signature 401"] = (
            tampered.status_code == 401 and http.get("/en/resources/blog/tampered").status_code == 404
        )

        by_library = http.get("/en/resources/blog/by-svix")
        checks["signed article's page served"] = (
            by_library.status_code == 200 and "<p>Signed.</p>" in by_library.text
        )

        # Unpublishing removes the article and its page, so the next framework publishes afresh.
        setup.client.content.unpublish(project_id, draft.id)
        setup.server.advance(0)
        checks["unpublish removes the page"] = http.get(url).status_code == 404
    failed = [name for name, passed in checks.items() if not passed]
    print(f"{framework}: {len(checks) - len(failed)}/{len(checks)} checks passed")
    assert failed == [], failed


def test_the_reference_server_s_deliveries_verify_with_the_standard_webhooks_libraries(setup: Setup) -> None:
    received: list[tuple[dict[str, str], bytes]] = []

    def recorder(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        body = environ["wsgi.input"].read(int(environ.get("CONTENT_LENGTH") or 0))
        headers = {
            key[5:].replace("_", "-").lower(): value for key, value in environ.items() if key[:5] == "HTTP_"
        }
        received.append((headers, body))
        start_response("200 OK", [("content-type", "application/json")])
        return [json.dumps({"success": True, "url": "/en/resources/blog/recorded"}).encode()]

    project_id = setup.server.demo.project_id
    with serve_werkzeug(recorder) as base:
        setup.client.projects.update(project_id, webhook={"url": f"{base}/webhook", "secret": SECRET})
        draft = setup.client.content.list(project_id, status="draft").data[0]
        setup.client.content.publish(project_id, draft.id)
        setup.server.advance(0)
        setup.client.content.unpublish(project_id, draft.id)
        setup.server.advance(0)
    assert len(received) == 2
    for headers, body in received:
        for library in (StandardWebhook, SvixWebhook):
            library(setup.signing_secret).verify(body.decode(), headers)  # raises when it does not verify


def test_our_signatures_verify_with_the_standard_webhooks_libraries(setup: Setup) -> None:
    body = json.dumps({"title": "T", "slug": "t", "content": "<p>x</p>"})
    headers = signature_headers(setup.signing_secret, "msg_ours", body)
    for library in (StandardWebhook, SvixWebhook):
        library(setup.signing_secret).verify(body, headers)  # raises when it does not verify
        with pytest.raises(Exception, match=r"."):
            library(setup.signing_secret).verify(body.replace('"T"', '"U"'), headers)


def test_a_fastapi_mount_would_redirect_as_the_guide_says() -> None:
    fastapi: Any = importlib.import_module("fastapi")
    app = fastapi.FastAPI()
    app.mount("/webhook", WebhookReceiver(SECRET).asgi_app())
    with serve_asgi(app) as base, httpx2.Client(base_url=base) as http:
        answer = http.post("/webhook", json={}, headers={"x-service-key": SECRET})
        assert (answer.status_code, answer.headers["location"]) == (307, f"{base}/webhook/")


def test_django_request_headers_and_meta_are_read(setup: Setup, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RANKQUILL_WEBHOOK_SECRET", SECRET)
    monkeypatch.setenv("RANKQUILL_ARTICLES_DB", str(setup.directory / "django-request.db"))
    django_module(setup, "mysite.wsgi")  # Django set up with the guide's project
    factory: Any = importlib.import_module("django.test").RequestFactory()
    body = json.dumps({"title": "T", "slug": "t", "content": "<p>x</p>"}).encode()
    headers = {"x-service-key": SECRET, **signature_headers(setup.signing_secret, "msg_django", body)}
    request: Any = factory.post("/webhook", data=body, content_type="application/json", headers=headers)
    receiver = WebhookReceiver(SECRET, signing_secret=setup.signing_secret)
    assert receiver.handle(request.headers, request.body).status == 200
    assert receiver.handle(request.META, request.body).status == 200  # HTTP_X_SERVICE_KEY, ...
    assert receiver.handle({**request.META, "HTTP_X_SERVICE_KEY": "wrong"}, request.body).status == 401
