"""`WebhookReceiver`: checks, reads, stores and dispatches the service's webhook deliveries."""

from __future__ import annotations

import datetime as _dt
import hashlib
import hmac
import json
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, cast, overload
from urllib.parse import quote

from pydantic import BaseModel

from .._generated.models import (
    AiVisibilityMentionDetectedEvent,
    ArticlePayload,
    ContentDeletedEvent,
    ContentGeneratedEvent,
    ContentUnpublishedEvent,
    KeywordRankingChangedEvent,
)
from ._asgi import ASGIApplication, ReceiverASGIApp
from ._errors import WebhookVerificationError
from ._headers import HeadersInput, lower_case_headers
from ._limits import DEFAULT_MAX_BODY_BYTES
from ._payloads import ARTICLE_EVENTS, EVENT_NAMES, RemovalEventName, article_of, event_of
from ._result import WebhookResult, fail, too_large
from ._sanitize import sanitize_article_html
from ._signature import signing_secret_key, timestamp_of, verify_signature
from ._wsgi import WSGIApplication, make_wsgi_app
from .stores.article_store import ArticleStore, ReplayGuard, StoredArticle
from .stores.memory import MemoryArticleStore

Event = TypeVar("Event", bound=BaseModel)


@dataclass(frozen=True)
class WebhookContext:
    """What a handler learns about a delivery besides its body.

    Example:
        ```python
        @receiver.on("content.deleted")
        def deleted(event: ContentDeletedEvent, context: WebhookContext) -> None:
            if not already_seen(context.delivery_id):
                cache.purge(context.url)
        ```
    """

    event: str
    """The event name, from `x-service-event` (or the body's `event` field)."""
    delivery_id: str | None
    """`x-service-delivery`: the same on every retry of one delivery, to deduplicate on."""
    webhook_id: str | None
    """`webhook-id` of the delivery, when sent."""
    url: str
    """The URL the receiver answers with: the article's page, or `""` for events without one."""


Handler = Callable[[Event, WebhookContext], object]
"""A function called with the event's body (a model) and the context of the delivery."""


class _Decorator(Generic[Event]):
    def __init__(self, register: Callable[[Handler[Any]], None]) -> None:
        self._register = register

    def __call__(self, handler: Handler[Event]) -> Handler[Event]:
        self._register(handler)
        return handler


class WebhookReceiver:
    """Receives the service's webhook deliveries (spec 6), in this order: 401 when
    `x-service-key` is missing or not `secret`; with a `signing_secret`, 401 when the Standard
    Webhooks headers are missing, stale or wrong; 400 when the body is not a JSON object, names two
    events, or misses required fields (each named). `content.published` and `content.updated`
    articles, defaults applied and `content` sanitized to the service's HTML allow-list, are
    upserted by slug (500 if the store fails); `content.unpublished` and `content.deleted` remove
    them; then handlers run (500 if one raises, so the service retries). Success answers 200
    `{"success": true, "url": "/<language>/resources/blog/<slug>"}` (`""` for events without a
    page); an event this version does not know answers 202, so the service does not retry it.
    A body over `max_body_bytes` answers 413. With a built-in store, a delivery whose
    `webhook-id` was applied in the last 10 minutes, or whose `webhook-timestamp` is older than
    the one that last wrote its slug, answers 200 with the article's URL and changes nothing.

    Args:
        secret: The secret entered in the project's webhook settings, which the service sends as
            `x-service-key`; compared in constant time. Required.
        signing_secret: The project's signing secret, `whsec_` + base64. With it, every delivery
            must carry `webhook-id`, `webhook-timestamp` (within 5 minutes) and a
            `webhook-signature` made with it. Without it the receiver accepts what the spec's
            service sends: `x-service-key` alone. A malformed one raises `ValueError`.
        store: Where articles go (default a new `MemoryArticleStore`); `False` when handlers
            write them.
        site_base_url: Prefix of the URL answered, such as `https://www.example.com`.
        author_default: Author stored when a payload has none.
        remove_on: Events that remove the article from the store.
        now: The clock, in Unix seconds, for the signature window and `received_at`.
        max_body_bytes: Bodies larger than this answer 413 (default 4 MiB, in every language);
            the adapters stop reading at this many bytes.

    Example:
        ```python
        from rankquill.webhooks import SqliteArticleStore, WebhookReceiver

        receiver = WebhookReceiver(
            os.environ["RANKQUILL_WEBHOOK_SECRET"],
            signing_secret=os.environ.get("RANKQUILL_WEBHOOK_SIGNING_SECRET"),
            store=SqliteArticleStore("articles.db"),
        )

        @receiver.on("keyword.ranking_changed")
        def ranking_changed(event: KeywordRankingChangedEvent, context: WebhookContext) -> None:
            print(event.keyword, event.position)

        result = receiver.handle(request_headers, raw_body)  # result.status, result.body
        ```
    """

    def __init__(
        self,
        secret: str,
        signing_secret: str | None = None,
        store: ArticleStore | Literal[False] | None = None,
        site_base_url: str | None = None,
        author_default: str = "Rankquill",
        remove_on: Iterable[RemovalEventName] = ("content.unpublished", "content.deleted"),
        *,
        now: Callable[[], float] = time.time,
        max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    ) -> None:
        if not isinstance(secret, str) or secret == "":
            raise ValueError(
                "WebhookReceiver needs `secret`: the secret entered in the project's webhook settings, "
                "such as os.environ['RANKQUILL_WEBHOOK_SECRET']."
            )
        if signing_secret is not None:
            try:
                signing_secret_key(signing_secret)
            except ValueError as error:
                raise ValueError(
                    f"WebhookReceiver: `signing_secret` is malformed: {error}. Pass the project's signing "
                    "secret (whsec_ followed by base64), or leave it out to check x-service-key only."
                ) from None
        if isinstance(max_body_bytes, bool) or not isinstance(max_body_bytes, int) or max_body_bytes < 1:
            raise ValueError(
                f"WebhookReceiver: `max_body_bytes` must be a positive int of bytes, got {max_body_bytes!r}."
            )
        # Compared as digests, so neither the time taken nor an early exit tells the secret's length.
        self._secret_digest = hashlib.sha256(secret.encode()).digest()
        self._max_body_bytes = max_body_bytes
        self._signing_secret = signing_secret
        self.store: ArticleStore | None = None if store is False else (store or MemoryArticleStore())
        """The store in use, or None when created with `store=False`."""
        self._site_base_url = (site_base_url or "").rstrip("/")
        self._author_default = author_default
        self._remove_on = frozenset(remove_on)
        self._now = now
        self._handlers: dict[str, list[Handler[Any]]] = {}
        self._apply_lock = threading.Lock()

    @overload
    def on(self, event: Literal["content.published", "content.updated"]) -> _Decorator[ArticlePayload]: ...
    @overload
    def on(self, event: Literal["content.unpublished"]) -> _Decorator[ContentUnpublishedEvent]: ...
    @overload
    def on(self, event: Literal["content.deleted"]) -> _Decorator[ContentDeletedEvent]: ...
    @overload
    def on(self, event: Literal["content.generated"]) -> _Decorator[ContentGeneratedEvent]: ...
    @overload
    def on(self, event: Literal["keyword.ranking_changed"]) -> _Decorator[KeywordRankingChangedEvent]: ...
    @overload
    def on(
        self, event: Literal["ai_visibility.mention_detected"]
    ) -> _Decorator[AiVisibilityMentionDetectedEvent]: ...
    def on(self, event: str) -> _Decorator[Any]:
        """Registers a handler for one event, as a decorator. Handlers of article events get the
        article with its defaults and sanitized content; others the event's model. A handler that
        raises makes the answer a 500, so the service retries the delivery.

        Example:
            ```python
            @receiver.on("content.published")
            def published(article: ArticlePayload, context: WebhookContext) -> None:
                search_index.add(context.url, article.title)
            ```
        """
        if event not in EVENT_NAMES:
            raise ValueError(f"Unknown webhook event {event!r}: use one of {', '.join(sorted(EVENT_NAMES))}.")
        return _Decorator(self._handlers.setdefault(event, []).append)

    def check_service_key(self, headers: HeadersInput) -> WebhookResult | None:
        """The 401 answer when `x-service-key` is missing or wrong, else None. Adapters call it
        before reading a body, so a caller without the secret cannot make them buffer one.

        Example:
            ```python
            refusal = receiver.check_service_key(request.headers)
            if refusal is not None:
                return refusal  # 401, before the body is read
            ```
        """
        values = lower_case_headers(headers)
        event = _event_header(values)
        key = values.get("x-service-key", "")
        if key == "":
            return fail(
                401,
                "Missing x-service-key header: send the webhook secret configured in the project's "
                "integration settings.",
                event,
            )
        digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).digest()
        if not hmac.compare_digest(digest, self._secret_digest):
            return fail(
                401,
                "Invalid x-service-key: it does not match the secret this receiver was configured with.",
                event,
            )
        return None

    def handle(self, headers: HeadersInput, body: bytes) -> WebhookResult:
        """Checks, reads, stores and dispatches one delivery; never raises.

        Example:
            ```python
            headers = {"x-service-key": secret, "x-service-event": "content.published"}
            result = receiver.handle(headers, raw_body)
            print(result.status, result.body)  # 200 {'success': True, 'url': '/en/resources/blog/...'}
            ```
        """
        try:
            return self._handle(lower_case_headers(headers), body)
        except Exception as error:  # noqa: BLE001 - the answer must be a 500, not a crash
            return fail(500, f"The receiver failed: {error}. The service will retry the delivery.")

    @property
    def max_body_bytes(self) -> int:
        """Bodies larger than this many bytes answer 413."""
        return self._max_body_bytes

    def wsgi_app(
        self,
        *,
        path: str | None = None,
        fallback: WSGIApplication | None = None,
    ) -> WSGIApplication:
        """This receiver as a WSGI application. Mounted under a path by the framework, it answers
        every POST; with `path`, it answers that path and hands every other request to `fallback`.
        It checks `x-service-key` before reading a body, and refuses bodies over `max_body_bytes`
        (1 MiB) with 413.

        Example:
            ```python
            # Flask
            app.wsgi_app = DispatcherMiddleware(app.wsgi_app, {"/webhook": receiver.wsgi_app()})
            # Django (wsgi.py)
            application = receiver.wsgi_app(path="/webhook", fallback=get_wsgi_application())
            ```
        """
        return make_wsgi_app(self, path=path, fallback=fallback)

    def asgi_app(
        self,
        *,
        path: str | None = None,
        fallback: ASGIApplication | None = None,
    ) -> ASGIApplication:
        """This receiver as an ASGI application, like `wsgi_app`. Stores and handlers run in a
        worker thread (`asyncio.to_thread`), so they never block the event loop.

        Example:
            ```python
            # FastAPI or Starlette: a route, which answers /webhook itself (a mount answers
            # /webhook/... only, and redirects /webhook there)
            app.add_route("/webhook", receiver.asgi_app())
            # Django (asgi.py)
            application = receiver.asgi_app(path="/webhook", fallback=get_asgi_application())
            ```
        """
        return ReceiverASGIApp(self, path, fallback)

    def _handle(self, headers: dict[str, str], body: bytes) -> WebhookResult:
        header_event = _event_header(headers)
        refused = self.check_service_key(headers)
        if refused is not None:
            return refused
        if len(body) > self._max_body_bytes:
            return too_large(self._max_body_bytes)
        if self._signing_secret is not None:
            try:
                verify_signature(self._signing_secret, headers, body, now=self._now)
            except WebhookVerificationError as error:
                return fail(401, error.message, header_event)
        # Without a signing secret the headers still order deliveries; a malformed one counts as absent.
        timestamp = timestamp_of(headers.get("webhook-timestamp", ""))
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            return fail(
                400,
                "Request body is not valid UTF-8: send the event payload as UTF-8 encoded JSON.",
                header_event,
            )
        try:
            parsed: object = json.loads(text)
        except ValueError:
            return fail(
                400, "Request body is not valid JSON: send the event payload as a JSON object.", header_event
            )
        if not isinstance(parsed, dict):
            kind = (
                "null"
                if parsed is None
                else "an array"
                if isinstance(parsed, list)
                else f"a {_json_kind(parsed)}"
            )
            return fail(400, f"Request body must be a JSON object, got {kind}.", header_event)
        payload = cast("dict[str, Any]", parsed)
        body_event = payload.get("event") if isinstance(payload.get("event"), str) else None
        if header_event is not None and body_event is not None and header_event != body_event:
            return fail(
                400,
                f'The x-service-event header says "{header_event}" but the body\'s event field says '
                f'"{body_event}": send one event name.',
                header_event,
            )
        # A sender that follows only the spec posts the bare article: that is content.published.
        event = header_event or body_event or "content.published"
        if event not in EVENT_NAMES:
            # A 2xx keeps a newer service from retrying an event this version cannot act on.
            return WebhookResult(202, {"success": True, "url": ""}, event)
        delivery_id, webhook_id = headers.get("x-service-delivery"), headers.get("webhook-id") or None
        if event in ARTICLE_EVENTS:
            article = article_of(event, payload, author_default=self._author_default)
            if isinstance(article, str):
                return fail(400, article, event)
            article.content = sanitize_article_html(article.content)
            url = self._url(article.language, article.slug)
            context = WebhookContext(event, delivery_id, webhook_id, url)
            return self._once(context, article.slug, timestamp, lambda: self._apply_article(article, context))
        model = event_of(event, payload)
        if isinstance(model, str):
            return fail(400, model, event)
        if isinstance(model, (ContentUnpublishedEvent, ContentDeletedEvent)):
            context = WebhookContext(event, delivery_id, webhook_id, self._url(model.language, model.slug))
            return self._once(context, model.slug, timestamp, lambda: self._apply_removal(model, context))
        context = WebhookContext(event, delivery_id, webhook_id, "")
        return self._once(context, None, timestamp, lambda: self._dispatch(event, model, context))

    def _once(
        self,
        context: WebhookContext,
        slug: str | None,
        timestamp: int | None,
        apply: Callable[[], WebhookResult],
    ) -> WebhookResult:
        """Applies a delivery unless the store's `ReplayGuard` shows it applied already, or older
        than what last wrote its slug: those answer 200 with the current URL and change nothing."""
        guard = self.store if isinstance(self.store, ReplayGuard) else None
        if guard is None:
            return apply()
        # One delivery at a time, so that two copies of one delivery cannot both pass the check.
        with self._apply_lock:
            now = self._now()
            newest = guard.slug_timestamp(slug) if slug is not None else None
            replayed = context.webhook_id is not None and guard.was_applied(context.webhook_id, now)
            if replayed or (timestamp is not None and newest is not None and timestamp < newest):
                current = self.store.get(slug) if self.store is not None and slug is not None else None
                url = current.url if current is not None else context.url
                return WebhookResult(200, {"success": True, "url": url}, context.event)
            result = apply()
            if result.status < 300:
                guard.record_applied(context.webhook_id, slug, timestamp, now)
            return result

    def _apply_article(self, article: ArticlePayload, context: WebhookContext) -> WebhookResult:
        store = self.store
        if store is not None:
            stored = StoredArticle(
                **article.model_dump(),
                url=context.url,
                received_at=_dt.datetime.fromtimestamp(self._now(), tz=_dt.timezone.utc),
            )
            failed = _store_failure(
                lambda: store.upsert(stored), f'store the article "{article.slug}"', context
            )
            if failed is not None:
                return failed
        return self._dispatch(context.event, article, context)

    def _apply_removal(
        self, model: ContentUnpublishedEvent | ContentDeletedEvent, context: WebhookContext
    ) -> WebhookResult:
        store = self.store
        if store is not None and context.event in self._remove_on:
            failed = _store_failure(
                lambda: store.remove(model.slug), f'remove the article "{model.slug}"', context
            )
            if failed is not None:
                return failed
        return self._dispatch(context.event, model, context)

    def _dispatch(self, event: str, payload: BaseModel, context: WebhookContext) -> WebhookResult:
        for handler in list(self._handlers.get(event, [])):
            try:
                handler(payload, context)
            except Exception as error:  # noqa: BLE001 - a failing handler is a 500 the service retries
                return fail(
                    500, f"The {event} handler failed: {error}. The service will retry the delivery.", event
                )
        return WebhookResult(200, {"success": True, "url": context.url}, event)

    def _url(self, language: str, slug: str) -> str:
        return f"{self._site_base_url}/{_segment(language)}/resources/blog/{_segment(slug)}"

    def __repr__(self) -> str:
        signed = "with" if self._signing_secret is not None else "without"
        return f"WebhookReceiver({signed} a signing secret, store={type(self.store).__name__})"


def _event_header(headers: dict[str, str]) -> str | None:
    return headers.get("x-service-event", "").strip() or None


def _store_failure(write: Callable[[], object], what: str, context: WebhookContext) -> WebhookResult | None:
    """Runs a store write; any failure is a 500, which the service retries."""
    try:
        write()
    except Exception as error:  # noqa: BLE001 - whatever the store raises
        return fail(500, f"Could not {what}: {error}. The service will retry the delivery.", context.event)
    return None


def _json_kind(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    return "string" if isinstance(value, str) else "number"


def _segment(value: str) -> str:
    # What JavaScript's encodeURIComponent leaves alone, so every receiver answers the same URL.
    return quote(value, safe="!~*'()")
