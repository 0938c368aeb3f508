# Generated from src/rankquill/_async/resources/ai_visibility/responses.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.ai_visibility.responses`: the AI platforms' answers to a project's prompts."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import Literal

from ...._call_options import CallOptions
from ...._generated.models import AiVisibilityResponse
from ...._pages import Page
from ...._params import query_params
from ...._raw_response import to_raw_response
from ...._types import NOT_GIVEN, NotGiven
from .._resource import APIResource

AiPlatform = Literal["chatgpt", "perplexity", "gemini", "claude", "google_ai_overviews"]


class Responses(APIResource):
    """Responses: list.

    Example:
        ```python
        with Rankquill() as client:
            for answer in client.ai_visibility.responses.list("proj_123", platform="chatgpt"):
                print(answer.date, answer.mentioned)
        ```
    """

    def list(
        self,
        project_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
        prompt_id: str | NotGiven = NOT_GIVEN,
        topic_id: str | NotGiven = NOT_GIVEN,
        platform: AiPlatform | NotGiven = NOT_GIVEN,
        from_: str | _dt.date | NotGiven = NOT_GIVEN,
        to: str | _dt.date | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Page[AiVisibilityResponse]:
        """Lists the answers, newest first, filtered by prompt, topic, platform or days.

        Args:
            from_: First day (`YYYY-MM-DD` or a `date`), sent as `from`.
            to: Last day.

        Example:
            ```python
            for answer in client.ai_visibility.responses.list("proj_123", platform="perplexity"):
                print(answer.date, answer.mentioned, answer.cited_urls)
            ```
        """
        return self._transport.paginate(
            "aiVisibility.responses.list",
            AiVisibilityResponse,
            ids=(project_id,),
            query=query_params(
                {
                    "limit": limit,
                    "offset": offset,
                    "prompt_id": prompt_id,
                    "topic_id": topic_id,
                    "platform": platform,
                    "from_": from_,
                    "to": to,
                }
            ),
            options=CallOptions(extra_headers, timeout, max_retries),
        )


class ResponsesWithRawResponse:
    """`client.with_raw_response.ai_visibility.responses`: each method answers a `RawResponse`."""

    def __init__(self, responses: Responses) -> None:
        self.list = to_raw_response(responses.list)
