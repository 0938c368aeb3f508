"""Article HTML reduced to the service's allow-list, with the standard library's HTML parser."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from .._generated.html_allow_list import (
    ATTRIBUTES,
    DROPPED_WITH_CONTENT,
    NEW_WINDOW_REL,
    SAME_CONTEXT_TARGETS,
    TAGS,
    URL_ATTRIBUTES,
    URL_SCHEMES,
)

# Elements without content or end tag: they open nothing, and a dropped one swallows nothing.
_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
_CONTROL_AND_SPACE = re.compile(r"[\x00-\x20]")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
_PROTOCOL_RELATIVE = re.compile(r"^[/\\]{2}")
_TAG_START = re.compile(r"^<[A-Za-z/!?]")


def sanitize_article_html(html: str) -> str:
    """`html` with only the elements and attributes of the allow-list (html-allow-list.json):
    scripts, styles, frames, forms and SVG go with their content, other unknown elements are
    unwrapped, event handlers and unsafe URLs (`javascript:`, `data:`, protocol-relative) are
    removed, links that open a new window get `rel="noopener noreferrer"`, and every element left
    open is closed. Sanitizing the result again changes nothing.

    Example:
        ```python
        sanitize_article_html('<p onclick="x()">Hi<script>steal()</script></p>')  # '<p>Hi</p>'
        ```
    """
    sanitizer = _Sanitizer()
    sanitizer.feed(html)
    sanitizer.finish()
    return "".join(sanitizer.output)


class _Sanitizer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.output: list[str] = []
        self._open: list[str] = []
        self._dropping: list[str] = []
        self._finishing = False

    def finish(self) -> None:
        self._finishing = True
        self.close()
        while self._open:
            self.output.append(f"</{self._open.pop()}>")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in DROPPED_WITH_CONTENT or self._dropping:
            if tag in DROPPED_WITH_CONTENT and tag not in _VOID:
                self._dropping.append(tag)
            return
        if tag not in TAGS:
            return  # unwrapped: the element goes, its content stays
        self.output.append(f"<{tag}{_attributes_of(tag, attrs)}>")
        if tag not in _VOID:
            self._open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # HTML has no self-closing elements: `<p/>` opens a `p`, `<iframe/>` an iframe.
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if self._dropping:
            if tag in self._dropping:
                while self._dropping.pop() != tag:
                    pass
            return
        if tag in self._open:
            while True:
                closed = self._open.pop()
                self.output.append(f"</{closed}>")
                if closed == tag:
                    break

    def handle_data(self, data: str) -> None:
        if self._dropping:
            return
        if self._finishing and _TAG_START.match(data):
            return  # a tag left unterminated at the end of the input makes no element, nor text
        self.output.append(_escape_text(data))

    # Comments, CDATA sections, doctypes and processing instructions are dropped: the default
    # handlers of HTMLParser do nothing with them.


def _attributes_of(tag: str, attrs: list[tuple[str, str | None]]) -> str:
    allowed = ATTRIBUTES.get(tag, frozenset())
    kept: dict[str, str] = {}
    for name, value in attrs:
        if name not in allowed or name in kept:
            continue  # of a repeated attribute, the first counts, as in browsers
        text = value or ""
        if name in URL_ATTRIBUTES and not _is_safe_url(text):
            continue
        kept[name] = text
    target = kept.get("target")
    if tag == "a" and target is not None and target.strip().lower() not in SAME_CONTEXT_TARGETS:
        rel = kept.get("rel", "").split()
        kept["rel"] = " ".join([*rel, *(value for value in NEW_WINDOW_REL if value not in rel)])
    return "".join(f' {name}="{_escape_attribute(value)}"' for name, value in kept.items())


def _is_safe_url(value: str) -> bool:
    compact = _COMMENT.sub("", _CONTROL_AND_SPACE.sub("", value))
    scheme = _SCHEME.match(compact)
    if scheme is not None:
        return scheme.group(1).lower() in URL_SCHEMES
    return _PROTOCOL_RELATIVE.match(compact) is None


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _escape_attribute(value: str) -> str:
    return _escape_text(value).replace('"', "&quot;")
