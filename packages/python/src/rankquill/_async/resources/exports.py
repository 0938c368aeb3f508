"""`client.exports`: bulk exports made in the background and downloaded through a signed URL."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Mapping, Sequence
from typing import Literal

from ..._call_options import CallOptions
from ..._errors import RankquillError, WaitTimeoutError
from ..._generated.client_policy import POLLING_EXPORT_INTERVAL_SECONDS, POLLING_WAIT_TIMEOUT_SECONDS
from ..._generated.models import BulkExport, BulkExportCreateParamsDateRange
from ..._params import body_params
from ..._raw_response import async_to_raw_response
from ..._settings import server_root
from ..._types import NOT_GIVEN, NotGiven
from ..export_file import AsyncExportFile
from ._resource import AsyncAPIResource

BulkExportType = Literal["content", "keywords", "ai-visibility"]
BulkExportFormat = Literal["json", "csv", "pdf"]

_UNFINISHED = ("pending", "processing")


class AsyncExports(AsyncAPIResource):
    """Bulk exports (JSON, a ZIP of CSVs, a PDF report): create, retrieve, create_and_wait, download.

    Example:
        ```python
        async with AsyncRankquill() as client:
            export = await client.exports.create_and_wait("proj_123", types=["content"], format="json")
            async with await client.exports.download(export) as file:
                await file.write_to("export.json")
        ```
    """

    async def create(
        self,
        project_id: str,
        *,
        types: Sequence[BulkExportType],
        format: BulkExportFormat,
        date_range: BulkExportCreateParamsDateRange | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> BulkExport:
        """Starts a bulk export; it answers at once with `status` `pending`. Poll `retrieve()` (or
        use `create_and_wait()`) until it is `ready`, then `download()` it.

        Args:
            types: Any of `content`, `keywords`, `ai-visibility`.
            format: `json` (one document), `csv` (a ZIP of one CSV per type) or `pdf` (a report).
            date_range: `{"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}`; absent: everything.

        Example:
            ```python
            started = await client.exports.create(
                "proj_123",
                types=["content", "keywords"],
                format="csv",
                date_range={"from": "2026-01-01", "to": "2026-01-31"},
            )
            ```
        """
        return await self._transport.request(
            "exports.create",
            BulkExport,
            ids=(project_id,),
            body=body_params({"types": list(types), "format": format, "date_range": date_range}),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )

    async def retrieve(
        self,
        project_id: str,
        export_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> BulkExport:
        """Gets a bulk export. A `ready` one carries a freshly signed `download_url`, valid an hour.

        Example:
            ```python
            export = await client.exports.retrieve("proj_123", "exp_456")
            if export.status == "ready":
                print(export.download_url)
            ```
        """
        return await self._transport.request(
            "exports.retrieve",
            BulkExport,
            ids=(project_id, export_id),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    async def create_and_wait(
        self,
        project_id: str,
        *,
        types: Sequence[BulkExportType],
        format: BulkExportFormat,
        date_range: BulkExportCreateParamsDateRange | NotGiven = NOT_GIVEN,
        poll_interval: float = POLLING_EXPORT_INTERVAL_SECONDS,
        wait_timeout: float = POLLING_WAIT_TIMEOUT_SECONDS,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> BulkExport:
        """Starts a bulk export and polls until it leaves `pending` and `processing`, then answers
        it: `ready` (download it) or `failed` (see `failure_reason`).

        Args:
            poll_interval: Seconds between polls (default 1).
            wait_timeout: Seconds to wait in all before `WaitTimeoutError` (default 600).

        Example:
            ```python
            export = await client.exports.create_and_wait("proj_123", types=["content"], format="json")
            if export.status == "ready":
                document = await (await client.exports.download(export)).json()
            ```
        """
        started = time.monotonic()
        current = await self.create(
            project_id,
            types=types,
            format=format,
            date_range=date_range,
            extra_headers=extra_headers,
            timeout=timeout,
            max_retries=max_retries,
            idempotency_key=idempotency_key,
        )
        while current.status in _UNFINISHED:
            remaining = started + wait_timeout - time.monotonic()
            if remaining <= 0:
                raise WaitTimeoutError(current.id, time.monotonic() - started, current.status)
            await asyncio.sleep(min(poll_interval, remaining))
            current = await self.retrieve(
                project_id, current.id, extra_headers=extra_headers, timeout=timeout, max_retries=max_retries
            )
        return current

    async def download(
        self,
        export: BulkExport | str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncExportFile:
        """Downloads the file of a ready export, given the export or its `download_url`. The URL
        carries a signed token, so the API key is not sent; a link past its hour raises
        `AuthenticationError`: retrieve the export again for a fresh one.

        Example:
            ```python
            export = await client.exports.create_and_wait("proj_123", types=["content"], format="pdf")
            async with await client.exports.download(export) as file:
                await file.write_to(file.filename or "report.pdf")
            ```
        """
        url = export if isinstance(export, str) else _ready_url(export)
        return await self._transport.request_file(
            "exports.download",
            url=_absolute_url(url, server_root(self._transport.settings)),
            options=CallOptions(extra_headers, timeout, max_retries),
            send_key=False,
        )


def _ready_url(export: BulkExport) -> str:
    if export.status != "ready" or not export.download_url:
        raise RankquillError(
            f"Export {export.id} is {export.status}, not ready: wait for it with exports.create_and_wait(), "
            "or retrieve it until its status is 'ready'."
        )
    return export.download_url


def _absolute_url(url: str, root_url: str) -> str:
    """A download URL the server gave as a path (it did not know its own address) is on its root."""
    if re.match(r"^https?://", url, re.IGNORECASE):
        return url
    if not url.startswith("/"):
        raise RankquillError(f"download() needs an export or its download_url, got {url!r}.")
    return root_url + url


class AsyncExportsWithRawResponse:
    """`client.with_raw_response.exports`: each method answers a `RawResponse`."""

    def __init__(self, exports: AsyncExports) -> None:
        self.create = async_to_raw_response(exports.create)
        self.retrieve = async_to_raw_response(exports.retrieve)
        self.download = async_to_raw_response(exports.download)
