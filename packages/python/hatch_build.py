"""Hatch build hook: bundles the reference server (mock-server's `rankquill-mock` CLI) into ONE
JavaScript file, `src/rankquill/testing/rankquill-mock.mjs`, for the wheel and the sdist. Built
from the repository (after `pnpm run build`) with scripts/bundle-mock-server.mjs; never committed.
Building from an sdist, which holds the bundle but not the repository, keeps the bundle as it is."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

BUNDLE = Path("src/rankquill/testing/rankquill-mock.mjs")
SCRIPT = Path("scripts/bundle-mock-server.mjs")
MOCK_SERVER_CLI = Path("../../mock-server/src/cli/main.ts")


class MockServerBundleHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        bundle = root / BUNDLE
        if (root / MOCK_SERVER_CLI).is_file():
            node = os.environ.get("RANKQUILL_BUILD_NODE") or shutil.which("node")
            if node is None:
                raise RuntimeError(
                    "Building rankquill bundles the mock server with Node.js: put `node` on PATH "
                    "(or set RANKQUILL_BUILD_NODE)."
                )
            subprocess.run([node, str(root / SCRIPT), str(bundle)], check=True, cwd=root)  # noqa: S603
        elif not bundle.is_file():
            raise RuntimeError(f"{BUNDLE} is missing and there is no mock-server to build it from.")
        # The bundle is git-ignored; an artifact is packaged all the same.
        build_data["artifacts"].append(str(BUNDLE))
