"""Where an operation of the table is sent: its path with each id percent-encoded as one segment
(packages/contract/vectors/path-encoding.json)."""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import quote

from ._generated.operations import Operation


def operation_path(operation: Operation, ids: Sequence[str]) -> str:
    """`operation.path` with its placeholders filled by `ids`, in `path_params` order.

    Each id is UTF-8 percent-encoded, all but `A-Z a-z 0-9 - . _ ~` (`a/b` gives `a%2Fb`). An
    empty id, `.` or `..` raises before any request: in a URL they would address the parent route
    (`content.delete(project_id, "..")` would delete the project).

    Example:
        ```python
        operation_path(OPERATIONS["content.retrieve"], ["proj_1", "a/b"])  # "/projects/proj_1/content/a%2Fb"
        ```
    """
    if len(ids) != len(operation.path_params):
        raise TypeError(f"{operation.id} takes {len(operation.path_params)} ids, got {len(ids)}.")
    path = operation.path
    for name, value in zip(operation.path_params, ids, strict=True):
        path = path.replace(f"{{{name}}}", _segment(name, value), 1)
    return path


def _segment(name: str, value: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a string id, got {type(value).__name__}.")
    if value in ("", ".", ".."):
        raise ValueError(f"{name} must be an id, got {value!r}: in a URL it would address another route.")
    return quote(value, safe="")
