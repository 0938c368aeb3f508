"""Every Python sample of the package README and of docs/python.md runs against the reference
server and prints what its comments say."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .support.mock_server import REPO_ROOT, MockServer
from .support.samples import Sample, missing_output, samples_of

DOCUMENTS = [REPO_ROOT / "packages" / "python" / "README.md", REPO_ROOT / "docs" / "python.md"]
ALL_SAMPLES = [sample for document in DOCUMENTS for sample in samples_of(document, REPO_ROOT)]
# A sample marked `<!-- sample skip: reason -->` shows a fragment that cannot run here (it mounts the
# receiver in a framework the package does not depend on); every other sample runs.
SAMPLES = [sample for sample in ALL_SAMPLES if sample.skip_reason is None]


def sample_environment(server: MockServer) -> dict[str, str]:
    return {
        **os.environ,
        "RANKQUILL_API_KEY": server.demo.api_key,
        "RANKQUILL_BASE_URL": server.api_base_url,
        "RANKQUILL_PROJECT_ID": server.demo.project_id,
        "RANKQUILL_PUBLIC_API_KEY": server.demo.public_api_key,
        "RANKQUILL_CONTENT_API_URL": server.content_api_url,
    }


def run_sample(python: str, sample: Sample, server: MockServer, cwd: Path) -> str:
    """Runs the sample with `python` as a reader would, against a server on the manual clock that
    nothing else moves: a sample that needs time to pass moves the clock itself."""
    result = subprocess.run(
        [python, "-c", sample.code],
        env=sample_environment(server),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, f"{sample.file}:{sample.line} failed:\n{result.stderr}"
    missing = missing_output(sample.promised_output, result.stdout)
    assert missing == [], f"{sample.file}:{sample.line} printed:\n{result.stdout}\nnot: {missing}"
    return result.stdout


def test_the_documents_have_samples_and_say_why_any_does_not_run() -> None:
    assert {sample.file for sample in SAMPLES} == {"packages/python/README.md", "docs/python.md"}
    not_run = [sample for sample in ALL_SAMPLES if sample.skip_reason is not None]
    for sample in not_run:
        assert len(sample.skip_reason or "") >= 20, f"{sample.file}:{sample.line}: say why it does not run"
    # Deliberate: a new sample that does not run changes this number, in plain sight of the reviewer.
    assert len(not_run) == 1


@pytest.mark.parametrize("sample", SAMPLES, ids=[f"{sample.file}:{sample.line}" for sample in SAMPLES])
def test_the_sample_runs_and_prints_what_it_says(sample: Sample, server: MockServer, tmp_path: Path) -> None:
    run_sample(sys.executable, sample, server, tmp_path)
