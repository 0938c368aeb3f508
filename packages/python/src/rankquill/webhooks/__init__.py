"""A receiver for the service's webhook deliveries (spec 6), following its receiver rules.

- `WebhookReceiver(secret, signing_secret=None, store=None, ...)`: `handle(headers, body)`,
  handlers per event (`@receiver.on("content.published")`), `wsgi_app()` and `asgi_app()`.
- `MemoryArticleStore`, `SqliteArticleStore`, or any `ArticleStore` of your own.
- `verify_signature`, `sign_webhook`, `signature_headers`: Standard Webhooks signatures keyed
  with the project's signing secret (`whsec_...`).
- `sanitize_article_html`: the service's HTML allow-list, applied to every stored article.

Example:
    ```python
    import os

    from fastapi import FastAPI
    from rankquill.webhooks import WebhookReceiver

    receiver = WebhookReceiver(os.environ["RANKQUILL_WEBHOOK_SECRET"])
    app = FastAPI()
    app.mount("/webhook", receiver.asgi_app())
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
from ._errors import WebhookVerificationError
from ._receiver import WebhookContext, WebhookReceiver, WebhookResult
from ._sanitize import sanitize_article_html
from ._signature import (
    DEFAULT_TOLERANCE_SECONDS,
    sign_webhook,
    signature_headers,
    signing_secret_key,
    verify_signature,
)
from .stores.article_store import ArticleStore, StoredArticle
from .stores.memory import MemoryArticleStore
from .stores.sqlite import SqliteArticleStore

__all__ = [
    "DEFAULT_TOLERANCE_SECONDS",
    "AiVisibilityMentionDetectedEvent",
    "ArticlePayload",
    "ArticleStore",
    "ContentDeletedEvent",
    "ContentGeneratedEvent",
    "ContentUnpublishedEvent",
    "KeywordRankingChangedEvent",
    "MemoryArticleStore",
    "SqliteArticleStore",
    "StoredArticle",
    "WebhookContext",
    "WebhookReceiver",
    "WebhookResult",
    "WebhookVerificationError",
    "sanitize_article_html",
    "sign_webhook",
    "signature_headers",
    "signing_secret_key",
    "verify_signature",
]
