"""The pytest plugin of `rankquill` (registered as `pytest11` entry point `rankquill`): the
`rankquill_mock` fixture. A server starts only in a session that uses the fixture: one per pytest
process (so one per pytest-xdist worker), stopped when the session ends.

Example:
    ```python
    def test_publish_reaches_the_public_api(rankquill_mock):
        client = rankquill_mock.client()
        job = client.content.create(rankquill_mock.project_id, keyword="cold brew", length=600)
        rankquill_mock.advance(60)
        client.content.publish(rankquill_mock.project_id, job.id)
        page = rankquill_mock.public_articles().list()
        assert [article.slug for article in page.data] != []
    ```
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ._project import MockProject
from ._server import MockServer


@pytest.fixture(scope="session")
def rankquill_mock_server() -> Iterator[MockServer]:
    """The reference server of this pytest process: manual clock, in-memory store, a free port."""
    server = MockServer.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def rankquill_mock(rankquill_mock_server: MockServer) -> Iterator[MockProject]:
    """A fresh account and project on the session's mock server: `base_url`, `content_api_url`,
    `api_key`, `project_id`, `public_api_key`, `advance(seconds)`, `deliveries()`, `client()`,
    `async_client()`, `public_articles()`, and the account's faults and journal (`fail()`,
    `delay()`, `disconnect()`, `failing()`, `requests()`, `clear_faults()`), whose faults are
    removed when the test ends."""
    project = MockProject(rankquill_mock_server)
    try:
        yield project
    finally:
        try:
            project.clear_faults()
        finally:
            project.close()
