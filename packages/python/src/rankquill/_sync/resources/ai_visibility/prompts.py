# Generated from src/rankquill/_async/resources/ai_visibility/prompts.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.ai_visibility.prompts`: what every AI platform is asked daily."""

from __future__ import annotations

from collections.abc import Mapping

from ...._call_options import CallOptions
from ...._generated.models import AiVisibilityPrompt
from ...._pages import Page
from ...._params import body_params, query_params
from ...._raw_response import to_raw_response
from ...._types import NOT_GIVEN, NotGiven
from .._resource import APIResource


class Prompts(APIResource):
    """Prompts: create, list.

    Example:
        ```python
        with Rankquill() as client:
            prompts = client.ai_visibility.prompts
            prompt = prompts.create("proj_123", topic_id="top_456", text="Best espresso beans?")
            print(prompt.id)
        ```
    """

    def create(
        self,
        project_id: str,
        *,
        topic_id: str,
        text: str,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> AiVisibilityPrompt:
        """Creates a prompt in a topic; every platform answers it at once and then daily.

        Example:
            ```python
            prompt = client.ai_visibility.prompts.create(
                "proj_123", topic_id="top_456", text="What is the best cold brew ratio?"
            )
            ```
        """
        return self._transport.request(
            "aiVisibility.prompts.create",
            AiVisibilityPrompt,
            ids=(project_id,),
            body=body_params({"topic_id": topic_id, "text": text}),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )

    def list(
        self,
        project_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
        topic_id: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Page[AiVisibilityPrompt]:
        """Lists a project's prompts, newest first, optionally of one topic.

        Example:
            ```python
            for prompt in client.ai_visibility.prompts.list("proj_123", topic_id="top_456"):
                print(prompt.text)
            ```
        """
        return self._transport.paginate(
            "aiVisibility.prompts.list",
            AiVisibilityPrompt,
            ids=(project_id,),
            query=query_params({"limit": limit, "offset": offset, "topic_id": topic_id}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )


class PromptsWithRawResponse:
    """`client.with_raw_response.ai_visibility.prompts`: each method answers a `RawResponse`."""

    def __init__(self, prompts: Prompts) -> None:
        self.create = to_raw_response(prompts.create)
        self.list = to_raw_response(prompts.list)
