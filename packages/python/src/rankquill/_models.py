"""The base of every model the API answers."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ResponseModel(BaseModel):
    """A JSON object the API answers, with its fields as attributes named as on the wire.

    Fields a newer server adds are kept (`model_extra`) instead of failing the parse, and string
    enums accept values this client does not know, so an older client keeps working.

    Example:
        ```python
        project = client.projects.retrieve("proj_123")
        print(project.name, project.model_dump())
        ```
    """

    model_config = ConfigDict(
        extra="allow",
        populate_by_name=True,
        use_attribute_docstrings=True,
        protected_namespaces=(),
    )
