"""`client.keywords`: a project's tracked keywords, their rankings and opportunities."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import Literal

from ..._call_options import CallOptions
from ..._generated.models import Keyword, KeywordOpportunity, KeywordPerformancePoint
from ..._pages import AsyncPaginator
from ..._params import body_params, query_params
from ..._raw_response import async_to_raw_response
from ..._types import NOT_GIVEN, NotGiven
from ..export_file import AsyncExportFile
from ._resource import AsyncAPIResource


class AsyncKeywords(AsyncAPIResource):
    """A project's tracked keywords: create, list, opportunities, performance, export.

    Example:
        ```python
        async with AsyncRankquill() as client:
            keyword = await client.keywords.create("proj_123", keyword="cold brew ratio")
            print(keyword.position, keyword.opportunity_score)
        ```
    """

    async def create(
        self,
        project_id: str,
        *,
        keyword: str,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> Keyword:
        """Starts tracking a search query; it is checked at once and then daily at 00:00 UTC.

        Example:
            ```python
            keyword = await client.keywords.create("proj_123", keyword="cold brew ratio")
            print(keyword.position, keyword.volume, keyword.opportunity_score)
            ```
        """
        return await self._transport.request(
            "keywords.create",
            Keyword,
            ids=(project_id,),
            body=body_params({"keyword": keyword}),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )

    def list(
        self,
        project_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[Keyword]:
        """Lists the tracked keywords with their latest check, newest first.

        Example:
            ```python
            async for keyword in client.keywords.list("proj_123"):
                print(keyword.keyword, keyword.position, keyword.change)
            ```
        """
        return self._transport.paginate(
            "keywords.list",
            Keyword,
            ids=(project_id,),
            query=query_params({"limit": limit, "offset": offset}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def opportunities(
        self,
        project_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[KeywordOpportunity]:
        """Lists every tracked keyword by opportunity score, highest first, with its factors.

        Example:
            ```python
            page = await client.keywords.opportunities("proj_123", limit=5)
            for opportunity in page.data:
                print(opportunity.keyword, opportunity.opportunity_score)
            ```
        """
        return self._transport.paginate(
            "keywords.opportunities",
            KeywordOpportunity,
            ids=(project_id,),
            query=query_params({"limit": limit, "offset": offset}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def performance(
        self,
        project_id: str,
        keyword_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
        from_: str | _dt.date | NotGiven = NOT_GIVEN,
        to: str | _dt.date | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncPaginator[KeywordPerformancePoint]:
        """Lists a keyword's daily rankings, newest day first, optionally between two days.

        Args:
            from_: First day (`YYYY-MM-DD` or a `date`), sent as `from`.
            to: Last day.

        Example:
            ```python
            async for point in client.keywords.performance("proj_123", "kw_456", from_="2026-01-01"):
                print(point.date, point.position, point.clicks)
            ```
        """
        return self._transport.paginate(
            "keywords.performance",
            KeywordPerformancePoint,
            ids=(project_id, keyword_id),
            query=query_params({"limit": limit, "offset": offset, "from_": from_, "to": to}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    async def export(
        self,
        project_id: str,
        *,
        format: Literal["csv"] = "csv",
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AsyncExportFile:
        """Exports the tracked keywords as CSV: keyword, volume, position, position change,
        impressions, clicks, opportunity score.

        Example:
            ```python
            file = await client.keywords.export("proj_123")
            csv_text = await file.text()
            ```
        """
        return await self._transport.request_file(
            "keywords.export",
            ids=(project_id,),
            query=query_params({"format": format}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )


class AsyncKeywordsWithRawResponse:
    """`client.with_raw_response.keywords`: each method answers a `RawResponse`."""

    def __init__(self, keywords: AsyncKeywords) -> None:
        self.create = async_to_raw_response(keywords.create)
        self.list = async_to_raw_response(keywords.list)
        self.opportunities = async_to_raw_response(keywords.opportunities)
        self.performance = async_to_raw_response(keywords.performance)
        self.export = async_to_raw_response(keywords.export)
