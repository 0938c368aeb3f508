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
SAMPLES = [sample for document in DOCUMENTS for sample in samples_of(document, REPO_ROOT)]


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
    """Runs the sample with `python` while the server's clock moves, as time passes on the service."""
    with server.clock_running():
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


def test_the_documents_have_samples() -> None:
    assert {sample.file for sample in SAMPLES} == {"packages/python/README.md", "docs/python.md"}
    for sample in SAMPLES:
        assert sample.skip_reason is None or len(sample.skip_reason) >= 20, f"{sample.file}:{sample.line}"


@pytest.mark.parametrize("sample", SAMPLES, ids=[f"{sample.file}:{sample.line}" for sample in SAMPLES])
def test_the_sample_runs_and_prints_what_it_says(sample: Sample, server: MockServer, tmp_path: Path) -> None:
    if sample.skip_reason is not None:
        pytest.skip(sample.skip_reason)
    run_sample(sys.executable, sample, server, tmp_path)
