"""The article pages as WSGI and ASGI applications, to mount next to the receiver."""

from __future__ import annotations

import re
from collections.abc import Iterable

from ._article_page import ARTICLE_PAGE_CSP, render_article_page
from ._asgi import ASGIApplication, Receive, Scope, Send
from ._wsgi import StartResponse, WSGIApplication, WSGIEnvironment
from .stores.article_store import ArticleStore, StoredArticle

_PAGE_PATH = re.compile(r"/([^/]+)/resources/blog/([^/]+)")
_PHRASES = {200: "OK", 404: "Not Found", 405: "Method Not Allowed"}


def article_page_answer(
    store: ArticleStore, method: str, path: str
) -> tuple[int, list[tuple[str, str]], bytes]:
    """Status, headers and body of the page at `path` (`/<language>/resources/blog/<slug>`,
    percent-decoded), as both applications answer it."""
    match = _PAGE_PATH.fullmatch(path)
    article: StoredArticle | None = store.get(match.group(2)) if match else None
    if article is None or match is None or article.language != match.group(1):
        return 404, [("content-type", "text/plain; charset=utf-8")], b"No article is stored at this URL.\n"
    if method not in ("GET", "HEAD"):
        return (
            405,
            [("allow", "GET, HEAD"), ("content-type", "text/plain; charset=utf-8")],
            b"Pages are read with GET.\n",
        )
    page = render_article_page(article).encode()
    headers = [
        ("content-type", "text/html; charset=utf-8"),
        ("content-security-policy", ARTICLE_PAGE_CSP),
        ("content-length", str(len(page))),
    ]
    return 200, headers, b"" if method == "HEAD" else page


def article_pages_wsgi_app(
    store: ArticleStore, *, fallback: WSGIApplication | None = None
) -> WSGIApplication:
    """A WSGI application serving each stored article at the URL the receiver answered for it,
    `/<language>/resources/blog/<slug>`, rendered by `render_article_page` with `ARTICLE_PAGE_CSP`;
    404 for any other path, unless `fallback` takes it.

    Example:
        ```python
        pages = article_pages_wsgi_app(receiver.store, fallback=get_wsgi_application())
        application = receiver.wsgi_app(path="/webhook", fallback=pages)
        ```
    """

    def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        path = str(environ.get("PATH_INFO", ""))
        if fallback is not None and not _PAGE_PATH.fullmatch(path):
            return fallback(environ, start_response)
        status, headers, body = article_page_answer(store, str(environ.get("REQUEST_METHOD", "")), path)
        start_response(f"{status} {_PHRASES[status]}", headers)
        return [body]

    return app


class ArticlePagesASGIApp:
    """See `article_pages_asgi_app`."""

    def __init__(self, store: ArticleStore, fallback: ASGIApplication | None) -> None:
        self._store = store
        self._fallback = fallback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = str(scope.get("path", ""))
        if scope["type"] != "http" or (self._fallback is not None and not _PAGE_PATH.fullmatch(path)):
            if self._fallback is not None:
                await self._fallback(scope, receive, send)
            return
        status, headers, body = article_page_answer(self._store, str(scope.get("method", "")), path)
        encoded = [(name.encode(), value.encode()) for name, value in headers]
        await send({"type": "http.response.start", "status": status, "headers": encoded})
        await send({"type": "http.response.body", "body": body})


def article_pages_asgi_app(
    store: ArticleStore, *, fallback: ASGIApplication | None = None
) -> ASGIApplication:
    """`article_pages_wsgi_app` as an ASGI application (the store is read on the event loop: the
    built-in stores answer a lookup by slug in microseconds).

    Example:
        ```python
        app.mount("/", article_pages_asgi_app(receiver.store))  # FastAPI or Starlette, last
        ```
    """
    return ArticlePagesASGIApp(store, fallback)
