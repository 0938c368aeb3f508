# Generated from tests/_async/test_public_articles.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""PublicArticles against the reference server: pages, articles and the spec's messages."""

from __future__ import annotations

import httpx2
import pytest

from rankquill import AuthenticationError, BadRequestError, NotFoundError, PublicArticles, RankquillError
from rankquill.types import PublicArticle

from ..support.keys import assert_no_secret_in
from ..support.mock_server import MockServer


def test_list_pages_and_walks_every_article(public_articles: PublicArticles) -> None:
    page = public_articles.list(limit=2)
    assert len(page.articles) == 2
    assert page.articles == page.data
    assert (page.pagination.total, page.pagination.has_more) == (3, True)
    second = page.get_next_page()
    assert (len(second.articles), second.pagination.offset) == (1, 2)

    titles = [article.title for article in public_articles.list(limit=2)]
    assert len(titles) == 3
    assert titles[:2] == [article.title for article in page.articles]
    assert [article.id for article in public_articles.list(offset=1)] == [
        article.id for article in [*page.articles, *second.articles][1:]
    ]


def test_retrieve_answers_the_article_with_its_body(public_articles: PublicArticles) -> None:
    listed = (public_articles.list(limit=1)).articles[0]
    article = public_articles.retrieve(listed.id)
    assert isinstance(article, PublicArticle)
    assert (article.id, article.title) == (listed.id, listed.title)
    assert article.content.startswith("<")


def test_errors_carry_the_spec_messages_word_for_word(
    public_articles: PublicArticles, server: MockServer
) -> None:
    with pytest.raises(NotFoundError) as not_found:
        public_articles.retrieve("cnt_does_not_exist")
    assert (not_found.value.status_code, not_found.value.message) == (
        404,
        "Article not found or not published",
    )

    with pytest.raises(BadRequestError) as bad_limit:
        public_articles.list(limit=0)
    assert bad_limit.value.message == "limit must be an integer from 1 to 100"

    secret = "rqp_not_a_key_of_this_server"
    with PublicArticles(api_key=secret, base_url=server.content_api_url) as wrong_key:
        with pytest.raises(AuthenticationError) as invalid:
            wrong_key.list()
    assert (invalid.value.status_code, invalid.value.message) == (401, "Invalid API key")
    assert_no_secret_in(invalid.value, secret)

    def drop_key(request: httpx2.Request) -> None:
        del request.headers["x-service-key"]

    with httpx2.Client(event_hooks={"request": [drop_key]}) as http_client:
        without_key = PublicArticles(api_key=secret, base_url=server.content_api_url, http_client=http_client)
        with pytest.raises(AuthenticationError) as missing:
            without_key.list()
    assert missing.value.message == "API key required. Pass via X-Service-Key header."


def test_construction_says_how_to_pass_the_key(monkeypatch: pytest.MonkeyPatch, server: MockServer) -> None:
    monkeypatch.delenv("RANKQUILL_PUBLIC_API_KEY", raising=False)
    with pytest.raises(RankquillError, match="RANKQUILL_PUBLIC_API_KEY"):
        PublicArticles(base_url=server.content_api_url)
    monkeypatch.setenv("RANKQUILL_PUBLIC_API_KEY", server.demo.public_api_key)
    monkeypatch.setenv("RANKQUILL_CONTENT_API_URL", server.content_api_url)
    with PublicArticles() as articles:
        assert articles.base_url == server.content_api_url
        assert server.demo.public_api_key not in repr(articles)
        assert (articles.list()).pagination.total == 3
    with pytest.raises(RankquillError, match="needs an article id"):
        articles.retrieve("")
