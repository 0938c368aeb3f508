# Generated from src/rankquill/_async/resources/_resource.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""What every resource holds: the client's transport."""

from __future__ import annotations

from ..transport import Transport


class APIResource:
    """A group of API methods (`client.projects`, `client.content`, ...). The client creates them."""

    def __init__(self, transport: Transport) -> None:
        self._transport = transport
