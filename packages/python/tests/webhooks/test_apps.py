"""The receiver's WSGI and ASGI apps over real HTTP, fed by the service itself and by its
`trigger` command, which sends a delivery exactly as the service does."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import httpx2
import pytest

from rankquill import Rankquill
from rankquill.webhooks import ArticlePayload, WebhookContext, WebhookReceiver

from ..support.app_servers import serve_asgi, serve_wsgi
from ..support.mock_server import CLI, MockServer

SECRET = "rq_whsec_apps_test"
EVENTS = [
    "content.generated",
    "content.published",
    "content.updated",
    "content.unpublished",
    "content.deleted",
    "keyword.ranking_changed",
    "ai_visibility.mention_detected",
]

Serve = Callable[[Any], AbstractContextManager[str]]


@pytest.fixture(params=["wsgi", "asgi"])
def serve(request: pytest.FixtureRequest) -> Serve:
    return serve_wsgi if request.param == "wsgi" else serve_asgi


def app_of(receiver: WebhookReceiver, serve: Serve, **options: Any) -> Any:
    return receiver.wsgi_app(**options) if serve is serve_wsgi else receiver.asgi_app(**options)


def trigger(event: str, url: str, *extra: str) -> dict[str, Any]:
    node = os.environ.get("RANKQUILL_NODE", "node")
    result = subprocess.run(
        [node, str(CLI), "trigger", event, "--to", url, "--secret", SECRET, *extra],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    answer: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    answer["exit_code"] = result.returncode
    return answer


@pytest.fixture
def receiver() -> WebhookReceiver:
    return WebhookReceiver(SECRET)


def test_every_event_the_trigger_command_sends_is_answered(receiver: WebhookReceiver, serve: Serve) -> None:
    published: list[tuple[ArticlePayload, WebhookContext]] = []

    @receiver.on("content.published")
    def on_published(article: ArticlePayload, context: WebhookContext) -> None:
        published.append((article, context))

    with serve(app_of(receiver, serve)) as url:
        answers = {event: trigger(event, f"{url}/webhook") for event in EVENTS}
    for event, answer in answers.items():
        assert answer["exit_code"] == 0, (event, answer)
    assert receiver.store is not None
    assert len(published) == 1
    article, context = published[0]
    assert context.delivery_id is not None
    assert context.url == f"/{article.language}/resources/blog/{article.slug}"


def test_with_a_signing_secret_only_signed_deliveries_pass(serve: Serve) -> None:
    signing_secret = "whsec_UdKC1BxxqzFyscfBSS4+5RSRPyWmYa2kcBl+wKWS720="
    receiver = WebhookReceiver(SECRET, signing_secret=signing_secret)
    with serve(app_of(receiver, serve)) as url:
        signed = trigger("content.published", url, "--signing-secret", signing_secret)
        unsigned = trigger("content.published", url)
        other_key = trigger(
            "content.published", url, "--signing-secret", "whsec_116fFo+d+A2+S3rrG367vHv0Hp9xruCo"
        )
    assert (signed["exit_code"], signed["status"]) == (0, 200)
    assert (unsigned["exit_code"], unsigned["status"]) == (1, 401)
    assert "webhook-id" in json.dumps(unsigned)
    assert (other_key["exit_code"], other_key["status"]) == (1, 401)


def test_the_service_delivers_a_published_article(serve: Serve, server: MockServer) -> None:
    with Rankquill(api_key=server.demo.api_key, base_url=server.api_base_url) as client:
        project_id = server.demo.project_id
        # The signing secret comes with the PUT that first sets the webhook; a later URL keeps it.
        first = client.projects.update(
            project_id, webhook={"url": "http://127.0.0.1:9/webhook", "secret": SECRET}
        )
        assert first.webhook is not None
        assert first.webhook.signing_secret is not None
        receiver = WebhookReceiver(SECRET, signing_secret=first.webhook.signing_secret)
        with serve(app_of(receiver, serve)) as url:
            client.projects.update(project_id, webhook={"url": f"{url}/webhook", "secret": SECRET})
            queued = client.webhooks.test(project_id)
            assert queued.status == "pending"
            server.advance(0)  # returns once the background delivery has been answered
            tested = client.deliveries.list(project_id, limit=1).data[0]
            assert (tested.id, tested.status) == (queued.id, "succeeded")
            answer = json.loads(tested.attempts[0].answer)
            assert answer == {"success": True, "url": answer["url"]}

            draft = client.content.list(project_id, status="draft").data[0]
            client.content.publish(project_id, draft.id)
            server.advance(0)  # waits for the delivery the publish sent at once
            assert receiver.store is not None
            stored = receiver.store.get(draft.slug or "")
            assert stored is not None
            assert stored.title == draft.title
            item = client.content.retrieve(project_id, draft.id)
            assert item.published_url == stored.url == f"/en/resources/blog/{draft.slug}"

            client.content.unpublish(project_id, draft.id)
            server.advance(0)
            assert receiver.store.get(draft.slug or "") is None


def test_the_key_is_checked_before_the_body_is_read(receiver: WebhookReceiver, serve: Serve) -> None:
    big = b"x" * (5 * 1024 * 1024)
    with serve(app_of(receiver, serve)) as url, httpx2.Client() as http:
        refused = http.post(url, content=big, headers={"x-service-key": "wrong"})
        assert refused.status_code == 401
        too_large = http.post(url, content=big, headers={"x-service-key": SECRET})
        assert too_large.status_code == 413
        not_post = http.get(url)
        assert (not_post.status_code, not_post.headers["allow"]) == (405, "POST")
        bare = http.post(
            url, json={"title": "T", "slug": "t", "content": "<p>x</p>"}, headers={"x-service-key": SECRET}
        )
        assert (bare.status_code, bare.json()) == (200, {"success": True, "url": "/en/resources/blog/t"})
        assert bare.headers["content-type"] == "application/json; charset=utf-8"


def test_a_path_and_a_fallback_put_it_in_front_of_another_app(
    receiver: WebhookReceiver, serve: Serve
) -> None:
    if serve is serve_wsgi:

        def site(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
            start_response("200 OK", [("content-type", "text/plain")])
            return [b"the site"]

        app: Any = receiver.wsgi_app(path="/webhook", fallback=site)
    else:

        async def asgi_site(scope: Any, receive: Any, send: Any) -> None:
            if scope["type"] == "lifespan":
                while (await receive())["type"] != "lifespan.shutdown":
                    await send({"type": "lifespan.startup.complete"})
                await send({"type": "lifespan.shutdown.complete"})
                return
            await send({"type": "http.response.start", "status": 200, "headers": []})
            await send({"type": "http.response.body", "body": b"the site"})

        app = receiver.asgi_app(path="/webhook", fallback=asgi_site)
    with serve(app) as url, httpx2.Client() as http:
        assert http.get(f"{url}/blog").text == "the site"
        delivered = http.post(
            f"{url}/webhook",
            json={"title": "T", "slug": "t", "content": "<p>x</p>"},
            headers={"x-service-key": SECRET},
        )
        assert delivered.status_code == 200
        assert http.post(f"{url}/webhook", content=b"{}").status_code == 401
