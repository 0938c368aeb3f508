# Generated from src/rankquill/_async/closing.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`with` for everything that holds a connection or a pool."""

from __future__ import annotations

from types import TracebackType
from typing import TypeVar

Self = TypeVar("Self", bound="Closing")


class Closing:
    """A resource released by `close()`, also on leaving an `with` block."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self: Self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
