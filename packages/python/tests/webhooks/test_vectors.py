"""The shared vectors of packages/contract/vectors, case by case: signing secrets, signatures,
whole deliveries and the sanitizer."""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Callable
from typing import Any

import pytest

from rankquill.webhooks import (
    ArticleStore,
    MemoryArticleStore,
    StoredArticle,
    WebhookReceiver,
    WebhookVerificationError,
    sanitize_article_html,
    sign_webhook,
    signing_secret_key,
    verify_signature,
)

from ..support.mock_server import REPO_ROOT

VECTORS = REPO_ROOT / "packages" / "contract" / "vectors"
SIGNATURES: dict[str, Any] = json.loads((VECTORS / "signatures.json").read_text())
DELIVERIES: dict[str, Any] = json.loads((VECTORS / "deliveries.json").read_text())
SANITIZE: dict[str, Any] = json.loads((VECTORS / "sanitize.json").read_text())


def receiver_of(config: dict[str, Any], store: ArticleStore, now: Callable[[], float]) -> WebhookReceiver:
    """A receiver configured as a vector file's `receiver` object says."""
    return WebhookReceiver(
        config["secret"],
        signing_secret=config["signing_secret"],
        store=store,
        site_base_url=config["site_base_url"],
        author_default=config["author_default"],
        remove_on=config["remove_on"],
        now=now,
    )


def names(cases: list[dict[str, Any]], key: str = "name") -> list[str]:
    return [str(case[key]) for case in cases]


@pytest.mark.parametrize("case", SIGNATURES["signing_secrets"], ids=names(SIGNATURES["signing_secrets"]))
def test_signing_secrets(case: dict[str, Any]) -> None:
    if case["valid"]:
        assert signing_secret_key(case["signing_secret"]).hex() == case["key_hex"]
    else:
        with pytest.raises(ValueError, match=r".") as caught:
            signing_secret_key(case["signing_secret"])
        if case["signing_secret"] != "whsec_":  # the bare prefix is named in the message itself
            assert case["signing_secret"].strip() not in str(caught.value)


@pytest.mark.parametrize("case", SIGNATURES["sign"], ids=names(SIGNATURES["sign"]))
def test_sign(case: dict[str, Any]) -> None:
    assert signing_secret_key(case["signing_secret"]).hex() == case["key_hex"]
    assert case["signed_content"] == f"{case['id']}.{case['timestamp']}.{case['body']}"
    assert (
        sign_webhook(case["signing_secret"], case["id"], case["timestamp"], case["body"]) == case["signature"]
    )
    assert (
        sign_webhook(case["signing_secret"], case["id"], case["timestamp"], case["body"].encode())
        == case["signature"]
    )


@pytest.mark.parametrize("case", SIGNATURES["verify"], ids=names(SIGNATURES["verify"]))
def test_verify(case: dict[str, Any]) -> None:
    def verify() -> int:
        return verify_signature(
            case["signing_secret"], case["headers"], case["body"].encode(), now=lambda: case["now"]
        )

    if case["valid"]:
        assert verify() == int(case["headers"]["webhook-timestamp"])
    else:
        with pytest.raises(WebhookVerificationError) as caught:
            verify()
        assert caught.value.type == case["error_type"]
    assert SIGNATURES["tolerance_seconds"] == 300


@pytest.mark.parametrize("case", DELIVERIES["cases"], ids=names(DELIVERIES["cases"], "id"))
def test_delivery(case: dict[str, Any]) -> None:
    config = {**DELIVERIES["receiver"], **case.get("receiver", {})}
    store = MemoryArticleStore()
    for article in case.get("store_before", []):
        store.upsert(StoredArticle(**article, received_at=_dt.datetime(2026, 1, 1, tzinfo=_dt.timezone.utc)))
    receiver = receiver_of(config, store, lambda: case["now"])
    request = case["request"]
    result = receiver.handle(request["headers"], request["body"].encode())
    expected = case["expected"]
    assert result.status == expected["status"], result.body
    if "error" in expected["body"]:
        assert set(result.body) == {"error"}
        for fragment in expected["error_contains"]:
            assert fragment in result.body["error"]
    else:
        assert result.body == expected["body"]
    for slug, article in expected.get("store", {}).items():
        stored = store.get(slug)
        if article is None:
            assert stored is None
        else:
            assert stored is not None
            assert stored.model_dump(exclude={"received_at"}) == article


@pytest.mark.parametrize("case", SANITIZE["cases"], ids=names(SANITIZE["cases"]))
def test_sanitize(case: dict[str, Any]) -> None:
    output = sanitize_article_html(case["html"])
    assert output == case["output"]
    for fragment in case["contains"]:
        assert fragment in output
    for fragment in case["not_contains"]:
        assert fragment not in output.lower()
    assert sanitize_article_html(output) == output


def test_the_sanitizer_takes_hostile_sizes_in_linear_time() -> None:
    # A 5,000-digit reference is U+FFFD (int() of it would raise); deep nesting closes in one pass.
    assert sanitize_article_html("<p>&#" + "1" * 5000 + ";</p>") == "<p>\ufffd</p>"
    depth = 100_000
    nested = sanitize_article_html("<b>" * depth + "x" + "</b>" * depth + "</i>" * depth)
    assert nested == "<b>" * depth + "x" + "</b>" * depth
