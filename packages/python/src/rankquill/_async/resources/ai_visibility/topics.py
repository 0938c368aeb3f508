"""`client.ai_visibility.topics`: topics that group a project's prompts."""

from __future__ import annotations

from collections.abc import Mapping

from ...._call_options import CallOptions
from ...._generated.models import AiVisibilityTopic
from ...._pages import AsyncPaginator
from ...._params import body_params, query_params
from ...._raw_response import async_to_raw_response
from ...._types import NOT_GIVEN, NotGiven
from .._resource import AsyncAPIResource


class AsyncTopics(AsyncAPIResource):
    """Topics: create, list.

    Example:
        ```python
        async with AsyncRankquill() as client:
            topic = await client.ai_visibility.topics.create("proj_123", name="Espresso")
            print(topic.id, topic.prompt_count)
        ```
    """

    async def create(
        self,
        project_id: str,
        *,
        name: str,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> AiVisibilityTopic:
        """Creates a topic; names are unique within a project, ignoring case and spacing.

        Example:
            ```python
            topic = await client.ai_visibility.topics.create("proj_123", name="Brewing methods")
            ```
        """
        return await self._transport.request(
            "aiVisibility.topics.create",
            AiVisibilityTopic,
            ids=(project_id,),
            body=body_params({"name": name}),
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
    ) -> AsyncPaginator[AiVisibilityTopic]:
        """Lists a project's topics, newest first.

        Example:
            ```python
            async for topic in client.ai_visibility.topics.list("proj_123"):
                print(topic.name, topic.prompt_count)
            ```
        """
        return self._transport.paginate(
            "aiVisibility.topics.list",
            AiVisibilityTopic,
            ids=(project_id,),
            query=query_params({"limit": limit, "offset": offset}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )


class AsyncTopicsWithRawResponse:
    """`client.with_raw_response.ai_visibility.topics`: each method answers a `RawResponse`."""

    def __init__(self, topics: AsyncTopics) -> None:
        self.create = async_to_raw_response(topics.create)
        self.list = async_to_raw_response(topics.list)
