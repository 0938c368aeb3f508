"""`client.deliveries`: the deliveries of a project's webhook, with their attempts."""

from __future__ import annotations

from collections.abc import Mapping

from ..._call_options import CallOptions
from ..._generated.models import Delivery
from ..._pages import AsyncPaginator
from ..._params import query_params
from ..._raw_response import async_to_raw_response
from ..._types import NOT_GIVEN, NotGiven
from ._resource import AsyncAPIResource


class AsyncDeliveries(AsyncAPIResource):
    """The deliveries of a project's webhook: list, retrieve, redeliver.

    Example:
        ```python
        async with AsyncRankquill() as client:
            async for delivery in client.deliveries.list("proj_123"):
                print(delivery.event, delivery.status)
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
    ) -> AsyncPaginator[Delivery]:
        """Lists the project's deliveries, newest first, each with its latest attempts (when, the
        receiver's status, what went wrong, the start of its answer).

        Example:
            ```python
            async for delivery in client.deliveries.list("proj_123"):
                if delivery.status == "failed":
                    print(delivery.event, delivery.attempts[-1].error)
            ```
        """
        return self._transport.paginate(
            "deliveries.list",
            Delivery,
            ids=(project_id,),
            query=query_params({"limit": limit, "offset": offset}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    async def retrieve(
        self,
        project_id: str,
        delivery_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Delivery:
        """Answers one delivery of the project with its latest attempts, as `list()` shows it: the
        way to follow a delivery `webhooks.test()` or `redeliver()` answered `pending`. An id the
        project has no delivery by is a 404 (`NotFoundError`, `param` `"deliveryId"`).

        Example:
            ```python
            delivery = await client.deliveries.retrieve("proj_123", "dlv_456")
            print(delivery.status, delivery.attempt_count)
            ```
        """
        return await self._transport.request(
            "deliveries.retrieve",
            Delivery,
            ids=(project_id, delivery_id),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    async def redeliver(
        self,
        project_id: str,
        delivery_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> Delivery:
        """Sends a delivery again with the same `webhook-id`: one attempt, now, or once the delivery
        of the same content item under way has ended; on a delivery waiting for a retry, the retry
        comes now. Answers the delivery, `pending`. One with an attempt under way is a 409
        (`ConflictError`).

        Example:
            ```python
            again = await client.deliveries.redeliver("proj_123", "dlv_456")
            print(again.status)  # pending
            ```
        """
        return await self._transport.request(
            "deliveries.redeliver",
            Delivery,
            ids=(project_id, delivery_id),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )


class AsyncDeliveriesWithRawResponse:
    """`client.with_raw_response.deliveries`: each method answers a `RawResponse`."""

    def __init__(self, deliveries: AsyncDeliveries) -> None:
        self.list = async_to_raw_response(deliveries.list)
        self.retrieve = async_to_raw_response(deliveries.retrieve)
        self.redeliver = async_to_raw_response(deliveries.redeliver)
