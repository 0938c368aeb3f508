"""conftest.py of the side-by-side run: every pytest-xdist worker makes its accounts on the ONE
server the outer test started (by default each worker starts its own), so the two tests' faults
share one fault registry and only their scope keeps them apart."""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from rankquill.testing import MockServer


class SharedServer(MockServer):
    """The outer test's server, from its ready line: started and stopped out there."""

    def __init__(self, ready: dict[str, Any]) -> None:  # no process of its own
        self.url = ready["url"]
        self.api_base_url = ready["api_base_url"]
        self.content_api_url = ready["content_api_url"]

    def stop(self) -> None:
        pass


@pytest.fixture(scope="session")
def rankquill_mock_server() -> SharedServer:
    return SharedServer(json.loads(os.environ["SIDE_BY_SIDE_SERVER"]))
