"""`rankquill.testing`: which Node.js runs the bundled server, the `rankquill-mock` command, the
`rankquill_mock` fixture of the pytest plugin and `advance_clock()`, against the bundled server."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import httpx2
import pytest

from rankquill import NotFoundError
from rankquill.testing import MockProject, MockServerError, advance_clock, find_node
from rankquill.testing._node import wheel_node


def test_without_node_the_error_names_the_command_that_installs_one(tmp_path: Path) -> None:
    with pytest.raises(MockServerError, match=r'pip install "rankquill\[mock\]"'):
        find_node(path=str(tmp_path), from_wheel=False)


def test_a_node_older_than_22_13_on_path_is_refused_with_its_version(tmp_path: Path) -> None:
    old_node = tmp_path / "node"
    old_node.write_text("#!/bin/sh\necho v22.12.0\n")
    old_node.chmod(0o755)
    with pytest.raises(MockServerError, match=r"is 22\.12\. Install a Node\.js from PyPI"):
        find_node(path=str(tmp_path), from_wheel=False)


def test_the_node_of_the_mock_extra_comes_first_and_a_recent_node_on_path_next(tmp_path: Path) -> None:
    from_wheel = wheel_node()
    assert from_wheel is not None, (
        'the dev venv installs the package with its extra: pip install -e ".[mock]"'
    )
    assert find_node(path=str(tmp_path)) == from_wheel
    (tmp_path / "node").symlink_to(from_wheel)
    assert find_node(path=str(tmp_path), from_wheel=False) == tmp_path / "node"


def test_the_rankquill_mock_command_forwards_its_arguments_to_the_bundled_server() -> None:
    command = Path(sys.executable).with_name("rankquill-mock")
    process = subprocess.Popen(
        [command, "serve", "--port", "0", "--db", ":memory:", "--clock", "manual", "--seed", "7"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        ready = json.loads(process.stdout.readline())
        assert (ready["event"], ready["clock"], ready["db"]) == ("ready", "manual", ":memory:")
        assert ready["api_base_url"] == ready["url"] + "/v1"
    finally:
        process.terminate()
        process.wait(timeout=10)
    usage = subprocess.run([command, "serve", "--no-such-flag"], capture_output=True, text=True, check=False)
    assert usage.returncode == 64, usage.stderr


def test_the_bundle_serves_from_its_default_sqlite_store_with_the_dashboard_and_its_assets(
    tmp_path: Path,
) -> None:
    # No --db: the default store, a SQLite file under the working directory; nothing read from a package.
    command = [str(Path(sys.executable).with_name("rankquill-mock")), "serve", "--port", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=tmp_path)
    try:
        assert process.stdout is not None
        ready = json.loads(process.stdout.readline())
        assert ready["db"] == ".rankquill/mock.db"
        assert (tmp_path / ".rankquill" / "mock.db").is_file()
        sign_in = httpx2.get(ready["dashboard_url"] + "sign-in", timeout=30)
        assert sign_in.status_code == 200
        assert sign_in.headers["content-type"].startswith("text/html")
        assets = re.findall(r'"(/assets/[^"]+)"', sign_in.text)
        assert assets, "the sign-in page links its stylesheet"
        for asset in assets:
            assert httpx2.get(ready["url"] + asset, timeout=30).status_code == 200, asset
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_each_test_gets_an_account_and_a_project_of_its_own(rankquill_mock: MockProject) -> None:
    assert rankquill_mock.base_url.endswith("/v1")
    assert rankquill_mock.content_api_url.endswith("/public-article-api")
    other = MockProject(rankquill_mock.server)
    try:
        assert other.api_key != rankquill_mock.api_key
        assert other.project_id != rankquill_mock.project_id
        with pytest.raises(NotFoundError):
            other.client().projects.retrieve(rankquill_mock.project_id)
        projects = rankquill_mock.client().projects.list()
        assert [project.id for project in projects.data] == [rankquill_mock.project_id]
        assert projects.data[0].public_api_key == rankquill_mock.public_api_key
    finally:
        other.close()


def test_advance_moves_the_servers_clock_and_deliveries_starts_empty(rankquill_mock: MockProject) -> None:
    before = rankquill_mock.server.now()
    after = rankquill_mock.advance(3600)
    assert after > before
    assert rankquill_mock.deliveries() == []


async def test_the_async_client_is_configured_too(rankquill_mock: MockProject) -> None:
    async with rankquill_mock.async_client() as client:
        project = await client.projects.retrieve(rankquill_mock.project_id)
    assert project.public_api_key == rankquill_mock.public_api_key


def test_advance_clock_moves_the_mock_at_the_main_api_address(
    rankquill_mock: MockProject, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RANKQUILL_BASE_URL", rankquill_mock.base_url)
    before = rankquill_mock.server.now()
    assert advance_clock(90) == rankquill_mock.server.now() > before
    with pytest.raises(
        MockServerError, match=r"ending in /v1 .* got http://127\.0\.0\.1:1/public-article-api"
    ):
        advance_clock(1, base_url="http://127.0.0.1:1/public-article-api")
