"""errors.json: the error class and fields an answer becomes."""

from __future__ import annotations

from typing import Any

import pytest

from rankquill import (
    APIError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    NotFoundError,
    RateLimitError,
)
from rankquill._error_from_response import error_from_response

from ..support.vectors import vector_cases

CASES = vector_cases("errors")
CLASS_OF_KIND: dict[str, type[APIError]] = {
    "bad_request": BadRequestError,
    "authentication": AuthenticationError,
    "not_found": NotFoundError,
    "conflict": ConflictError,
    "rate_limit": RateLimitError,
    "internal_server": InternalServerError,
    "api": APIError,
}


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_error_an_answer_becomes(case: dict[str, Any]) -> None:
    error = error_from_response(case["status"], case["body"].encode(), case["headers"])
    expected = case["error"]
    assert type(error) is CLASS_OF_KIND[expected["kind"]]
    assert {
        "status": error.status_code,
        "type": error.type,
        "message": error.message,
        "param": error.param,
        "request_id": error.request_id,
    } == {name: value for name, value in expected.items() if name != "kind"}
