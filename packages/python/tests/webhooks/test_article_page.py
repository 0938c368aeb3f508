"""`render_article_page` against `article-page.json` (the TypeScript renderer's bytes), and the
page applications serving a store over real HTTP."""

from __future__ import annotations

import datetime as _dt
import json
from typing import Any

import httpx2
import pytest

from rankquill.webhooks import (
    ARTICLE_PAGE_CSP,
    ArticlePayload,
    MemoryArticleStore,
    StoredArticle,
    WebhookReceiver,
    article_pages_asgi_app,
    article_pages_wsgi_app,
    render_article_page,
)

from ..support.app_servers import serve_asgi, serve_wsgi
from ..support.mock_server import REPO_ROOT

PAGES: dict[str, Any] = json.loads(
    (REPO_ROOT / "packages" / "contract" / "vectors" / "article-page.json").read_text()
)
SECRET = "rq_whsec_pages"


def test_the_csp_is_the_contract_s() -> None:
    assert PAGES["content_security_policy"] == ARTICLE_PAGE_CSP


@pytest.mark.parametrize("case", PAGES["cases"], ids=[case["name"] for case in PAGES["cases"]])
def test_the_page_is_byte_identical(case: dict[str, Any]) -> None:
    assert render_article_page(ArticlePayload(**case["article"])) == case["html"]
    stored = StoredArticle(**case["article"], url="/x", received_at=_dt.datetime.now(_dt.timezone.utc))
    assert render_article_page(stored) == case["html"]


@pytest.mark.parametrize("serve", [serve_wsgi, serve_asgi], ids=["wsgi", "asgi"])
def test_the_pages_are_served_next_to_the_receiver(serve: Any) -> None:
    store = MemoryArticleStore()
    receiver = WebhookReceiver(SECRET, store=store)
    if serve is serve_wsgi:
        app: Any = receiver.wsgi_app(path="/webhook", fallback=article_pages_wsgi_app(store))
    else:
        app = receiver.asgi_app(path="/webhook", fallback=article_pages_asgi_app(store))
    article = PAGES["cases"][0]["article"]
    with serve(app) as base, httpx2.Client(base_url=base) as http:
        answer = http.post("/webhook", json=article, headers={"x-service-key": SECRET})
        assert answer.status_code == 200
        page = http.get(answer.json()["url"])
        assert page.status_code == 200
        assert page.text == PAGES["cases"][0]["html"]
        assert page.headers["content-security-policy"] == ARTICLE_PAGE_CSP
        assert page.headers["content-type"] == "text/html; charset=utf-8"
        assert http.head(answer.json()["url"]).status_code == 200
        assert http.get(f"/fr/resources/blog/{article['slug']}").status_code == 404
        assert http.get("/en/resources/blog/missing").status_code == 404
        refused = http.post(answer.json()["url"])
        assert (refused.status_code, refused.headers["allow"]) == (405, "GET, HEAD")
