"""The HTML page of a stored article, the same bytes in every language."""

from __future__ import annotations

import re

from .._generated.models import ArticlePayload
from ._sanitize import sanitize_article_html

ARTICLE_PAGE_CSP = (
    "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; "
    "base-uri 'none'; form-action 'none'"
)
"""The Content-Security-Policy to serve `render_article_page` with: no script runs, images load
from http(s) and data URLs only, and links or forms cannot be retargeted. The same string in every
language (TypeScript `ARTICLE_PAGE_CSP`, PHP `ArticlePage::CONTENT_SECURITY_POLICY`).

Example:
    ```python
    headers = {"content-type": "text/html; charset=utf-8", "content-security-policy": ARTICLE_PAGE_CSP}
    ```
"""

_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_SPECIAL = re.compile(r"[&<>\"']")
# A pattern rather than a URL parser, so that every language keeps and drops the same URLs.
_HTTP_URL = re.compile(r"https?://[^/?#\\\x00-\x20\x7f]+(?:[/?#][^\x00-\x20\x7f]*)?", re.IGNORECASE)


def escape_html(text: str) -> str:
    """`&`, `<`, `>`, `"` and `'` escaped, for element content and quoted attribute values."""
    return _SPECIAL.sub(lambda match: _ENTITIES[match.group(0)], text)


def render_article_page(article: ArticlePayload) -> str:
    """The HTML page of a stored article, byte for byte what the other languages render. Title,
    description, author and URLs are escaped (URLs kept only when absolute http or https); the
    content is sanitized to the service's allow-list again, whatever store it came from. Serve it
    with `ARTICLE_PAGE_CSP` as the Content-Security-Policy.

    Example:
        ```python
        from rankquill.webhooks import ARTICLE_PAGE_CSP, render_article_page

        article = receiver.store.get("cold-brew")
        if article is not None:
            html = render_article_page(article)
            csp = {"content-security-policy": ARTICLE_PAGE_CSP}
        ```
    """
    canonical = _http_url(article.canonical_url)
    image = _http_url(article.featured_image)
    canonical_line = f'<link rel="canonical" href="{escape_html(canonical)}">\n' if canonical else ""
    image_line = f'<img src="{escape_html(image)}" alt="">\n' if image else ""
    return (
        "<!doctype html>\n"
        f'<html lang="{escape_html(article.language)}">\n'
        "<head>\n"
        '<meta charset="utf-8">\n'
        f"<title>{escape_html(article.meta_title or article.title)}</title>\n"
        f'<meta name="description" content="{escape_html(article.meta_description)}">\n'
        f'<meta name="keywords" content="{escape_html(", ".join(article.keywords))}">\n'
        f'<meta name="author" content="{escape_html(article.author)}">\n'
        f"{canonical_line}</head>\n"
        "<body>\n"
        "<article>\n"
        f"<h1>{escape_html(article.title)}</h1>\n"
        f'<p class="byline">{escape_html(article.author)}</p>\n'
        f"{image_line}{sanitize_article_html(article.content)}\n"
        "</article>\n"
        "</body>\n"
        "</html>\n"
    )


def _http_url(value: str) -> str | None:
    return value if _HTTP_URL.fullmatch(value) else None
