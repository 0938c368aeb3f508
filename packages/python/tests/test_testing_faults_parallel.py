"""Two tests in parallel under `pytest -n 2` (pytest-xdist), each with faults on its own account,
never see each other's: tests/support/side_by_side/ runs in a pytest of its own, both workers on one
bundled server started here from its CLI, so only the faults' scope keeps the tests apart."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from rankquill.testing import MockServer

SIDE_BY_SIDE = Path(__file__).parent / "support" / "side_by_side"


def test_two_tests_side_by_side_each_meet_only_the_faults_of_their_own_account(tmp_path: Path) -> None:
    project, barrier = tmp_path / "project", tmp_path / "barrier"
    (project / "tests").mkdir(parents=True)
    barrier.mkdir()
    shutil.copy(SIDE_BY_SIDE / "shared_server_conftest.py", project / "tests" / "conftest.py")
    shutil.copy(SIDE_BY_SIDE / "faults_side_by_side.py", project / "tests" / "test_side_by_side.py")
    with MockServer.start() as server:
        ready = {
            "url": server.url,
            "api_base_url": server.api_base_url,
            "content_api_url": server.content_api_url,
        }
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", "-v", "tests"],
            cwd=project,
            env={
                **os.environ,
                "SIDE_BY_SIDE_SERVER": json.dumps(ready),
                "SIDE_BY_SIDE_BARRIER": str(barrier),
            },
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        left = server.admin("GET", "/faults")["data"]
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "2 passed" in output, output
    # One test on each worker, and both made their faults on this server.
    assert set(re.findall(r"\[(gw\d)\] .*PASSED", result.stdout)) == {"gw0", "gw1"}, output
    assert sorted(path.name for path in barrier.iterdir()) == [
        "called.first",
        "called.second",
        "checked.first",
        "checked.second",
        "made.first",
        "made.second",
    ]
    # And the fixture removed each test's fault when it ended.
    assert left == []
