"""Every error class, with what it carries, and never a key in it."""

from __future__ import annotations

import socket
import time
import traceback

import pytest

from rankquill import (
    APIConnectionError,
    APIError,
    APITimeoutError,
    AsyncRankquill,
    AuthenticationError,
    BadRequestError,
    InternalServerError,
    NotFoundError,
    RankquillError,
    RateLimitError,
)

from ..support.keys import assert_no_secret_in
from ..support.mock_server import MockServer
from ..support.scripted_server import ScriptedAnswer, ScriptedServer, json_answer


async def test_bad_request_names_the_field(async_client: AsyncRankquill, server: MockServer) -> None:
    with pytest.raises(BadRequestError) as caught:
        await async_client.projects.create(name="Docs", domain="not a domain")
    error = caught.value
    assert isinstance(error, APIError)
    assert (error.status_code, error.type, error.param) == (400, "invalid_request_error", "domain")
    assert error.request_id is not None
    assert error.request_id == error.headers["x-request-id"]
    assert isinstance(error.body, dict)
    assert "domain" in error.message
    assert_no_secret_in(error, server.demo.api_key)


async def test_an_unknown_key_is_an_authentication_error(server: MockServer) -> None:
    secret = "rq_test_not_a_key_of_this_server"
    async with AsyncRankquill(api_key=secret, base_url=server.api_base_url) as client:
        with pytest.raises(AuthenticationError) as caught:
            await client.projects.list()
    assert (caught.value.status_code, caught.value.type) == (401, "authentication_error")
    assert_no_secret_in(caught.value, secret)


async def test_another_accounts_project_is_not_found(server: MockServer) -> None:
    other_key = server.create_account()
    async with AsyncRankquill(api_key=other_key, base_url=server.api_base_url) as client:
        with pytest.raises(NotFoundError) as caught:
            await client.projects.retrieve(server.demo.project_id)
    assert (caught.value.status_code, caught.value.param) == (404, "projectId")


async def test_rate_limit_error_says_when_to_come_back(server: MockServer) -> None:
    key = server.create_account(plan="enterprise", rate_limit=1)
    async with AsyncRankquill(api_key=key, base_url=server.api_base_url) as client:
        await client.projects.list()
        started = time.monotonic()
        with pytest.raises(RateLimitError) as caught:
            await client.projects.list()
    # Retry-After asks for about an hour: more than a minute, so the client does not wait.
    assert time.monotonic() - started < 5
    assert caught.value.retry_after is not None
    assert 60 < caught.value.retry_after <= 3600
    assert caught.value.type == "rate_limit_error"
    assert_no_secret_in(caught.value, key)


async def test_a_5xx_answer_is_an_internal_server_error() -> None:
    body = '{"error": {"type": "api_error", "message": "The service failed.", "request_id": "req_1"}}'
    with ScriptedServer([json_answer(500, body)]) as scripted:
        async with AsyncRankquill(api_key="rq_test_secret", base_url=scripted.url, max_retries=0) as client:
            with pytest.raises(InternalServerError) as caught:
                await client.projects.retrieve("proj_1")
    assert (caught.value.status_code, caught.value.message, caught.value.request_id) == (
        500,
        "The service failed.",
        "req_1",
    )
    assert_no_secret_in(caught.value, "rq_test_secret")


async def test_an_error_body_that_is_not_json_becomes_the_message() -> None:
    answer = ScriptedAnswer(418, {"content-type": "text/plain"}, b"I am a teapot")
    with ScriptedServer([answer]) as scripted:
        async with AsyncRankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            with pytest.raises(APIError) as caught:
                await client.projects.retrieve("proj_1")
    assert type(caught.value) is APIError
    assert (caught.value.status_code, caught.value.message, caught.value.type) == (
        418,
        "418: I am a teapot",
        None,
    )


async def test_a_refused_connection_says_whether_it_was_retried() -> None:
    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    secret = "rq_test_secret_key_1234"
    base_url = f"http://127.0.0.1:{port}/v1"
    async with AsyncRankquill(api_key=secret, base_url=base_url, max_retries=0) as client:
        with pytest.raises(APIConnectionError) as once:
            await client.projects.retrieve("proj_1")
    assert "tried" not in once.value.message
    assert f"127.0.0.1:{port}" in once.value.message
    async with AsyncRankquill(api_key=secret, base_url=base_url, max_retries=1) as client:
        with pytest.raises(APIConnectionError) as twice:
            await client.projects.create(name="Docs", domain="docs.example")
    assert "tried 2 times" in twice.value.message
    for error in (once.value, twice.value):
        assert not isinstance(error, APITimeoutError)
        assert error.__cause__ is None
        assert error.__context__ is None
        assert_no_secret_in(error, secret)
        assert secret not in "".join(traceback.format_exception(error))


async def test_no_answer_in_time_is_a_timeout_error() -> None:
    with ScriptedServer([ScriptedAnswer(delay=1.0)]) as scripted:
        async with AsyncRankquill(api_key="rq_test_secret", base_url=scripted.url, max_retries=0) as client:
            with pytest.raises(APITimeoutError) as caught:
                await client.projects.retrieve("proj_1", timeout=0.2)
    assert isinstance(caught.value, APIConnectionError)
    assert "did not answer within 0.2 s" in caught.value.message
    assert_no_secret_in(caught.value, "rq_test_secret")


async def test_every_error_is_a_rankquill_error() -> None:
    for error_class in (
        APIError,
        BadRequestError,
        AuthenticationError,
        NotFoundError,
        RateLimitError,
        InternalServerError,
        APIConnectionError,
        APITimeoutError,
    ):
        assert issubclass(error_class, RankquillError)
