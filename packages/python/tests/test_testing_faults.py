"""The `rankquill_mock` fixture as a test double (issue 28): its faults (`fail`, `delay`,
`disconnect`, `failing`) and journal (`requests`) against the bundled server, started from its CLI
by the package's pytest plugin, through the Python client."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from rankquill import (
    APIConnectionError,
    APITimeoutError,
    InternalServerError,
    RateLimitError,
)
from rankquill.testing import MockProject, MockServer, MockServerAdminError


def test_two_503s_on_a_create_are_retried_with_one_key_and_the_third_attempt_succeeds(
    rankquill_mock: MockProject,
) -> None:
    fault = rankquill_mock.fail("content.create", 503, times=2)
    assert (fault.id[:4], fault.operation, fault.status, fault.times) == ("flt_", "content.create", 503, 2)
    # Scoped to the account, whose key shows by its first 8 characters only.
    assert fault.api_key == rankquill_mock.api_key[:8] + "…"
    assert fault.public_api_key is None

    client = rankquill_mock.client(max_retries=2)
    job = client.content.create(rankquill_mock.project_id, keyword="cold brew ratio")

    attempts = rankquill_mock.requests("content.create")
    assert [(entry.status, entry.fault) for entry in attempts] == [
        (202, None),
        (503, fault.id),
        (503, fault.id),
    ]
    keys = {entry.idempotency_key for entry in attempts}
    assert len(keys) == 1
    assert None not in keys
    assert attempts[0].body == {"keyword": "cold brew ratio"}
    assert [item.id for item in client.content.list(rankquill_mock.project_id).data] == [job.id]
    assert rankquill_mock.faults() == []  # it ran out of `times`


def test_a_create_whose_answer_is_lost_after_commit_is_retried_and_the_first_answer_replayed(
    rankquill_mock: MockProject,
) -> None:
    fault = rankquill_mock.disconnect("content.create")
    assert (fault.disconnect, fault.times) == ("after", 1)

    client = rankquill_mock.client(max_retries=2)
    answer = client.with_raw_response.content.create(rankquill_mock.project_id, keyword="lost answer")

    assert answer.headers["idempotent-replayed"] == "true"
    replayed, lost = rankquill_mock.requests("content.create")
    assert (lost.status, lost.fault) == (None, fault.id)
    assert (replayed.status, replayed.fault) == (202, None)
    assert replayed.idempotency_key == lost.idempotency_key is not None
    assert [item.id for item in client.content.list(rankquill_mock.project_id).data] == [answer.parse().id]


def test_a_disconnect_before_the_operation_runs_changes_nothing(rankquill_mock: MockProject) -> None:
    fault = rankquill_mock.disconnect("content.create", after_commit=False)
    assert fault.disconnect == "before"
    with pytest.raises(APIConnectionError):
        rankquill_mock.client().content.create(rankquill_mock.project_id, keyword="never made")
    assert rankquill_mock.client().content.list(rankquill_mock.project_id).data == []
    with pytest.raises(TypeError, match="after_commit must be True or False"):
        rankquill_mock.disconnect("content.create", after_commit="yes")  # type: ignore[arg-type]


def test_a_429_with_retry_after_1_is_waited_out(rankquill_mock: MockProject) -> None:
    rankquill_mock.fail("projects.retrieve", 429, headers={"Retry-After": "1"})
    client = rankquill_mock.client(max_retries=2)

    started = time.monotonic()
    project = client.projects.retrieve(rankquill_mock.project_id)
    waited = time.monotonic() - started

    assert project.id == rankquill_mock.project_id
    assert waited >= 0.95, f"answered after {waited:.2f} s, before the Retry-After second was over"
    assert [entry.status for entry in rankquill_mock.requests("projects.retrieve")] == [200, 429]


def test_a_429_fault_answers_the_services_own_rate_limit_error(rankquill_mock: MockProject) -> None:
    fault = rankquill_mock.fail("projects.list", 429, headers={"Retry-After": "7"})
    with pytest.raises(RateLimitError) as caught:
        rankquill_mock.client().projects.list()
    assert caught.value.retry_after == 7
    assert caught.value.headers["x-ratelimit-remaining"] == "0"
    assert fault.id in caught.value.message


def test_a_delay_longer_than_the_clients_timeout_raises_its_timeout_error(
    rankquill_mock: MockProject,
) -> None:
    fault = rankquill_mock.delay("projects.retrieve", 3000)
    assert fault.delay_ms == 3000
    client = rankquill_mock.client(timeout=0.5)

    started = time.monotonic()
    with pytest.raises(APITimeoutError):
        client.projects.retrieve(rankquill_mock.project_id)
    assert time.monotonic() - started < 2.5


def test_a_shorter_delay_answers_for_real_once_it_is_over(rankquill_mock: MockProject) -> None:
    rankquill_mock.delay("projects.retrieve", 400, times=2)
    client = rankquill_mock.client(timeout=10)
    started = time.monotonic()
    client.projects.retrieve(rankquill_mock.project_id)
    client.projects.retrieve(rankquill_mock.project_id)
    assert time.monotonic() - started >= 0.8
    [latest, first] = rankquill_mock.requests("projects.retrieve")
    assert latest.status == first.status == 200
    assert min(latest.duration_ms, first.duration_ms) >= 390


def test_failing_removes_its_fault_when_the_block_ends_even_on_an_error(rankquill_mock: MockProject) -> None:
    client = rankquill_mock.client()

    def an_outage_that_ends_in_an_error() -> None:
        with rankquill_mock.failing("content.list", 500, times=None) as fault:
            assert [active.id for active in rankquill_mock.faults()] == [fault.id]
            for _ in range(3):
                with pytest.raises(InternalServerError):
                    client.content.list(rankquill_mock.project_id)
            raise LookupError("the block fails")

    with pytest.raises(LookupError):
        an_outage_that_ends_in_an_error()
    assert rankquill_mock.faults() == []
    assert client.content.list(rankquill_mock.project_id).data == []
    # A fault that ran out inside the block is simply gone at its end.
    with rankquill_mock.failing("content.list", 502), pytest.raises(InternalServerError):
        client.content.list(rankquill_mock.project_id)
    assert client.content.list(rankquill_mock.project_id).data == []


def test_a_public_article_api_fault_is_scoped_to_the_projects_public_key(rankquill_mock: MockProject) -> None:
    fault = rankquill_mock.fail("publicArticles.get", 503)
    assert (fault.api_key, fault.public_api_key) == (None, rankquill_mock.public_api_key[:8] + "…")
    assert fault.project_id == rankquill_mock.project_id
    public = rankquill_mock.public_articles()
    with pytest.raises(InternalServerError) as caught:
        public.list()
    assert caught.value.status_code == 503
    assert public.list().data == []
    [ok, failed] = rankquill_mock.requests("publicArticles.get")
    assert (ok.status, failed.status, failed.fault) == (200, 503, fault.id)


def test_faults_match_in_the_order_they_were_made_and_go_one_by_one(rankquill_mock: MockProject) -> None:
    first = rankquill_mock.fail("*", 502)
    second = rankquill_mock.fail("projects.list", 504, times=None)
    assert [fault.id for fault in rankquill_mock.faults()] == [first.id, second.id]
    client = rankquill_mock.client()
    statuses: list[int] = []
    for _ in range(3):
        with pytest.raises(InternalServerError) as caught:
            client.projects.list()
        statuses.append(caught.value.status_code)
    assert statuses == [502, 504, 504]
    rankquill_mock.remove_fault(second.id)
    assert rankquill_mock.faults() == []
    with pytest.raises(MockServerAdminError) as missing:
        rankquill_mock.remove_fault(second)
    assert missing.value.status_code == 404
    rankquill_mock.remove_fault(second, missing_ok=True)
    rankquill_mock.fail("*", 500, times=None)
    rankquill_mock.clear_faults()
    assert [project.id for project in client.projects.list().data] == [rankquill_mock.project_id]


def test_the_journal_lists_this_accounts_requests_newest_first_and_forgets_them(
    rankquill_mock: MockProject,
) -> None:
    client = rankquill_mock.client()
    client.projects.retrieve(rankquill_mock.project_id)
    client.content.list(rankquill_mock.project_id, limit=5)
    # The fixture's own request comes first: it made the project.
    newest, retrieved, created = rankquill_mock.requests()
    assert (newest.operation, newest.method, newest.query) == ("content.list", "GET", {"limit": "5"})
    assert newest.path == f"/v1/projects/{rankquill_mock.project_id}/content"
    assert (retrieved.operation, retrieved.status, retrieved.body) == ("projects.retrieve", 200, None)
    assert (created.operation, created.method, created.status) == ("projects.create", "POST", 201)
    assert created.body == {"name": "Test project", "domain": "test-project.example"}
    assert newest.id.startswith("req_")
    assert rankquill_mock.requests("content.create") == []
    rankquill_mock.clear_requests()
    assert rankquill_mock.requests() == []


def test_the_journal_is_read_page_by_page_to_its_end(rankquill_mock: MockProject) -> None:
    client = rankquill_mock.client()
    for _ in range(105):
        client.projects.retrieve(rankquill_mock.project_id)
    entries = rankquill_mock.requests("projects.retrieve")
    assert len(entries) == 105
    assert len({entry.id for entry in entries}) == 105


def test_a_mistake_is_a_clear_error_naming_the_field(rankquill_mock: MockProject) -> None:
    with pytest.raises(MockServerAdminError) as unknown:
        rankquill_mock.fail("content.creat", 503)
    assert (unknown.value.status_code, unknown.value.param) == (400, "operation")
    # The server's whole message: every valid operation id, not a cut excerpt.
    for valid in ("content.create", "publicArticles.get", "exports.downloadPdf"):
        assert valid in str(unknown.value)
    with pytest.raises(MockServerAdminError, match=r"`status` must be one of 429, 500, 502, 503, 504"):
        rankquill_mock.fail("content.create", 418)
    with pytest.raises(MockServerAdminError, match=r"delay_ms") as slow:
        rankquill_mock.delay("content.create", 0)
    assert slow.value.param == "delay_ms"
    with pytest.raises(MockServerAdminError, match=r"times"):
        rankquill_mock.fail("content.create", 503, times=0)
    assert rankquill_mock.faults() == []


def test_no_key_appears_in_an_admin_error(rankquill_mock: MockProject) -> None:
    # The journal is read with the keys in its query: the error names the route, not the URL.
    with pytest.raises(MockServerAdminError, match=r"GET /__admin/requests answered 400") as caught:
        rankquill_mock.requests("content.creat")
    assert rankquill_mock.api_key not in str(caught.value)
    assert rankquill_mock.public_api_key not in str(caught.value)


@pytest.fixture
def faults_after_teardown(rankquill_mock_server: MockServer) -> Iterator[dict[str, str]]:
    """Asked for before `rankquill_mock`, it ends after it: it reads the server's faults of the
    account the test wrote down, once the fixture has cleaned up."""
    account: dict[str, str] = {}
    yield account
    left = rankquill_mock_server.admin("GET", "/faults")["data"]
    assert [fault for fault in left if fault["account_id"] == account["account_id"]] == []


def test_the_fixture_removes_the_tests_faults_when_the_test_ends(
    faults_after_teardown: dict[str, str], rankquill_mock: MockProject
) -> None:
    fault = rankquill_mock.fail("content.create", 500, times=None)
    rankquill_mock.delay("projects.list", 10, times=None)
    assert fault.account_id is not None
    faults_after_teardown["account_id"] = fault.account_id
    assert len(rankquill_mock.faults()) == 2
