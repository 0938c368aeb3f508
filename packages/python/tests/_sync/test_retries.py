# Generated from tests/_async/test_retries.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""Retries, against a small real HTTP server that answers what each test scripts."""

from __future__ import annotations

import logging
import time

import pytest

from rankquill import BadRequestError, InternalServerError, Rankquill, RankquillError, RateLimitError

from ..support.scripted_server import ScriptedAnswer, ScriptedServer, json_answer

PROJECT = (
    '{"id": "proj_1", "name": "Docs", "domain": "docs.example", "language": "en", "brand_names": [],'
    ' "public_api_key": "rqp_1", "webhook": null,'
    ' "created_at": "2026-01-01T00:00:00.000Z", "updated_at": "2026-01-01T00:00:00.000Z"}'
)
FAILED = '{"error": {"type": "api_error", "message": "The service failed.", "request_id": "req_1"}}'


def test_a_500_then_a_200_succeeds_with_one_idempotency_key(caplog: pytest.LogCaptureFixture) -> None:
    with ScriptedServer([json_answer(500, FAILED), json_answer(200, PROJECT)]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            with caplog.at_level(logging.INFO, logger="rankquill"):
                project = client.projects.create(name="Docs", domain="docs.example")
    assert project.id == "proj_1"
    assert [request.method for request in scripted.requests] == ["POST", "POST"]
    keys = [request.headers["idempotency-key"] for request in scripted.requests]
    assert keys[0].startswith("rq-sdk-")
    assert keys[0] == keys[1]
    assert scripted.requests[0].body == b'{"name":"Docs","domain":"docs.example"}'
    assert "Retrying POST" in caplog.text
    assert "rq_test_secret" not in caplog.text


def test_each_post_gets_its_own_key_or_the_one_given() -> None:
    with ScriptedServer([json_answer(200, PROJECT)]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            client.projects.create(name="Docs", domain="docs.example")
            client.projects.create(name="Docs", domain="docs.example")
            client.projects.create(name="Docs", domain="docs.example", idempotency_key="my-key")
            client.projects.retrieve("proj_1")
    keys = [request.headers.get("idempotency-key") for request in scripted.requests]
    assert keys[0] != keys[1]
    assert keys[2:] == ["my-key", None]


def test_gives_up_after_max_retries() -> None:
    with ScriptedServer([json_answer(503, FAILED, **{"retry-after": "0"})]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url, max_retries=3) as client:
            with pytest.raises(InternalServerError):
                client.projects.retrieve("proj_1")
    assert len(scripted.requests) == 4


def test_retry_after_decides_the_wait_and_a_long_one_is_not_waited_for() -> None:
    answers = [json_answer(429, FAILED, **{"retry-after": "1"}), json_answer(200, PROJECT)]
    with ScriptedServer(answers) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            started = time.monotonic()
            client.projects.retrieve("proj_1")
            assert time.monotonic() - started >= 1.0

    with ScriptedServer([json_answer(429, FAILED, **{"retry-after": "120"})]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            with pytest.raises(RateLimitError) as caught:
                client.projects.retrieve("proj_1")
    assert len(scripted.requests) == 1
    assert caught.value.retry_after == 120


def test_without_retry_after_a_spent_limit_waits_for_the_rate_limit_reset() -> None:
    # Unix seconds at least two seconds ahead: the retry waits until then, however long the first try took.
    reset = str(int(time.time()) + 3)
    spent = {"x-ratelimit-remaining": "0", "x-ratelimit-reset": reset}
    answers = [json_answer(429, FAILED, **spent), json_answer(200, PROJECT)]
    with ScriptedServer(answers) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            started = time.monotonic()
            client.projects.retrieve("proj_1")
            waited = time.monotonic() - started
    assert len(scripted.requests) == 2
    assert 1.5 <= waited <= 6.0


def test_a_503_with_requests_remaining_backs_off_though_its_reset_is_now() -> None:
    # Every answer carries the rate-limit headers; while requests remain the reset is "now", which
    # must not turn an outage into retries at once (every client in step).
    now = {
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "5",
        "x-ratelimit-reset": str(int(time.time())),
    }
    answers = [json_answer(503, FAILED, **now), json_answer(200, PROJECT)]
    with ScriptedServer(answers) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            started = time.monotonic()
            client.projects.retrieve("proj_1")
            waited = time.monotonic() - started
    assert len(scripted.requests) == 2
    assert waited >= 0.375  # the first backoff (0.5 s) less at most its 25% jitter


def test_retry_after_wins_over_a_spent_limits_reset() -> None:
    spent = {
        "retry-after": "1",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": str(int(time.time()) + 30),
    }
    answers = [json_answer(503, FAILED, **spent), json_answer(200, PROJECT)]
    with ScriptedServer(answers) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            started = time.monotonic()
            client.projects.retrieve("proj_1")
            waited = time.monotonic() - started
    assert len(scripted.requests) == 2
    assert 1.0 <= waited <= 5.0


def test_a_client_error_is_not_retried() -> None:
    body = (
        '{"error": {"type": "invalid_request_error", "message": "Bad.", "param": "name", "request_id": "r"}}'
    )
    with ScriptedServer([json_answer(400, body), json_answer(200, PROJECT)]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            with pytest.raises(BadRequestError):
                client.projects.create(name="", domain="docs.example")
    assert len(scripted.requests) == 1


def test_a_timed_out_attempt_is_retried() -> None:
    answers = [ScriptedAnswer(delay=1.0, body=PROJECT.encode()), json_answer(200, PROJECT)]
    with ScriptedServer(answers) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url, timeout=0.3) as client:
            project = client.projects.retrieve("proj_1")
    assert project.id == "proj_1"
    assert len(scripted.requests) == 2


def test_with_options_changes_retries_and_shares_the_pool() -> None:
    with ScriptedServer([json_answer(500, FAILED)]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            no_retries = client.with_options(max_retries=0, timeout=5)
            assert (no_retries.max_retries, no_retries.timeout, client.max_retries) == (0, 5.0, 2)
            with pytest.raises(InternalServerError):
                no_retries.projects.retrieve("proj_1")
            no_retries.close()  # the pool is the original client's: still open
            with pytest.raises(InternalServerError):
                client.with_options(max_retries=1).projects.retrieve("proj_1")
    assert len(scripted.requests) == 3


def test_max_retries_per_call_overrides_the_clients_and_is_checked() -> None:
    with ScriptedServer([json_answer(503, FAILED, **{"retry-after": "0"})]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url, max_retries=3) as client:
            with pytest.raises(InternalServerError):
                client.projects.retrieve("proj_1", max_retries=0)
            assert len(scripted.requests) == 1
            with pytest.raises(InternalServerError):
                client.projects.create(name="Docs", domain="docs.example", max_retries=1)
            assert len(scripted.requests) == 3
            with pytest.raises(RankquillError, match=r"max_retries must be an integer of 0 or more, got -1"):
                client.keywords.list("proj_1", max_retries=-1)
            with pytest.raises(InternalServerError):
                client.projects.retrieve("proj_1")
    assert len(scripted.requests) == 7
