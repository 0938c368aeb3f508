"""The mock as a test double, scoped to one account: faults on demand and the journal of its requests."""

from __future__ import annotations

from collections.abc import Generator, Mapping
from contextlib import contextmanager
from typing import Any

from .._generated.models import Fault, FaultList, RequestJournalEntry
from ._server import MockServer, MockServerAdminError, admin_call

# The operation whose requests carry the project's public key, not the account's main key.
_PUBLIC_OPERATION = "publicArticles.get"
# The largest page of the journal the server answers.
_JOURNAL_PAGE = 100


class FaultVerbs:
    """Faults and the request journal of one account and its project's public key, on a running
    `MockServer`: a fault reaches only this account's requests (a `publicArticles.get` fault only
    this project's public key), and `requests()` shows only them, so tests that each hold an account
    never see each other's, in parallel too. `MockProject` (the `rankquill_mock` fixture) has them.

    Example:
        ```python
        def test_a_503_is_retried(rankquill_mock):
            rankquill_mock.fail("content.create", 503)
            client = rankquill_mock.client(max_retries=1)
            client.content.create(rankquill_mock.project_id, keyword="cold brew")
            assert [entry.status for entry in rankquill_mock.requests("content.create")] == [202, 503]
        ```
    """

    server: MockServer
    api_key: str
    public_api_key: str

    def fail(
        self,
        operation: str,
        status: int,
        *,
        times: int | None = 1,
        headers: Mapping[str, str] | None = None,
    ) -> Fault:
        """Makes the next `times` requests of this account to `operation` answer `status` (429, 500,
        502, 503 or 504) with the service's own error body and headers; a 429 carries
        `Retry-After: 1` unless `headers` sets another. `operation` is a contract operation id
        (`content.create`, `publicArticles.get`, ...) or `"*"`; `times=None` applies it until it is
        removed. Answers the fault; raises `MockServerAdminError` for a mistake (an unknown
        operation id: the message lists the valid ones).

        Example:
            ```python
            rankquill_mock.fail("content.create", 503, times=2)  # a client with 2 retries succeeds
            rankquill_mock.fail("projects.retrieve", 429, headers={"Retry-After": "2"})
            ```
        """
        action: dict[str, Any] = {"status": status}
        if headers is not None:
            action["headers"] = dict(headers)
        return self._make(operation, action, times)

    def delay(self, operation: str, ms: int, *, times: int | None = 1) -> Fault:
        """Holds the next `times` requests of this account to `operation` for `ms` milliseconds
        (1 to 120,000) of real time, then answers them for real; the mock clock does not move.

        Example:
            ```python
            rankquill_mock.delay("projects.retrieve", 3000)
            client = rankquill_mock.client(timeout=0.5)  # client.projects.retrieve(...) times out
            ```
        """
        return self._make(operation, {"delay_ms": ms}, times)

    def disconnect(self, operation: str, *, after_commit: bool = True, times: int | None = 1) -> Fault:
        """Closes the connection of the next `times` requests of this account to `operation` with
        no answer. With `after_commit` (the default) the operation runs and commits first: the lost
        answer, which a retry with the same `Idempotency-Key` gets replayed; without, it never runs.

        Example:
            ```python
            rankquill_mock.disconnect("content.create")
            client = rankquill_mock.client(max_retries=1)
            job = client.content.create(rankquill_mock.project_id, keyword="lost answer")  # one article
            ```
        """
        if not isinstance(after_commit, bool):
            raise TypeError(f"after_commit must be True or False; got {after_commit!r}.")
        return self._make(operation, {"disconnect": "after" if after_commit else "before"}, times)

    @contextmanager
    def failing(
        self,
        operation: str,
        status: int,
        *,
        times: int | None = 1,
        headers: Mapping[str, str] | None = None,
    ) -> Generator[Fault, None, None]:
        """`fail()` for the span of a `with` block: the fault is removed when the block ends, even
        one that applies until removed (`times=None`); one that already ran out is simply gone.

        Example:
            ```python
            with rankquill_mock.failing("content.create", 503, times=None) as fault:
                ...  # every content.create of this account answers 503 here
            # and no longer here; fault.id is its id (flt_…)
            ```
        """
        fault = self.fail(operation, status, times=times, headers=headers)
        try:
            yield fault
        finally:
            self.remove_fault(fault, missing_ok=True)

    def faults(self) -> list[Fault]:
        """The active faults of this account and of its project's public key, in the order they
        match (the order they were made).

        Example:
            ```python
            assert rankquill_mock.faults() == []
            ```
        """
        faults = admin_call(self.server.url, "admin.faults.list", query=self._scope())
        return FaultList.model_validate(faults).data

    def remove_fault(self, fault: Fault | str, *, missing_ok: bool = False) -> None:
        """Removes one fault (the fault or its id). A fault that ran out of `times` is gone already:
        `MockServerAdminError` (404), unless `missing_ok`.

        Example:
            ```python
            fault = rankquill_mock.fail("content.list", 500, times=None)
            rankquill_mock.remove_fault(fault)
            ```
        """
        fault_id = fault if isinstance(fault, str) else fault.id
        try:
            admin_call(self.server.url, "admin.faults.delete", path_ids={"fault_id": fault_id})
        except MockServerAdminError as error:
            if not (missing_ok and error.status_code == 404):
                raise

    def clear_faults(self) -> None:
        """Removes every fault of this account and of its project's public key (the fixture does at
        the end of each test).

        Example:
            ```python
            rankquill_mock.fail("*", 500, times=None)
            rankquill_mock.clear_faults()  # every operation answers for real again
            ```
        """
        admin_call(self.server.url, "admin.faults.clear", query=self._scope())

    def requests(self, operation: str | None = None) -> list[RequestJournalEntry]:
        """The requests of this account and of its project's public key, newest first, as the
        server's journal recorded them (`operation`: only those to it): request id, time on the
        mock clock, method, path, query, `idempotency_key`, the body as parsed JSON, `status`
        (`None` for a closed connection), `duration_ms` and the `fault` that applied. Keys and
        secrets show as their first 8 characters and `…`.

        Example:
            ```python
            attempts = rankquill_mock.requests("content.create")
            assert len({entry.idempotency_key for entry in attempts}) == 1
            ```
        """
        entries: list[RequestJournalEntry] = []
        query = self._scope()
        if operation is not None:
            query["operation"] = operation
        while True:
            page_query = {**query, "limit": str(_JOURNAL_PAGE), "offset": str(len(entries))}
            page = admin_call(self.server.url, "admin.requests.list", query=page_query)
            entries.extend(RequestJournalEntry.model_validate(entry) for entry in page["data"])
            if not page["pagination"]["has_more"]:
                return entries

    def clear_requests(self) -> None:
        """Forgets the requests of this account and of its project's public key in the journal.

        Example:
            ```python
            rankquill_mock.clear_requests()
            assert rankquill_mock.requests() == []
            ```
        """
        admin_call(self.server.url, "admin.requests.clear", query=self._scope())

    def _scope(self) -> dict[str, str]:
        """The query that limits a list or a clear to this account and its project's public key."""
        return {"api_key": self.api_key, "public_api_key": self.public_api_key}

    def _make(self, operation: str, action: dict[str, Any], times: int | None) -> Fault:
        # The public article API is called with the project's public key, everything else with the
        # account's main key.
        if operation == _PUBLIC_OPERATION:
            body: dict[str, Any] = {"operation": operation, "public_api_key": self.public_api_key}
        else:
            body = {"operation": operation, "api_key": self.api_key}
        body.update(action, times=times)
        return Fault.model_validate(admin_call(self.server.url, "admin.faults.create", body))
