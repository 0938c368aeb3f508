"""Query strings and JSON bodies from a method's keyword arguments."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping

from ._types import NotGiven


def query_params(values: Mapping[str, object]) -> dict[str, str]:
    """The query of a call: arguments left out or `None` are not sent; `from_` is sent as `from`;
    dates as `YYYY-MM-DD`.

    Example:
        ```python
        query_params({"limit": 20, "offset": NOT_GIVEN, "from_": date(2026, 1, 1)})
        # {"limit": "20", "from": "2026-01-01"}
        ```
    """
    query: dict[str, str] = {}
    for name, value in values.items():
        if value is None or isinstance(value, NotGiven):
            continue
        key = name[:-1] if name.endswith("_") else name
        if isinstance(value, bool):
            query[key] = "true" if value else "false"
        elif isinstance(value, _dt.date):
            query[key] = value.isoformat()
        else:
            query[key] = str(value)
    return query


def body_params(values: Mapping[str, object]) -> dict[str, object]:
    """The JSON body of a call: arguments left out are not sent; `None` is sent as `null`."""
    return {name: value for name, value in values.items() if not isinstance(value, NotGiven)}
