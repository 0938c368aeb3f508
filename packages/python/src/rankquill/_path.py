"""Path segments built from ids, safe against ids that would reach another route."""

from __future__ import annotations

from urllib.parse import quote


def path_segment(name: str, value: str) -> str:
    """`value` percent-encoded as one path segment: `a/b` gives `a%2Fb`.

    An empty value, `.` or `..` raises before any request: in a URL they would address the
    parent route (`content.delete(project_id, "..")` would delete the project).

    Example:
        ```python
        f"/projects/{path_segment('project_id', project_id)}/content"
        ```
    """
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string id, got {type(value).__name__}.")
    if value in ("", ".", ".."):
        raise ValueError(f"{name} must be an id, got {value!r}: in a URL it would address another route.")
    return quote(value, safe="")
