"""pagination.json: the query of the page after a page, or none."""

from __future__ import annotations

from typing import Any

import pytest

from rankquill._generated.models import Pagination
from rankquill._pages import next_page_query

from ..support.vectors import vector_cases

CASES = vector_cases("pagination")


def as_query(values: dict[str, Any]) -> dict[str, str]:
    """A vector's query as this client sends one: every value a string."""
    return {name: str(value) for name, value in values.items()}


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_next_pages_query(case: dict[str, Any]) -> None:
    found = next_page_query(as_query(case["params"]), Pagination(**case["pagination"]))
    assert found == (None if case["next"] is None else as_query(case["next"]))
