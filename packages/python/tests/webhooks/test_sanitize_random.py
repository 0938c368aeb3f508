"""Seeded random hostile HTML (packages/webhooks/scripts/random-html.mjs), the same inputs every
language's suite runs: this sanitizer must give the TypeScript sanitizer's bytes on each."""

from __future__ import annotations

import json
import os
import subprocess

from rankquill.webhooks import sanitize_article_html

from ..support.mock_server import REPO_ROOT

SCRIPT = REPO_ROOT / "packages" / "webhooks" / "scripts" / "sanitize-json.mjs"


def test_gives_the_typescript_sanitizers_bytes_on_seeded_random_hostile_html() -> None:
    run = subprocess.run(
        [os.environ.get("RANKQUILL_NODE", "node"), str(SCRIPT), "--random"],
        capture_output=True,
        check=False,
    )
    assert run.returncode == 0, (
        f"the TypeScript sanitizer did not run (build the workspace first): {run.stderr!r}"
    )
    pairs: list[list[str]] = json.loads(run.stdout.decode("utf-8"))
    assert len(pairs) >= 10_000
    differing = [
        [html, expected, actual]
        for html, expected in pairs
        if (actual := sanitize_article_html(html)) != expected
    ]
    assert differing[:5] == [], f"{len(differing)} of {len(pairs)} inputs differ"
