# Generated from tests/_async/test_cross_origin_redirects.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""No client follows a redirect, whatever `http_client` it is given: one to another origin raises
`CrossOriginRedirectError` naming both origins, and that origin (a second local server on another
port) receives nothing: no key, no webhook secret, no body, no signed link."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import nullcontext
from typing import Any

import httpx2
import pytest

from rankquill import APIError, CrossOriginRedirectError, PublicArticles, Rankquill

from ..support.scripted_server import ScriptedAnswer, ScriptedServer, SeenRequest, json_answer

API_KEY = "sk_test_redirect_0123456789"
PUBLIC_KEY = "pk_test_redirect_0123456789"
WEBHOOK_SECRET = "whk_secret_never_elsewhere_42"
SIGNATURE = "sig_0123456789abcdef"

STATUSES = [301, 302, 303, 307, 308]

# What the client is given as `http_client`: its own, a plain one, one that follows redirects.
HTTP_CLIENTS: dict[str, Callable[[], httpx2.Client | None]] = {
    "default": lambda: None,
    "Client()": httpx2.Client,
    "Client(follow_redirects=True)": lambda: httpx2.Client(follow_redirects=True),
}

Call = Callable[[str, "httpx2.Client | None"], Any]


def update_webhook(base_url: str, http_client: httpx2.Client | None) -> Any:
    with Rankquill(api_key=API_KEY, base_url=base_url, http_client=http_client) as client:
        return client.projects.update(
            "proj_1", webhook={"url": "https://hooks.example/rankquill", "secret": WEBHOOK_SECRET}
        )


def list_projects(base_url: str, http_client: httpx2.Client | None) -> Any:
    with Rankquill(api_key=API_KEY, base_url=base_url, http_client=http_client) as client:
        return client.projects.list()


def download_signed_link(base_url: str, http_client: httpx2.Client | None) -> Any:
    link = f"{base_url}/exports/exp_1/download?expires=9999999999&signature={SIGNATURE}"
    with Rankquill(api_key=API_KEY, base_url=base_url, http_client=http_client) as client:
        return client.exports.download(link)


def list_articles(base_url: str, http_client: httpx2.Client | None) -> Any:
    content_url = base_url.removesuffix("/v1") + "/public-article-api"
    with PublicArticles(api_key=PUBLIC_KEY, base_url=content_url, http_client=http_client) as articles:
        return articles.list()


CALLS: dict[str, tuple[Call, str]] = {
    "projects.update with a webhook secret": (update_webhook, WEBHOOK_SECRET),
    "projects.list": (list_projects, API_KEY),
    "exports.download of a signed link": (download_signed_link, SIGNATURE),
    "public articles list": (list_articles, PUBLIC_KEY),
}


def everything(seen: list[SeenRequest]) -> str:
    return repr(seen)


@pytest.mark.parametrize("status", STATUSES)
@pytest.mark.parametrize("client_name", HTTP_CLIENTS)
@pytest.mark.parametrize("call_name", CALLS)
def test_a_redirect_to_another_origin_is_refused_and_sends_it_nothing(
    call_name: str, client_name: str, status: int
) -> None:
    call, secret = CALLS[call_name]
    with ScriptedServer([json_answer(200, '{"data": []}')]) as other:
        answer = ScriptedAnswer(status, {"location": f"{other.url}/v1/projects"}, b"")
        with ScriptedServer([answer]) as api:
            http_client = HTTP_CLIENTS[client_name]()
            with http_client if http_client is not None else nullcontext():
                with pytest.raises(CrossOriginRedirectError) as caught:
                    call(f"{api.url}/v1", http_client)
            assert other.requests == []
            # One request, never retried: a redirect answers the same again.
            assert len(api.requests) == 1
            assert secret in everything(api.requests)
    error = caught.value
    assert (error.status_code, error.from_origin, error.to_origin) == (status, api.url, other.url)
    assert f"at {api.url} answered {status}, a redirect to another origin, {other.url}: not" in str(error)
    assert secret not in str(error)
    assert secret not in repr(error.__dict__)


def test_a_redirect_within_the_origin_is_the_base_url_error_and_not_followed() -> None:
    location = "/elsewhere/v1/projects/proj_1"
    answers = [ScriptedAnswer(307, {"location": location}, b""), json_answer(200, "{}")]
    with ScriptedServer(answers) as api:
        with httpx2.Client(follow_redirects=True) as http_client:
            with pytest.raises(APIError) as caught:
                update_webhook(f"{api.url}/v1", http_client)
        assert [request.path for request in api.requests] == ["/v1/projects/proj_1"]
    assert caught.value.status_code == 307
    assert "answered 307 (a redirect to /elsewhere/v1/projects/proj_1)" in str(caught.value)


@pytest.mark.parametrize(
    ("location", "origin"),
    [
        ("https://api.example:443/v1/projects", "https://api.example"),
        ("//Other.Example:8080/v1/projects", "http://other.example:8080"),
        ("http://[::1]:4010/v1/projects", "http://[::1]:4010"),
    ],
)
def test_the_other_origin_is_written_as_browsers_write_origins(location: str, origin: str) -> None:
    with (
        ScriptedServer([ScriptedAnswer(308, {"location": location}, b"")]) as api,
        pytest.raises(CrossOriginRedirectError) as caught,
    ):
        list_projects(f"{api.url}/v1", None)
    assert caught.value.to_origin == origin
