"""No client follows a redirect, whatever `http_client` it is given: one to another origin raises
`CrossOriginRedirectError` naming both origins, and that origin (a second local server on another
port) receives nothing: no key, no webhook secret, no body, no signed link."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextlib import nullcontext
from typing import Any

import httpx2
import pytest

from rankquill import APIError, AsyncPublicArticles, AsyncRankquill, CrossOriginRedirectError

from ..support.scripted_server import ScriptedAnswer, ScriptedServer, SeenRequest, json_answer

API_KEY = "sk_test_redirect_0123456789"
PUBLIC_KEY = "pk_test_redirect_0123456789"
WEBHOOK_SECRET = "whk_secret_never_elsewhere_42"
SIGNATURE = "sig_0123456789abcdef"

STATUSES = [301, 302, 303, 307, 308]

# What the client is given as `http_client`: its own, a plain one, one that follows redirects.
HTTP_CLIENTS: dict[str, Callable[[], httpx2.AsyncClient | None]] = {
    "default": lambda: None,
    "AsyncClient()": httpx2.AsyncClient,
    "AsyncClient(follow_redirects=True)": lambda: httpx2.AsyncClient(follow_redirects=True),
}

Call = Callable[[str, "httpx2.AsyncClient | None"], Awaitable[Any]]


async def update_webhook(base_url: str, http_client: httpx2.AsyncClient | None) -> Any:
    async with AsyncRankquill(api_key=API_KEY, base_url=base_url, http_client=http_client) as client:
        return await client.projects.update(
            "proj_1", webhook={"url": "https://hooks.example/rankquill", "secret": WEBHOOK_SECRET}
        )


async def list_projects(base_url: str, http_client: httpx2.AsyncClient | None) -> Any:
    async with AsyncRankquill(api_key=API_KEY, base_url=base_url, http_client=http_client) as client:
        return await client.projects.list()


async def download_signed_link(base_url: str, http_client: httpx2.AsyncClient | None) -> Any:
    link = f"{base_url}/exports/exp_1/download?expires=9999999999&signature={SIGNATURE}"
    async with AsyncRankquill(api_key=API_KEY, base_url=base_url, http_client=http_client) as client:
        return await client.exports.download(link)


async def list_articles(base_url: str, http_client: httpx2.AsyncClient | None) -> Any:
    content_url = base_url.removesuffix("/v1") + "/public-article-api"
    async with AsyncPublicArticles(
        api_key=PUBLIC_KEY, base_url=content_url, http_client=http_client
    ) as articles:
        return await articles.list()


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
async def test_a_redirect_to_another_origin_is_refused_and_sends_it_nothing(
    call_name: str, client_name: str, status: int
) -> None:
    call, secret = CALLS[call_name]
    with ScriptedServer([json_answer(200, '{"data": []}')]) as other:
        answer = ScriptedAnswer(status, {"location": f"{other.url}/v1/projects"}, b"")
        with ScriptedServer([answer]) as api:
            http_client = HTTP_CLIENTS[client_name]()
            async with http_client if http_client is not None else nullcontext():
                with pytest.raises(CrossOriginRedirectError) as caught:
                    await call(f"{api.url}/v1", http_client)
            assert other.requests == []
            # One request, never retried: a redirect answers the same again.
            assert len(api.requests) == 1
            assert secret in everything(api.requests)
    error = caught.value
    assert (error.status_code, error.from_origin, error.to_origin) == (status, api.url, other.url)
    assert f"at {api.url} answered {status}, a redirect to another origin, {other.url}: not" in str(error)
    assert secret not in str(error)
    assert secret not in repr(error.__dict__)


async def test_a_redirect_within_the_origin_is_the_base_url_error_and_not_followed() -> None:
    location = "/elsewhere/v1/projects/proj_1"
    answers = [ScriptedAnswer(307, {"location": location}, b""), json_answer(200, "{}")]
    with ScriptedServer(answers) as api:
        async with httpx2.AsyncClient(follow_redirects=True) as http_client:
            with pytest.raises(APIError) as caught:
                await update_webhook(f"{api.url}/v1", http_client)
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
async def test_the_other_origin_is_written_as_browsers_write_origins(location: str, origin: str) -> None:
    with (
        ScriptedServer([ScriptedAnswer(308, {"location": location}, b"")]) as api,
        pytest.raises(CrossOriginRedirectError) as caught,
    ):
        await list_projects(f"{api.url}/v1", None)
    assert caught.value.to_origin == origin
