"""Every Python sample of the guides in docs/ runs as written, against a reference server of its
own guide, and prints what its comments say: the guides show each sample in TypeScript, Python,
PHP and Ruby (a group of four blocks, see docs/decisions.md), and each language's suite runs its
blocks. As docs/test does for TypeScript, the samples of a guide run in order against one server
with a manual clock that moves 10 s every 20 ms while a sample runs (`--clock real` when the guide
says `<!-- sample server: --clock real -->`)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from .support.mock_server import REPO_ROOT, MockServer
from .support.samples import Sample, guide_samples, missing_output, multi_language_guides, server_args_of

GUIDES = [guide for guide in multi_language_guides(REPO_ROOT) if guide_samples(guide, REPO_ROOT)]
WEBHOOK_SECRET = "docs-webhook-secret"


def test_every_guide_with_samples_has_python_ones() -> None:
    with_samples = {guide.name for guide in GUIDES}
    assert {"getting-started.md", "errors-and-retries.md", "pagination.md", "rate-limits.md"} <= with_samples
    assert {"exports.md", "keywords.md", "ai-visibility.md", "webhooks.md"} <= with_samples


@pytest.fixture(scope="module", params=GUIDES, ids=[guide.name for guide in GUIDES])
def guide(request: pytest.FixtureRequest) -> Iterator[tuple[Path, MockServer]]:
    args = server_args_of(request.param)
    clock = "manual"
    if "--clock" in args:
        at = args.index("--clock")
        clock, args = args[at + 1], args[:at] + args[at + 2 :]
    server = MockServer.from_workspace(*args, clock=clock)
    try:
        yield request.param, server
    finally:
        server.stop()


def run(sample: Sample, server: MockServer, cwd: Path) -> None:
    env = {
        **os.environ,
        "RANKQUILL_API_KEY": server.demo.api_key,
        "RANKQUILL_BASE_URL": server.api_base_url,
        "RANKQUILL_PROJECT_ID": server.demo.project_id,
        "RANKQUILL_PUBLIC_API_KEY": server.demo.public_api_key,
        "RANKQUILL_CONTENT_API_URL": server.content_api_url,
        "RANKQUILL_MOCK_URL": server.url,
        "RANKQUILL_WEBHOOK_SECRET": WEBHOOK_SECRET,
    }
    command = [sys.executable, "-c", sample.code]
    result = subprocess.run(
        command, env=env, cwd=cwd, capture_output=True, text=True, timeout=90, check=False
    )
    assert result.returncode == 0, f"{sample.file}:{sample.line} failed:\n{result.stdout}{result.stderr}"
    missing = missing_output(sample.promised_output, result.stdout)
    assert missing == [], f"{sample.file}:{sample.line} printed:\n{result.stdout}\nnot: {missing}"
    assert sample.promised_output, f"{sample.file}:{sample.line}: say what it prints, `print(...)  # text`"


def test_the_samples_of_the_guide_run_in_order(guide: tuple[Path, MockServer], tmp_path: Path) -> None:
    path, server = guide
    for sample in guide_samples(path, REPO_ROOT):
        if "--clock" in server_args_of(path):
            run(sample, server, tmp_path)
        else:
            with server.clock_running(step=10.0, every=0.05):
                run(sample, server, tmp_path)
