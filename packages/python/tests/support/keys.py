"""Checks that a secret appears nowhere in an object a caller might print or log."""

from __future__ import annotations

from typing import Any, cast


def assert_no_secret_in(value: object, secret: str) -> None:
    """Walks `value`'s string forms, attributes, cause and context (a few levels deep) for `secret`."""
    seen: set[int] = set()

    def walk(item: Any, path: str, depth: int) -> None:
        if id(item) in seen or depth > 6:
            return
        seen.add(id(item))
        for text in (str(item), repr(item)):
            assert secret not in text, f"the key appears in {path}"
        if isinstance(item, (str, bytes, int, float, bool)) or item is None:
            return
        if isinstance(item, dict):
            for key, child in cast("dict[object, object]", item).items():
                walk(child, f"{path}[{key!r}]", depth + 1)
            return
        if isinstance(item, (list, tuple, set)):
            for index, child in enumerate(cast("list[object]", item)):
                walk(child, f"{path}[{index}]", depth + 1)
            return
        if isinstance(item, BaseException):
            walk(item.__cause__, f"{path}.__cause__", depth + 1)
            walk(item.__context__, f"{path}.__context__", depth + 1)
            walk(item.args, f"{path}.args", depth + 1)
        for name, child in getattr(item, "__dict__", {}).items():
            walk(child, f"{path}.{name}", depth + 1)

    walk(value, "error", 0)
