# Generated from src/rankquill/_async/resources/activity.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.activity`: a project's activity feed."""

from __future__ import annotations

from collections.abc import Mapping

from ..._call_options import CallOptions
from ..._generated.models import ActivityEntry
from ..._pages import Page
from ..._params import query_params
from ..._raw_response import to_raw_response
from ..._types import NOT_GIVEN, NotGiven
from ._resource import APIResource


class Activity(APIResource):
    """A project's activity feed: list.

    Example:
        ```python
        with Rankquill() as client:
            for entry in client.activity.list("proj_123"):
                print(entry.type, entry.message)
        ```
    """

    def list(
        self,
        project_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Page[ActivityEntry]:
        """Lists what happened in a project (generation, publication, webhook deliveries), newest first.

        Example:
            ```python
            for entry in client.activity.list("proj_123"):
                print(entry.created_at, entry.type, entry.message)
            ```
        """
        return self._transport.paginate(
            "activity.list",
            ActivityEntry,
            ids=(project_id,),
            query=query_params({"limit": limit, "offset": offset}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )


class ActivityWithRawResponse:
    """`client.with_raw_response.activity`: each method answers a `RawResponse`."""

    def __init__(self, activity: Activity) -> None:
        self.list = to_raw_response(activity.list)
