"""Python client of the Rankquill content, keyword and AI-visibility service.

- `Rankquill` / `AsyncRankquill`: the main API (projects, content, keywords, AI visibility,
  exports, activity, webhook tests and deliveries), with retries, idempotent POSTs, pages and typed errors.
- `PublicArticles` / `AsyncPublicArticles`: the read-only public article API, for your site.
- `rankquill.webhooks`: a receiver for the service's webhook deliveries (WSGI and ASGI apps).
- `rankquill.types`: every model of the API.

Example:
    ```python
    from rankquill import Rankquill

    with Rankquill() as client:  # reads RANKQUILL_API_KEY and RANKQUILL_BASE_URL
        for project in client.projects.list():
            print(project.id, project.name)
    ```
"""

import logging as _logging

from ._async.client import AsyncRankquill, AsyncRankquillWithRawResponse
from ._async.export_file import AsyncExportFile
from ._async.public_articles import AsyncPublicArticles
from ._errors import (
    APIConnectionError,
    APIError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    CrossOriginRedirectError,
    InternalServerError,
    ManualClockError,
    NotFoundError,
    RankquillError,
    RateLimitError,
    WaitTimeoutError,
)
from ._pages import ArticlePage, AsyncArticlePage, AsyncArticlePaginator, AsyncPage, AsyncPaginator, Page
from ._rate_limit import RateLimit
from ._raw_response import RawResponse
from ._sync.client import Rankquill, RankquillWithRawResponse
from ._sync.export_file import ExportFile
from ._sync.public_articles import PublicArticles
from ._types import NOT_GIVEN, NotGiven
from ._version import __version__

# Retries are logged at INFO on the "rankquill" logger; nothing prints unless the app configures logging.
_logging.getLogger("rankquill").addHandler(_logging.NullHandler())

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APITimeoutError",
    "ArticlePage",
    "AsyncArticlePage",
    "AsyncArticlePaginator",
    "AsyncExportFile",
    "AsyncPage",
    "AsyncPaginator",
    "AsyncPublicArticles",
    "AsyncRankquill",
    "AsyncRankquillWithRawResponse",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "CrossOriginRedirectError",
    "ExportFile",
    "InternalServerError",
    "ManualClockError",
    "NotFoundError",
    "NotGiven",
    "Page",
    "PublicArticles",
    "Rankquill",
    "RankquillError",
    "RankquillWithRawResponse",
    "RateLimit",
    "RateLimitError",
    "RawResponse",
    "WaitTimeoutError",
    "__version__",
]
