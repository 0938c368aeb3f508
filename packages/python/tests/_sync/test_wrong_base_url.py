# Generated from tests/_async/test_wrong_base_url.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""A base_url that is not the API's address (the server's root, the other API, a wrong path) gets
an error naming the address given and the right one, from the real server's answers."""

from __future__ import annotations

import re

import httpx2
import pytest

from rankquill import APIError, NotFoundError, PublicArticles, Rankquill

from ..support.mock_server import MockServer


def error_of_main_client(
    server: MockServer, base_url: str, http_client: httpx2.Client | None = None
) -> APIError:
    client = Rankquill(api_key=server.demo.api_key, base_url=base_url, max_retries=0, http_client=http_client)
    with client:
        with pytest.raises(APIError) as caught:
            client.projects.list()
    return caught.value


def test_the_servers_root_names_the_main_api_address(server: MockServer) -> None:
    error = error_of_main_client(server, server.url)
    assert error.status_code == 303
    assert str(error) == (
        f"base_url {server.url} answered 303 (a redirect to /sign-in?next=%2Fprojects): it is not the "
        f"address of the Rankquill API, which lives under /v1; set base_url to {server.api_base_url}."
    )


def test_an_http_client_that_follows_redirects_is_not_let_follow_this_one(server: MockServer) -> None:
    with httpx2.Client(follow_redirects=True) as http_client:
        error = error_of_main_client(server, server.url, http_client=http_client)
    assert error.status_code == 303
    assert str(error) == str(error_of_main_client(server, server.url))


@pytest.mark.parametrize("path", ["/public-article-api", "/api", "/v2"])
def test_another_path_is_a_404_that_names_the_main_api_address(server: MockServer, path: str) -> None:
    error = error_of_main_client(server, server.url + path)
    assert isinstance(error, NotFoundError)
    assert re.fullmatch(
        rf"base_url {re.escape(server.url + path)} answered 404 \(404 Not Found\): it is not the address of "
        rf"the Rankquill API, which lives under /v1; set base_url to {re.escape(server.api_base_url)}\.",
        str(error),
    ), str(error)


def test_a_missing_resource_under_v1_keeps_the_servers_message(server: MockServer) -> None:
    with Rankquill(api_key=server.demo.api_key, base_url=server.api_base_url, max_retries=0) as client:
        with pytest.raises(NotFoundError) as caught:
            client.projects.retrieve("proj_does_not_exist")
    assert "base_url" not in str(caught.value)


def test_the_public_article_client_names_its_own_address(server: MockServer) -> None:
    with PublicArticles(
        api_key=server.demo.public_api_key, base_url=server.api_base_url, max_retries=0
    ) as client:
        with pytest.raises(NotFoundError) as caught:
            client.list()
    assert str(caught.value) == (
        f"base_url {server.api_base_url} answered 404 (404 Not Found): it is not the address of the public "
        f"article API, which lives under /public-article-api; set base_url to {server.content_api_url}."
    )
