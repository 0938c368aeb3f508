"""Article HTML reduced to the service's allow-list, byte for byte as every other language does it
(packages/contract/vectors/sanitize.json)."""

from __future__ import annotations

import re

from .._generated.html_allow_list import (
    ATTRIBUTES,
    DROPPED_WITH_CONTENT,
    NEW_WINDOW_REL,
    SAME_CONTEXT_TARGETS,
    TAGS,
    URL_ATTRIBUTES,
    URL_SCHEMES,
)
from ._html_tokens import ascii_lower
from ._html_tree import build_tree

# Void elements written without an end tag (of them only br, hr and img are kept).
_VOID = frozenset(
    ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]
)
_CONTROL_AND_SPACE = re.compile(r"[\x00-\x20]+")
_HTML_SPACE = re.compile(r"[\t\n\f\r ]+")
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_PROTOCOL_RELATIVE = re.compile(r"[/\\]{2}")


def sanitize_article_html(html: str) -> str:
    """`html` with only the elements and attributes of the allow-list (html-allow-list.json):
    scripts, styles, frames, forms and SVG go with their content, other unknown elements are
    unwrapped, event handlers and unsafe URLs (`javascript:`, `data:`, protocol-relative) are
    removed, links that open a new window get `rel="noopener noreferrer"`, and every element left
    open is closed. The same bytes as the TypeScript, PHP and Ruby sanitizers; sanitizing the
    result again changes nothing. Takes time linear in the length of `html`, whatever it holds
    (packages/contract/vectors/sanitize-pathological.json).

    Example:
        ```python
        sanitize_article_html('<p onclick="x()">Hi<script>steal()</script></p>')  # '<p>Hi</p>'
        ```
    """
    sink = _AllowListSink()
    build_tree(html, sink)
    return "".join(sink.output)


class _AllowListSink:
    """Writes what the allow-list keeps of the tree it is told about."""

    def __init__(self) -> None:
        self.output: list[str] = []
        self._kept: list[bool] = []  # per open element, innermost last: whether its tags are written
        self._drops: list[bool] = []  # ... and whether it goes with its content
        self._dropping = 0

    def unwrapped(self, name: str) -> bool:
        return name not in TAGS and name not in DROPPED_WITH_CONTENT

    def open(self, name: str, attributes: dict[str, str]) -> None:
        drops = name in DROPPED_WITH_CONTENT
        kept = self._dropping == 0 and not drops and name in TAGS
        self._kept.append(kept)
        self._drops.append(drops)
        if drops:
            self._dropping += 1
        if kept:
            self.output.append(_open_tag(name, attributes) if attributes or name in _VOID else f"<{name}>")

    def close(self, name: str) -> None:
        if self._drops.pop():
            self._dropping -= 1
        if self._kept.pop() and name not in _VOID:
            self.output.append(f"</{name}>")

    def text(self, text: str) -> None:
        if self._dropping == 0:
            self.output.append(_escape_text(text))


def _open_tag(name: str, received: dict[str, str]) -> str:
    attributes = received
    # HTML compares these keywords in ASCII lower case, untrimmed: ` _self` names a new window.
    target = ascii_lower(attributes.get("target", ""))
    if name == "a" and target and target not in SAME_CONTEXT_TARGETS:
        rel = list(
            dict.fromkeys(word for word in _HTML_SPACE.split(ascii_lower(attributes.get("rel", ""))) if word)
        )
        rel += [value for value in NEW_WINDOW_REL if value not in rel]
        attributes = {**attributes, "rel": " ".join(rel)}
    allowed = ATTRIBUTES.get(name, frozenset())
    written = "".join(
        f' {attribute}="{_escape_attribute(value)}"'
        for attribute, value in attributes.items()
        if attribute in allowed and (attribute not in URL_ATTRIBUTES or _is_safe_url(value))
    )
    return f"<{name}{written} />" if name in _VOID else f"<{name}{written}>"


def _is_safe_url(value: str) -> bool:
    if value == "":
        return False  # an empty URL is the page itself: removed, as the service does
    compact = without_url_comments(_CONTROL_AND_SPACE.sub("", value))
    scheme = _SCHEME.match(compact)
    if scheme is not None:
        return scheme.group(1).lower() in URL_SCHEMES
    return _PROTOCOL_RELATIVE.match(compact) is None


def without_url_comments(value: str) -> str:
    """`value` without its `<!--…-->` comments, removed as the service removes them: the first
    `<!--` through the first `-->` after it, then again, since removing one can form another
    (`<!-<!---->--->`). One pass: a kept character is never read again, and a `-->` is searched
    for only from the `<!--` just formed, so the time is linear whatever the input."""
    if "<!--" not in value:
        return value
    kept: list[str] = []
    index, length = 0, len(value)
    while index < length:
        kept.append(value[index])
        index += 1
        if len(kept) >= 4 and kept[-1] == "-" and kept[-2] == "-" and kept[-3] == "!" and kept[-4] == "<":
            end = value.find("-->", index)
            if end == -1:
                break  # an unterminated comment stays, and so does everything after it
            del kept[-4:]
            index = end + 3
    return "".join(kept) + value[index:]


def _escape_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _escape_attribute(value: str) -> str:
    return _escape_text(value).replace('"', "&quot;")
