"""html-entities.json, the named character references every receiver's sanitizer decodes, is
HTML's table: the Python standard library's copy of the WHATWG table, name for name."""

from __future__ import annotations

import json
from html.entities import html5

from ..support.vectors import VECTORS


def test_the_vector_is_the_html_standards_table() -> None:
    references = json.loads((VECTORS / "html-entities.json").read_text(encoding="utf-8"))["references"]
    assert references == html5
    legacy = sorted(name for name in references if not name.endswith(";"))
    assert len(legacy) == 106
    assert all(f"{name};" in references for name in legacy)
