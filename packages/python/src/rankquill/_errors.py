"""Every error the client raises, under one base class."""

from __future__ import annotations

import email.utils
import time
from collections.abc import Mapping
from typing import Any

from ._generated.client_policy import CLOCK_MODE_HEADER
from ._generated.operations import OPERATIONS


class RankquillError(Exception):
    """Base class of every error this package raises, so one `except` catches them all.

    Example:
        ```python
        try:
            client.projects.retrieve("proj_123")
        except rankquill.RankquillError as error:
            print(error)
        ```
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class APIError(RankquillError):
    """The API answered with a status that is not 2xx. Subclasses name the common statuses.

    Attributes:
        status_code: HTTP status of the answer.
        type: Stable error type, such as `invalid_request_error`; `None` when the body had none.
        message: What was wrong, in the API's words.
        param: The request field that was wrong, when one was.
        request_id: Id of the request (`X-Request-Id`); quote it when reporting a problem.
        headers: Headers of the answer.
        body: The parsed error body, or its text when it was not JSON.

    Example:
        ```python
        try:
            client.projects.create(name="Docs", domain="not a domain")
        except rankquill.APIError as error:
            print(error.status_code, error.type, error.param, error.request_id)
        ```
    """

    def __init__(
        self,
        message: str,
        *,
        status_code: int,
        headers: Mapping[str, str],
        type: str | None = None,
        param: str | None = None,
        request_id: str | None = None,
        body: Any = None,
    ) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.type = type
        self.param = param
        self.request_id = request_id if request_id is not None else headers.get("x-request-id")
        self.headers = headers
        self.body = body

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(status_code={self.status_code}, type={self.type!r}, "
            f"message={self.message!r}, param={self.param!r}, request_id={self.request_id!r})"
        )


class BadRequestError(APIError):
    """400: the request was malformed or a field was invalid; `param` names the field.

    Example:
        ```python
        try:
            client.projects.create(name="Docs", domain="not a domain")
        except BadRequestError as error:
            print(error.param, error.message)  # domain ...
        ```
    """


class AuthenticationError(APIError):
    """401: the API key is missing, malformed, unknown or replaced.

    Example:
        ```python
        try:
            Rankquill(api_key="rq_test_wrong").projects.list()
        except AuthenticationError as error:
            print(error.status_code)  # 401
        ```
    """


class NotFoundError(APIError):
    """404: the resource does not exist, or belongs to another account.

    Example:
        ```python
        try:
            client.projects.retrieve("proj_does_not_exist")
        except NotFoundError as error:
            print(error.status_code, error.request_id)  # 404 req_...
        ```
    """


class ConflictError(APIError):
    """409: the resource's state does not allow the call (publishing an article that is still
    generating), or an `Idempotency-Key` was reused with another request.

    Example:
        ```python
        try:
            client.content.publish("proj_123", job.id)  # still generating
        except ConflictError as error:
            print(error.message)
        ```
    """


class RateLimitError(APIError):
    """429: the account's hourly request limit is used up.

    Example:
        ```python
        try:
            client.projects.list()
        except rankquill.RateLimitError as error:
            time.sleep(error.retry_after or 60)
        ```
    """

    @property
    def retry_after(self) -> float | None:
        """Seconds to wait before the next request, from `Retry-After`; `None` when absent."""
        value = self.headers.get("retry-after")
        if value is None:
            return None
        try:
            return float(value)
        except ValueError:
            pass
        try:
            at = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        return max(0.0, at.timestamp() - time.time())


class InternalServerError(APIError):
    """5xx: the service failed. It was retried `max_retries` times first.

    Example:
        ```python
        try:
            client.projects.list()
        except InternalServerError as error:  # after the retries
            print(error.status_code, error.request_id)
        ```
    """


class APIConnectionError(RankquillError):
    """No answer arrived: the connection failed (DNS, refused, reset). Retried automatically.

    Example:
        ```python
        try:
            Rankquill(base_url="http://127.0.0.1:9/v1", max_retries=0).projects.list()
        except APIConnectionError as error:
            print(error)  # Could not reach the Rankquill API ...
        ```
    """


class APITimeoutError(APIConnectionError):
    """No answer arrived within `timeout` seconds. Retried automatically.

    Example:
        ```python
        try:
            client.projects.list(timeout=0.001, max_retries=0)
        except APITimeoutError:
            print("no answer in time")
        ```
    """


class CrossOriginRedirectError(APIConnectionError):
    """The API's address answered a redirect to another origin. The client follows no redirect,
    so neither the key nor a request body (a webhook secret in `projects.update`) reached that
    origin. Not retried: the same request gets the same redirect.

    Attributes:
        status_code: The redirect's status, such as 307.
        from_origin: The origin the request went to, such as `https://api.example.com`.
        to_origin: The other origin the redirect points at.

    Example:
        ```python
        try:
            client.projects.list()
        except rankquill.CrossOriginRedirectError as error:
            print(error.from_origin, "->", error.to_origin)
        ```
    """

    def __init__(self, message: str, *, status_code: int, from_origin: str, to_origin: str) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.from_origin = from_origin
        self.to_origin = to_origin


class WaitTimeoutError(RankquillError):
    """A `create_and_wait` gave up: the item was still being worked on when its wait ran out.

    Attributes:
        id: Id of the item that is still being worked on; retrieve it later.
        state: What it was still doing, such as `generating` or `processing`.

    Example:
        ```python
        try:
            article = client.content.create_and_wait("proj_123", keyword="cold brew", wait_timeout=30)
        except rankquill.WaitTimeoutError as error:
            article = client.content.retrieve("proj_123", error.id)
        ```
    """

    def __init__(self, id: str, waited: float, state: str) -> None:
        super().__init__(
            f"{id} was still {state} after {waited:.1f} s. Retrieve it later, or pass a longer wait_timeout."
        )
        self.id = id
        self.state = state


class ManualClockError(RankquillError):
    """`content.create_and_wait()` stopped waiting because the server runs a manual clock (a
    `rankquill-mock serve --clock manual` in a test; it answers `x-rankquill-clock: manual`): its
    time moves only through `POST /__admin/clock/advance`, so waiting would never end. It polls for
    at most a second first, so a test that moves the clock meanwhile still gets the article.

    Attributes:
        id: Id of the item that is still generating; advance the clock past its
            `estimated_completion`, then retrieve it.

    Example:
        ```python
        try:
            article = client.content.create_and_wait("proj_123", keyword="cold brew")
        except rankquill.ManualClockError as error:
            print(f"advance the clock, then retrieve {error.id}")
        ```
    """

    def __init__(self, id: str) -> None:
        advance = OPERATIONS["admin.clock.advance"]
        super().__init__(
            f"{id} is still generating, and the server runs a manual clock (it answers "
            f"{CLOCK_MODE_HEADER}: manual): its time moves only through {advance.method} {advance.path}, "
            "so waiting would never end. Advance the clock past estimated_completion, then retrieve "
            f"{id}."
        )
        self.id = id
