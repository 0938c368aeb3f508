"""What every resource holds: the client's transport."""

from __future__ import annotations

from ..transport import AsyncTransport


class AsyncAPIResource:
    """A group of API methods (`client.projects`, `client.content`, ...). The client creates them."""

    def __init__(self, transport: AsyncTransport) -> None:
        self._transport = transport
