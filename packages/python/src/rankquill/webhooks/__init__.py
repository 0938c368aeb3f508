"""A receiver for the service's webhook deliveries (spec 6), following its receiver rules.

- `WebhookReceiver(secret, signing_secret=None, store=None, ...)`: `handle(headers, body)`,
  handlers per event (`@receiver.on("content.published")`), `wsgi_app()` and `asgi_app()`.
- `MemoryArticleStore`, `SqliteArticleStore`, or any `ArticleStore` of your own (a `ReplayGuard`
  too, like the built-in ones, and replays change nothing).
- `verify_signature`, `sign_webhook`, `signature_headers`: Standard Webhooks signatures keyed
  with the project's signing secret (`whsec_...`).
- `sanitize_article_html`: the service's HTML allow-list, applied to every stored article.
- `render_article_page` and `ARTICLE_PAGE_CSP`: an article's HTML page, the same bytes in every
  language; `article_pages_wsgi_app` and `article_pages_asgi_app` serve them from a store.

Framework guides (Flask, Django, FastAPI/Starlette): docs/python-webhooks.md.

Example:
    ```python
    import os

    from fastapi import FastAPI
    from rankquill.webhooks import WebhookReceiver

    receiver = WebhookReceiver(os.environ["RANKQUILL_WEBHOOK_SECRET"])
    app = FastAPI()
    app.add_route("/webhook", receiver.asgi_app())  # a route: a mount would redirect /webhook
    ```
"""

from .._generated.models import (
    AiVisibilityMentionDetectedEvent,
    ArticlePayload,
    ContentDeletedEvent,
    ContentGeneratedEvent,
    ContentUnpublishedEvent,
    KeywordRankingChangedEvent,
)
from ._article_page import ARTICLE_PAGE_CSP, render_article_page
from ._errors import WebhookVerificationError
from ._limits import DEFAULT_MAX_BODY_BYTES
from ._pages import article_pages_asgi_app, article_pages_wsgi_app
from ._receiver import WebhookContext, WebhookReceiver
from ._result import WebhookResult
from ._sanitize import sanitize_article_html
from ._signature import (
    DEFAULT_TOLERANCE_SECONDS,
    sign_webhook,
    signature_headers,
    signing_secret_key,
    verify_signature,
)
from .stores.article_store import ArticleStore, ReplayGuard, StoredArticle
from .stores.memory import MemoryArticleStore
from .stores.sqlite import SqliteArticleStore

__all__ = [
    "ARTICLE_PAGE_CSP",
    "DEFAULT_MAX_BODY_BYTES",
    "DEFAULT_TOLERANCE_SECONDS",
    "AiVisibilityMentionDetectedEvent",
    "ArticlePayload",
    "ArticleStore",
    "ContentDeletedEvent",
    "ContentGeneratedEvent",
    "ContentUnpublishedEvent",
    "KeywordRankingChangedEvent",
    "MemoryArticleStore",
    "ReplayGuard",
    "SqliteArticleStore",
    "StoredArticle",
    "WebhookContext",
    "WebhookReceiver",
    "WebhookResult",
    "WebhookVerificationError",
    "article_pages_asgi_app",
    "article_pages_wsgi_app",
    "render_article_page",
    "sanitize_article_html",
    "sign_webhook",
    "signature_headers",
    "signing_secret_key",
    "verify_signature",
]
