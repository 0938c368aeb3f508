"""Sends a client's requests: headers, JSON, Idempotency-Key, timeouts and retries, and turns
every failure into one of the package's errors. No redirect is followed, whatever `http_client`
says (`follow_redirects=False` on every send): one to another origin raises
`CrossOriginRedirectError`, so the key, a secret or a body never reaches that origin; one within
the origin is the base-URL error (the API never redirects)."""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Mapping, Sequence
from typing import TypeVar, cast

import httpx2
from pydantic import BaseModel, ValidationError

from .._call_options import NO_OPTIONS, CallOptions
from .._error_from_response import error_from_response
from .._errors import APIConnectionError, APITimeoutError, CrossOriginRedirectError, RankquillError
from .._generated.operations import OPERATIONS, Operation
from .._http_logging import sending
from .._pages import AsyncPage, AsyncPaginator, ListEnvelope, Query, async_start
from .._path import operation_path
from .._raw_response import record_response
from .._redirects import cross_origin_redirect
from .._retry import retry_delay
from .._settings import ClientSettings, base_url_of
from .._types import NotGiven
from .._wrong_address import wrong_address_message
from .export_file import AsyncExportFile

Model = TypeVar("Model", bound=BaseModel)

_logger = logging.getLogger("rankquill")


class AsyncTransport:
    """One client's connection pool and request rules. Resources share it."""

    def __init__(
        self,
        settings: ClientSettings,
        http_client: httpx2.AsyncClient | None,
        *,
        service: str,
    ) -> None:
        self.settings = settings
        self.http_client = http_client if http_client is not None else httpx2.AsyncClient()
        self._owns_http_client = http_client is None
        self._service = service
        self._timeout = httpx2.Timeout(settings.timeout)

    async def request(
        self,
        operation_id: str,
        answer: type[Model],
        *,
        ids: Sequence[str] = (),
        query: Mapping[str, str] | None = None,
        body: object = None,
        options: CallOptions = NO_OPTIONS,
    ) -> Model:
        """Calls an operation of the table with its path `ids` and parses its JSON answer as `answer`."""
        operation = OPERATIONS[operation_id]
        response = await self.send(
            operation, self.url_of(operation, ids), query=query, body=body, options=options
        )
        return parse_answer(response, answer)

    def paginate(
        self,
        operation_id: str,
        item: type[Model],
        *,
        ids: Sequence[str] = (),
        query: Query,
        options: CallOptions = NO_OPTIONS,
    ) -> AsyncPaginator[Model]:
        """A list operation: its first page, and every page after it when iterated."""
        operation = OPERATIONS[operation_id]
        url = self.url_of(operation, ids)  # now, so a wrong id raises at the call
        envelope = cast("type[ListEnvelope[Model]]", ListEnvelope.__class_getitem__(item))

        async def fetch(page_query: Query) -> AsyncPage[Model]:
            response = await self.send(operation, url, query=page_query, options=options)
            answer = parse_answer(response, envelope)
            return AsyncPage(answer.data, answer.pagination, page_query, fetch)

        return async_start(fetch, query)

    async def request_file(
        self,
        operation_id: str,
        *,
        ids: Sequence[str] = (),
        query: Mapping[str, str] | None = None,
        options: CallOptions = NO_OPTIONS,
        url: str | None = None,
        send_key: bool = True,
    ) -> AsyncExportFile:
        """An operation whose answer is a file (sent to `url` instead when given, such as a signed
        download link): the 2xx answer comes back unread, to be streamed."""
        operation = OPERATIONS[operation_id]
        response = await self.send(
            operation,
            url if url is not None else self.url_of(operation, ids),
            query=query,
            options=options,
            stream=True,
            send_key=send_key,
            accept="*/*",
            at_base_url=url is None,
        )
        return AsyncExportFile(response)

    def url_of(self, operation: Operation, ids: Sequence[str] = ()) -> str:
        """The address of an operation of this client, its `ids` encoded into its path."""
        return base_url_of(self.settings, operation) + operation_path(operation, ids)

    async def send(
        self,
        operation: Operation,
        url: str,
        *,
        query: Mapping[str, str] | None = None,
        body: object = None,
        options: CallOptions = NO_OPTIONS,
        stream: bool = False,
        send_key: bool = True,
        accept: str | None = None,
        at_base_url: bool = True,
    ) -> httpx2.Response:
        """Sends one call, retrying as `retry_delay` says, and answers its 2xx response.
        `at_base_url` is false for a URL the server handed out (a signed download link)."""
        method = operation.method
        headers = self._headers_of(operation, body is not None, options, send_key=send_key, accept=accept)
        content = None if body is None else json.dumps(body, separators=(",", ":")).encode()
        timeout = self._timeout if isinstance(options.timeout, NotGiven) else httpx2.Timeout(options.timeout)
        max_retries = (
            self.settings.max_retries if isinstance(options.max_retries, NotGiven) else options.max_retries
        )
        attempt = 0
        while True:
            attempt += 1
            failure: RankquillError
            final = False  # raised without a retry
            status_code: int | None = None
            failure_headers: Mapping[str, str] = {}
            request = self.http_client.build_request(
                method, url, params=query, content=content, headers=headers, timeout=timeout
            )
            try:
                with sending():
                    # Per request, over whatever the caller's http_client was built with.
                    response = await self.http_client.send(request, stream=stream, follow_redirects=False)
            except httpx2.TimeoutException:
                failure = self._timeout_error(timeout, attempt)
            except httpx2.RequestError as error:
                failure = self._connection_error(url, error, attempt)
            else:
                _logger.debug(
                    'HTTP Request: %s %s "%s %d %s"',
                    method,
                    _without_query(url),
                    response.http_version,
                    response.status_code,
                    response.reason_phrase,
                )
                redirect = cross_origin_redirect(str(request.url), response.status_code, response.headers)
                wrong_address = wrong_address_message(
                    self.settings, self._service, response.status_code, response.headers
                )
                if response.is_success and wrong_address is None:
                    record_response(response.status_code, response.headers)
                    return response
                try:
                    error_body = b"" if redirect else await response.aread()
                finally:
                    await response.aclose()
                status_code, failure_headers = response.status_code, response.headers
                if redirect is not None:
                    failure = self._redirect_error(status_code, *redirect, at_base_url=at_base_url)
                    final = True
                else:
                    failure = error_from_response(
                        status_code, error_body, failure_headers, message=wrong_address
                    )
            retry = attempt <= max_retries and not final
            delay = retry_delay(status_code, failure_headers, attempt) if retry else None
            if delay is None:
                # Raised here, outside the `except` blocks: the error keeps no link to the
                # library's exception, whose request holds the API key.
                _logger.debug("%s %s failed: %s", method, _without_query(url), type(failure).__name__)
                raise failure
            _logger.info(
                "Retrying %s %s in %.2f s (retry %d of %d) after %s",
                method,
                _without_query(url),
                delay,
                attempt,
                max_retries,
                status_code if status_code is not None else type(failure).__name__,
            )
            await asyncio.sleep(delay)

    async def close(self) -> None:
        """Closes the connection pool, unless it was passed in as `http_client`."""
        if self._owns_http_client:
            await self.http_client.aclose()

    def _headers_of(
        self,
        operation: Operation,
        has_body: bool,
        options: CallOptions,
        *,
        send_key: bool,
        accept: str | None,
    ) -> Mapping[str, str]:
        base = self.settings.headers
        if (
            not has_body
            and not operation.idempotent
            and options.extra_headers is None
            and send_key
            and accept is None
        ):
            return base  # the common GET: one shared mapping, copied by httpx2
        headers = dict(base)
        if accept is not None:
            headers["accept"] = accept
        if not send_key:
            del headers[self.settings.key_header]
        if has_body:
            headers["content-type"] = "application/json"
        if operation.idempotent:
            # One key for every attempt of this call, so a retry never creates twice.
            headers["idempotency-key"] = options.idempotency_key or f"rq-sdk-{uuid.uuid4()}"
        for name, value in (options.extra_headers or {}).items():
            headers[name.lower()] = value
        return headers

    def _timeout_error(self, timeout: httpx2.Timeout, attempts: int) -> APITimeoutError:
        seconds = timeout.read if timeout.read is not None else self.settings.timeout
        tries = f", on each of {attempts} attempts" if attempts > 1 else ""
        return APITimeoutError(
            f"{self._service} did not answer within {seconds:g} s{tries}. "
            "Pass a longer timeout= to the client or to the call if it needs longer."
        )

    def _redirect_error(
        self, status_code: int, from_origin: str, to_origin: str, *, at_base_url: bool
    ) -> CrossOriginRedirectError:
        fix = (
            "Set base_url to the address that answers without a redirect."
            if at_base_url
            else "A download link must answer at its own origin."
        )
        service = self._service[0].upper() + self._service[1:]
        return CrossOriginRedirectError(
            f"{service} at {from_origin} answered {status_code}, a redirect to another origin, "
            f"{to_origin}: not followed, so neither the key nor the request body was sent there. {fix}",
            status_code=status_code,
            from_origin=from_origin,
            to_origin=to_origin,
        )

    def _connection_error(self, url: str, error: httpx2.RequestError, attempts: int) -> APIConnectionError:
        origin = httpx2.URL(url).copy_with(path="/", query=None, fragment=None)
        detail = str(error) or type(error).__name__
        tries = f" (tried {attempts} times)" if attempts > 1 else ""
        return APIConnectionError(
            f"Could not reach {self._service} at {origin}{tries}: {detail}. Check base_url and your network."
        )


def parse_answer(response: httpx2.Response, answer: type[Model]) -> Model:
    """The JSON body of a 2xx answer as `answer`, or a clear error when it is not that."""
    try:
        return answer.model_validate_json(response.content)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in problem['loc']) or 'body'}: {problem['msg']}"
            for problem in error.errors(include_input=False, include_url=False)[:3]
        )
    raise RankquillError(
        f"The API answered {response.status_code} with a body this client cannot read "
        f"(request id {response.headers.get('x-request-id', 'unknown')}): {problems}. "
        "Check that base_url points at the Rankquill API."
    )


def _without_query(url: str) -> str:
    return url.split("?", 1)[0]
