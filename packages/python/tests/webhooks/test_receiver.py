"""WebhookReceiver beyond the vectors: handlers, stores that fail, options, and no secret shown."""

from __future__ import annotations

import json

import pytest

from rankquill.webhooks import (
    ArticlePayload,
    ContentDeletedEvent,
    KeywordRankingChangedEvent,
    StoredArticle,
    WebhookContext,
    WebhookReceiver,
    signature_headers,
)

SECRET = "rq_whsec_receiver_test"
SIGNING_SECRET = "whsec_UdKC1BxxqzFyscfBSS4+5RSRPyWmYa2kcBl+wKWS720="
ARTICLE = {"title": "Cold Brew", "slug": "cold-brew", "content": "<p>Steep <em>overnight</em>.</p>"}


def headers(event: str, **more: str) -> dict[str, str]:
    return {"X-Service-Key": SECRET, "X-Service-Event": event, "X-Service-Delivery": "dlv_1", **more}


def test_handlers_get_typed_events_and_the_context() -> None:
    receiver = WebhookReceiver(SECRET, site_base_url="https://www.example.com/")
    seen: list[tuple[str, object, WebhookContext]] = []

    @receiver.on("content.published")
    def published(article: ArticlePayload, context: WebhookContext) -> None:
        seen.append(("published", article, context))

    @receiver.on("keyword.ranking_changed")
    def ranking(event: KeywordRankingChangedEvent, context: WebhookContext) -> None:
        seen.append(("ranking", event, context))

    result = receiver.handle(headers("content.published"), json.dumps(ARTICLE).encode())
    assert (result.status, result.body) == (
        200,
        {"success": True, "url": "https://www.example.com/en/resources/blog/cold-brew"},
    )
    kind, article, context = seen[0]
    assert isinstance(article, ArticlePayload)
    assert (article.meta_title, article.author, article.language) == ("Cold Brew", "Rankquill", "en")
    assert (context.event, context.delivery_id, context.url) == (
        "content.published",
        "dlv_1",
        result.body["url"],
    )

    ranking_body = {
        "event": "keyword.ranking_changed",
        "project_id": "proj_1",
        "keyword_id": "kw_1",
        "keyword": "cold brew",
        "previous_position": 9,
        "position": 4,
        "change": 5,
        "checked_at": "2026-01-02T00:00:00.000Z",
    }
    assert (
        receiver.handle(headers("keyword.ranking_changed"), json.dumps(ranking_body).encode()).status == 200
    )
    kind, event, context = seen[1]
    assert kind == "ranking"
    assert isinstance(event, KeywordRankingChangedEvent)
    assert (event.keyword, event.position, context.url) == ("cold brew", 4, "")

    with pytest.raises(ValueError, match=r"Unknown webhook event 'content\.archived'"):
        receiver.on("content.archived")  # type: ignore[call-overload]


def test_a_failing_handler_or_store_answers_500_so_the_service_retries() -> None:
    receiver = WebhookReceiver(SECRET)

    @receiver.on("content.deleted")
    def deleted(event: ContentDeletedEvent, context: WebhookContext) -> None:
        raise RuntimeError("the CMS is down")

    body = {
        "event": "content.deleted",
        "content_id": "cnt_1",
        "project_id": "proj_1",
        "slug": "cold-brew",
        "language": "en",
        "occurred_at": "2026-01-02T00:00:00.000Z",
    }
    result = receiver.handle(headers("content.deleted"), json.dumps(body).encode())
    assert result.status == 500
    assert "the CMS is down" in result.body["error"]

    class BrokenStore:
        def upsert(self, article: StoredArticle) -> None:
            raise OSError("disk full")

        def remove(self, slug: str) -> bool:
            raise OSError("disk full")

        def get(self, slug: str) -> StoredArticle | None:
            return None

        def list(self) -> list[StoredArticle]:
            return []

    broken = WebhookReceiver(SECRET, store=BrokenStore())
    stored = broken.handle(headers("content.published"), json.dumps(ARTICLE).encode())
    assert stored.status == 500
    assert 'Could not store the article "cold-brew": disk full' in stored.body["error"]
    removed = broken.handle(headers("content.deleted"), json.dumps(body).encode())
    assert removed.status == 500


def test_store_false_and_remove_on_leave_the_articles_to_handlers() -> None:
    without_store = WebhookReceiver(SECRET, store=False)
    assert without_store.store is None
    assert without_store.handle(headers("content.published"), json.dumps(ARTICLE).encode()).status == 200

    keeping = WebhookReceiver(SECRET, remove_on=())
    keeping.handle(headers("content.published"), json.dumps(ARTICLE).encode())
    unpublished = {
        "event": "content.unpublished",
        "content_id": "cnt_1",
        "project_id": "proj_1",
        "slug": "cold-brew",
        "language": "en",
        "occurred_at": "2026-01-02T00:00:00.000Z",
    }
    assert keeping.handle(headers("content.unpublished"), json.dumps(unpublished).encode()).status == 200
    assert keeping.store is not None
    assert keeping.store.get("cold-brew") is not None


def test_a_signing_secret_requires_signed_deliveries() -> None:
    receiver = WebhookReceiver(SECRET, signing_secret=SIGNING_SECRET)
    body = json.dumps(ARTICLE).encode()
    assert receiver.handle(headers("content.published"), body).status == 401
    signed = signature_headers(SIGNING_SECRET, "dlv_1", body)
    assert receiver.handle(headers("content.published", **signed), body).status == 200
    tampered = body.replace(b"overnight", b"for a week")
    refused = receiver.handle(headers("content.published", **signed), tampered)
    assert refused.status == 401
    assert "webhook-signature" in refused.body["error"]


def test_options_are_checked_and_secrets_never_shown() -> None:
    with pytest.raises(ValueError, match="needs `secret`"):
        WebhookReceiver("")
    with pytest.raises(ValueError, match="`signing_secret` is malformed") as caught:
        WebhookReceiver(SECRET, signing_secret="whsec_short==")
    assert "whsec_short" not in str(caught.value)
    receiver = WebhookReceiver(SECRET, signing_secret=SIGNING_SECRET)
    assert SECRET not in repr(receiver)
    assert SIGNING_SECRET not in repr(receiver)
    refused = receiver.handle({"x-service-key": "wrong"}, b"{}")
    assert SECRET not in json.dumps(refused.body)


def test_headers_may_be_pairs_of_bytes_as_asgi_gives_them() -> None:
    receiver = WebhookReceiver(SECRET)
    pairs = [(b"x-service-key", SECRET.encode()), (b"x-service-event", b"content.published")]
    assert receiver.handle(pairs, json.dumps(ARTICLE).encode()).status == 200
