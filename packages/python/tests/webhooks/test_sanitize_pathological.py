"""sanitize-pathological.json (issue 29): inputs as long as the API lets content be, each built to
make a sanitizer do more than linear work if it can (a link whose href is `<!--` repeated took
minutes), must each be sanitized in under a second of CPU time."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from rankquill.webhooks import sanitize_article_html

from ..support.vectors import VECTORS

RECIPES: dict[str, Any] = json.loads((VECTORS / "sanitize-pathological.json").read_text(encoding="utf-8"))


def _utf16_units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def expand(parts: list[dict[str, str]], max_characters: int) -> str:
    """A recipe made into its input: the `text` parts as they are, each `repeat` part repeated as
    often as fits in an equal share of the characters (UTF-16 code units) they leave."""
    fixed = sum(_utf16_units(part["text"]) for part in parts if "text" in part)
    share = (max_characters - fixed) // sum(1 for part in parts if "repeat" in part)
    return "".join(
        part["text"] if "text" in part else part["repeat"] * (share // _utf16_units(part["repeat"]))
        for part in parts
    )


def cpu_seconds_of_sanitizing(html: str) -> float:
    """CPU time of this thread, which is what the code costs, however loaded the machine is."""
    started = time.thread_time()
    sanitize_article_html(html)
    return time.thread_time() - started


def test_the_recipes_fill_the_content_limit() -> None:
    assert RECIPES["max_characters"] == 500_000
    assert len(RECIPES["patterns"]) >= 60
    for pattern in RECIPES["patterns"]:
        units = _utf16_units(expand(pattern["parts"], RECIPES["max_characters"]))
        assert RECIPES["max_characters"] * 0.99 < units <= RECIPES["max_characters"], pattern["name"]


@pytest.mark.parametrize(
    "pattern", RECIPES["patterns"], ids=[pattern["name"] for pattern in RECIPES["patterns"]]
)
def test_each_input_at_the_content_limit_takes_under_a_second(pattern: dict[str, Any]) -> None:
    assert (
        cpu_seconds_of_sanitizing(expand(pattern["parts"], RECIPES["max_characters"]))
        < RECIPES["max_seconds"]
    )
