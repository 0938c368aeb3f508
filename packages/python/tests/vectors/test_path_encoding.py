"""path-encoding.json: where an operation's ids send a request, or which id is refused."""

from __future__ import annotations

import re
from typing import Any

import pytest

from rankquill._generated.operations import OPERATIONS
from rankquill._path import operation_path

from ..support.vectors import vector_cases

CASES = vector_cases("path-encoding")


def snake_case(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_path_of_an_operations_ids(case: dict[str, Any]) -> None:
    operation = OPERATIONS[case["operation"]]
    if "refused" in case:
        with pytest.raises(ValueError, match=rf"^{snake_case(case['refused'])} must be an id") as refused:
            operation_path(operation, case["ids"])
        assert "another route" in str(refused.value)
    else:
        assert operation_path(operation, case["ids"]) == case["path"]
