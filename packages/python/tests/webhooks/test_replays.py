"""`replays.json` of the contract's vectors against both built-in stores: replays and older
deliveries answer 200 and change nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rankquill.webhooks import (
    ArticleStore,
    MemoryArticleStore,
    SqliteArticleStore,
    WebhookReceiver,
    signature_headers,
)
from rankquill.webhooks.stores.article_store import REMEMBER_IDS_SECONDS

from ..support.mock_server import REPO_ROOT
from .test_vectors import receiver_of

REPLAYS: dict[str, Any] = json.loads(
    (REPO_ROOT / "packages" / "contract" / "vectors" / "replays.json").read_text()
)
STORES: dict[str, Callable[[Path], ArticleStore]] = {
    "memory": lambda _: MemoryArticleStore(),
    "sqlite": lambda directory: SqliteArticleStore(directory / "articles.db"),
}


@pytest.mark.parametrize("store_kind", list(STORES))
@pytest.mark.parametrize("scenario", REPLAYS["scenarios"], ids=[s["id"] for s in REPLAYS["scenarios"]])
def test_replay_scenario(scenario: dict[str, Any], store_kind: str, tmp_path: Path) -> None:
    assert REPLAYS["remember_ids_seconds"] == REMEMBER_IDS_SECONDS
    config = {**REPLAYS["receiver"], **scenario.get("receiver", {})}
    store = STORES[store_kind](tmp_path)
    clock = [0.0]
    receiver = receiver_of(config, store, lambda: clock[0])
    for index, step in enumerate(scenario["steps"]):
        clock[0] = step["now"]
        request = step["request"]
        result = receiver.handle(request["headers"], request["body"].encode())
        assert (result.status, result.body) == (step["expected"]["status"], step["expected"]["body"]), index
    for slug, article in scenario["expected_store"].items():
        stored = store.get(slug)
        if article is None:
            assert stored is None
        else:
            assert stored is not None
            assert stored.model_dump(exclude={"received_at"}) == article


@pytest.mark.parametrize("store_kind", list(STORES))
def test_an_id_is_forgotten_after_ten_minutes_and_a_store_on_disk_remembers(
    store_kind: str, tmp_path: Path
) -> None:
    secret = "rq_whsec_replays"
    clock = [1_767_259_800.0]
    body = json.dumps({"title": "A", "slug": "a", "content": "<p>a</p>"}).encode()
    headers = {"x-service-key": secret, "webhook-id": "msg_1", "webhook-timestamp": "1767259800"}
    receiver = WebhookReceiver(secret, store=STORES[store_kind](tmp_path), now=lambda: clock[0])
    handled: list[str] = []
    receiver.on("content.published")(lambda article, context: handled.append(article.slug))
    assert receiver.handle(headers, body).status == 200
    clock[0] += REMEMBER_IDS_SECONDS
    assert receiver.handle(headers, body).status == 200
    assert handled == ["a"]  # the copy within ten minutes changed nothing
    if store_kind == "sqlite":
        reopened = WebhookReceiver(secret, store=STORES[store_kind](tmp_path), now=lambda: clock[0])
        reopened.on("content.published")(lambda article, context: handled.append(article.slug))
        assert reopened.handle(headers, body).status == 200
        assert handled == ["a"]
    clock[0] += 1
    receiver.handle(headers, body)
    assert handled == ["a", "a"]  # ten minutes and a second later the id is forgotten


def test_a_signed_replay_is_refused_by_signature_or_store() -> None:
    signing_secret = REPLAYS["receiver"]["signing_secret"]
    secret = REPLAYS["receiver"]["secret"]
    body = json.dumps({"title": "A", "slug": "a", "content": "<p>a</p>"}).encode()
    receiver = WebhookReceiver(secret, signing_secret=signing_secret)
    headers = {"x-service-key": secret, **signature_headers(signing_secret, "msg_1", body)}
    handled: list[str] = []
    receiver.on("content.published")(lambda article, context: handled.append(context.url))
    assert [receiver.handle(headers, body).status for _ in range(3)] == [200, 200, 200]
    assert handled == ["/en/resources/blog/a"]
