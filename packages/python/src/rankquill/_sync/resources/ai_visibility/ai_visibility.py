# Generated from src/rankquill/_async/resources/ai_visibility/ai_visibility.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.ai_visibility`: how often AI answers mention and cite a project's brand."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping
from typing import Literal

from ...._call_options import CallOptions
from ...._generated.models import AiVisibilityScore
from ...._params import query_params
from ...._raw_response import to_raw_response
from ...._types import NOT_GIVEN, NotGiven
from ...export_file import ExportFile
from ...transport import Transport
from .._resource import APIResource
from .prompts import Prompts, PromptsWithRawResponse
from .responses import Responses, ResponsesWithRawResponse
from .topics import Topics, TopicsWithRawResponse


class AiVisibility(APIResource):
    """A project's AI visibility: retrieve (the score), export, and `topics`, `prompts`, `responses`.

    Example:
        ```python
        with Rankquill() as client:
            visibility = client.ai_visibility.retrieve("proj_123")
            print(visibility.score, [platform.platform for platform in visibility.platforms])
        ```
    """

    def __init__(self, transport: Transport) -> None:
        super().__init__(transport)
        self.topics = Topics(transport)
        """Topics that group prompts: create, list."""
        self.prompts = Prompts(transport)
        """Prompts asked of every AI platform daily: create, list."""
        self.responses = Responses(transport)
        """The platforms' answers to the prompts: list."""

    def retrieve(
        self,
        project_id: str,
        *,
        from_: str | _dt.date | NotGiven = NOT_GIVEN,
        to: str | _dt.date | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> AiVisibilityScore:
        """Gets the visibility score over a period (default the last 30 days), with its parts per
        platform and the domains the answers cite.

        Args:
            from_: First day (`YYYY-MM-DD` or a `date`), sent as `from`.
            to: Last day.

        Example:
            ```python
            score = client.ai_visibility.retrieve("proj_123", from_="2026-01-01", to="2026-01-31")
            print(score.score, [(platform.platform, platform.score) for platform in score.platforms])
            ```
        """
        return self._transport.request(
            "aiVisibility.retrieve",
            AiVisibilityScore,
            ids=(project_id,),
            query=query_params({"from_": from_, "to": to}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def export(
        self,
        project_id: str,
        *,
        format: Literal["json"] = "json",
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> ExportFile:
        """Exports topics, prompts, responses, citation scores and the platform breakdown as JSON
        (an `AiVisibilityExport` document).

        Example:
            ```python
            file = client.ai_visibility.export("proj_123")
            document = AiVisibilityExport.model_validate_json(file.read())
            ```
        """
        return self._transport.request_file(
            "aiVisibility.export",
            ids=(project_id,),
            query=query_params({"format": format}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )


class AiVisibilityWithRawResponse:
    """`client.with_raw_response.ai_visibility`: each method answers a `RawResponse`."""

    def __init__(self, ai_visibility: AiVisibility) -> None:
        self.retrieve = to_raw_response(ai_visibility.retrieve)
        self.export = to_raw_response(ai_visibility.export)
        self.topics = TopicsWithRawResponse(ai_visibility.topics)
        self.prompts = PromptsWithRawResponse(ai_visibility.prompts)
        self.responses = ResponsesWithRawResponse(ai_visibility.responses)
