"""retries.json: the wait before each retry, or none, from the policy function itself."""

from __future__ import annotations

from typing import Any

import pytest

from rankquill._retry import retry_delay

from ..support.vectors import vector_cases

CASES = vector_cases("retries")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_wait_before_a_retry(case: dict[str, Any]) -> None:
    outcome = case["outcome"]
    waited = retry_delay(
        None if "error" in outcome else outcome["status"],
        outcome.get("headers", {}),
        case["retry"],
        now=lambda: case["now_ms"] / 1000,
        random=lambda: case["random"],
    )
    if case["wait_ms"] is None:
        assert waited is None
    else:
        assert waited is not None
        assert waited * 1000 == pytest.approx(case["wait_ms"], abs=0.001)
