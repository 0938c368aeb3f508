"""Small types every part of the client shares."""

from __future__ import annotations

from typing import Final, final


@final
class NotGiven:
    """The type of `NOT_GIVEN`: an argument left out, as opposed to one given as `None`.

    `None` means something of its own in a few places (`webhook=None` removes a project's
    webhook), so an argument that was not passed needs another marker.

    Example:
        ```python
        from rankquill import NOT_GIVEN

        client.projects.update("proj_123", webhook=None)  # removes the webhook
        client.projects.update("proj_123", name="Docs", webhook=NOT_GIVEN)  # keeps it
        ```
    """

    def __bool__(self) -> bool:
        return False

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Final = NotGiven()
