"""openapi-python-client, a generator we did not write, builds a client from
packages/contract/openapi.json with no edited document and one setting of its own (CONFIG); the
client and a script using it (peers/openapi_python_client_flow.py) pass mypy --strict and run the
main flow, the CSV export and the bulk downloads (JSON, typed, and ZIP, as bytes) against the
reference server."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .support.mock_server import REPO_ROOT, MockServer

OPENAPI = REPO_ROOT / "packages" / "contract" / "openapi.json"
FLOW = Path(__file__).resolve().parents[1] / "peers" / "openapi_python_client_flow.py"
VENV_BIN = Path(sys.executable).parent

# mypy --strict on everything, but for two slips of openapi-python-client's own templates that no
# document can avoid: its client passes `*args: object` on to httpx's typed `__exit__`, and a
# model's `from_dict` names its result after the class (`error`), which our `Error.error` field is.
# It reads a binary answer only as `application/octet-stream` and leaves out the answer of any
# other binary media type, with a warning; `content_type_overrides` is its documented way to read
# the ZIP and PDF bulk downloads (`download.zip`, `download.pdf`) as such, into a `File`.
CONFIG = """\
content_type_overrides:
  application/zip: application/octet-stream
  application/pdf: application/octet-stream
"""

MYPY_CONFIG = """\
[mypy]
strict = True

[mypy-peer_client.client]
disable_error_code = arg-type

[mypy-peer_client.models.error]
disable_error_code = assignment, return-value
"""


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the generated package `peer_client` and a copy of the flow script."""
    folder = tmp_path_factory.mktemp("openapi-python-client")
    # The generator formats its output with ruff, which it finds on PATH.
    env = {**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    (folder / "generator.yml").write_text(CONFIG)
    command = [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(OPENAPI)]
    result = subprocess.run(
        [
            *command,
            "--output-path",
            str(folder / "peer_client"),
            "--meta",
            "none",
            "--config",
            str(folder / "generator.yml"),
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # A part of the document it cannot read (a media type, a schema) is skipped with a warning.
    assert "Warning" not in result.stdout + result.stderr, result.stdout + result.stderr
    shutil.copy(FLOW, folder / FLOW.name)
    (folder / "mypy.ini").write_text(MYPY_CONFIG)
    return folder


def test_the_generated_client_and_the_flow_pass_mypy_strict(generated: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "peer_client", FLOW.name],
        cwd=generated,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_generated_client_reads_each_export_format_as_it_is_sent(generated: Path) -> None:
    csv = (generated / "peer_client" / "api" / "exports" / "content_export_csv.py").read_text()
    assert "response_200 = response.text" in csv
    exports = generated / "peer_client" / "api" / "exports"
    download = (exports / "exports_download_json.py").read_text()
    assert "response_200 = BulkExportDocument.from_dict(response.json())" in download
    # The ZIP at a path of its own is bytes, never decoded as text or JSON.
    archive = (exports / "exports_download_zip.py").read_text()
    assert "response_200 = File(payload=BytesIO(response.content))" in archive
    # Admin routes and the signed download take a client without credentials.
    advance = (generated / "peer_client" / "api" / "admin" / "admin_clock_advance.py").read_text()
    assert "client: AuthenticatedClient | Client," in advance


def test_the_generated_client_runs_the_main_flow(generated: Path, server: MockServer) -> None:
    result = subprocess.run(
        [sys.executable, FLOW.name, server.url, server.demo.api_key],
        cwd=generated,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    seen = json.loads(result.stdout)
    assert seen["created_status"] == "generating"
    assert seen["listed_status"] == "draft"
    assert seen["published_status"] == "published"
    assert seen["csv_header"].startswith("id,title,slug,")
    assert seen["bulk_status"] == "ready"
    assert seen["bulk_object"] == "bulk_export"
    assert len(seen["bulk_articles"]) == 1
    assert seen["zip_magic"] == "PK\x03\x04"
    assert seen["zip_bytes_match"] is True
