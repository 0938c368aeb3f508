"""The shared vectors of packages/contract/vectors, read where they are (never copied)."""

from __future__ import annotations

import json
from typing import Any

from .mock_server import REPO_ROOT

VECTORS = REPO_ROOT / "packages" / "contract" / "vectors"


def vector_cases(name: str) -> list[dict[str, Any]]:
    """The `cases` of `<name>.json`; a file without any fails, so no test passes by running none."""
    cases: list[dict[str, Any]] = json.loads((VECTORS / f"{name}.json").read_text(encoding="utf-8"))["cases"]
    assert cases, f"{name}.json has no cases"
    return cases
