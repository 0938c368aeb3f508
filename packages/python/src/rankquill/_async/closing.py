"""`async with` for everything that holds a connection or a pool."""

from __future__ import annotations

from types import TracebackType
from typing import TypeVar

Self = TypeVar("Self", bound="AsyncClosing")


class AsyncClosing:
    """A resource released by `close()`, also on leaving an `async with` block."""

    async def close(self) -> None:
        raise NotImplementedError

    async def __aenter__(self: Self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()
