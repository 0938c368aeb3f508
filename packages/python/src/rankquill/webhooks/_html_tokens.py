"""An HTML tokenizer with the rules of packages/contract/vectors/README.md ("Sanitizing"), the
TypeScript sanitizer's (packages/webhooks/src/html/html-tokenizer.ts): the same input splits into
the same tags and text in every language, so every sanitizer writes the same bytes. Every search
moves forward, so it takes time linear in the input."""

from __future__ import annotations

import re
from html.entities import html5
from typing import Protocol

# Raw text runs to the element's own end tag; of them, title and textarea decode references.
RAW_TEXT = frozenset({"script", "style", "xmp", "iframe", "noembed", "noframes", "title", "textarea"})
_ESCAPABLE_RAW_TEXT = frozenset({"title", "textarea"})
_STARTS_RAW_TEXT = RAW_TEXT | {"plaintext"}
_NAME_END = re.compile(r"[\t\n\f\r />]")
_ATTRIBUTE_NAME_END = re.compile(r"[\t\n\f\r />=]")
_UNQUOTED_VALUE_END = re.compile(r"[\t\n\f\r >]")
_NOT_WHITESPACE = re.compile(r"[^\t\n\f\r ]")
_COMMENT_END = re.compile(r"--!?>")
# A tag without attributes (`<p>`, `<br/>`, `</p>`): most tags, read in one step.
_SIMPLE_TAG = re.compile(r"([A-Za-z][^\t\n\f\r />]*)(/?)>")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
_UPPER = re.compile(r"[A-Z]+")
_REFERENCE = re.compile(r"&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)")
_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")


class TokenHandler(Protocol):
    """What the tokenizer reports, in input order."""

    def in_foreign_content(self) -> bool:
        """Whether the innermost open element is in SVG or MathML: asked at each start tag and CDATA."""
        ...

    def start_tag(self, name: str, attributes: dict[str, str], self_closing: bool) -> None: ...

    def end_tag(self, name: str) -> None: ...

    def text(self, text: str) -> None: ...


def ascii_lower(name: str) -> str:
    """`name` with its ASCII letters in lower case, as HTML compares names (`K`, the Kelvin sign, stays)."""
    return name.lower() if name.isascii() else _UPPER.sub(lambda upper: upper.group().lower(), name)


def tokenize(html: str, handler: TokenHandler) -> None:
    """Reports the start tags, end tags and text of `html` to `handler`; comments, CDATA, doctypes,
    processing instructions and a tag or comment the input ends in are dropped."""
    _Tokenizer(html, handler).run()


def _search(pattern: re.Pattern[str], text: str, start: int) -> int:
    found = pattern.search(text, start)
    return -1 if found is None else found.start()


# A tag's lower-case name, its attributes, whether it is self-closing, and where it ends.
_Tag = tuple[str, dict[str, str], bool, int]


class _Tokenizer:
    def __init__(self, html: str, handler: TokenHandler) -> None:
        self._html = html
        self._handler = handler
        self._index = 0  # where reading goes on
        self._text_start = 0  # where the text not yet reported starts

    def run(self) -> None:
        html, handler, simple_tag = self._html, self._handler, _SIMPLE_TAG.match
        while True:
            lt = html.find("<", self._index)
            if lt == -1:
                break
            following = html[lt + 1 : lt + 2]
            # Most tags have no attributes and start no raw text: read in one step.
            simple = simple_tag(html, lt + 1 if following != "/" else lt + 2)
            if simple is not None and (following == "/" or following in _ASCII_LETTERS):
                name = simple.group(1)
                name = name.lower() if name.isascii() else ascii_lower(name)
                if following == "/" or name not in _STARTS_RAW_TEXT:
                    if lt > self._text_start:
                        self._flush_text(lt)
                    self._index = self._text_start = simple.end()
                    if following == "/":
                        handler.end_tag(name)
                    else:
                        handler.start_tag(name, {}, simple.group(2) == "/")
                    continue
            if following in _ASCII_LETTERS:
                goes_on = self._start_tag(lt)
            elif following == "/":
                goes_on = self._end_tag(lt)
            elif following == "!":
                goes_on = self._markup_declaration(lt)
            elif following == "?":
                goes_on = self._skip_to(lt, html.find(">", lt + 2), 1)
            else:
                self._index = lt + 1  # a `<` that starts nothing is text
                goes_on = True
            if not goes_on:
                return
        self._flush_text(len(html))

    def _flush_text(self, end: int, resume: int | None = None) -> None:
        """Reports the text before `end` and moves on to `resume`."""
        if end > self._text_start:
            self._handler.text(decode_references(self._html[self._text_start : end], in_attribute=False))
        self._index = self._text_start = end if resume is None else resume

    def _skip_to(self, lt: int, end: int, size: int) -> bool:
        """Drops the markup from `lt` through `end` (plus `size` characters); False when it runs out."""
        self._flush_text(lt, len(self._html) if end == -1 else end + size)
        return end != -1

    def _start_tag(self, lt: int) -> bool:
        foreign = self._handler.in_foreign_content()
        tag = self._read_tag(lt + 1)
        self._flush_text(lt, len(self._html) if tag is None else tag[3])
        if tag is None:
            return False
        name, attributes, self_closing, end = tag
        self._handler.start_tag(name, attributes, self_closing)
        if foreign:
            return True
        if name == "plaintext":
            if end < len(self._html):
                self._handler.text(self._html[end:])
            return False
        if name in RAW_TEXT:
            self._raw_text(name, end)
        return True

    def _raw_text(self, name: str, start: int) -> None:
        """Text up to `</name` followed by a space, `/` or `>` (its end tag is read next), or to the end."""
        closing = re.compile(rf"</{name}(?=[\t\n\f\r />])", re.IGNORECASE | re.ASCII)
        found = closing.search(self._html, start)
        end = len(self._html) if found is None else found.start()
        if end > start:
            text = self._html[start:end]
            self._handler.text(
                decode_references(text, in_attribute=False) if name in _ESCAPABLE_RAW_TEXT else text
            )
        self._index = self._text_start = end

    def _end_tag(self, lt: int) -> bool:
        html = self._html
        first = html[lt + 2 : lt + 3]
        if first == "":
            self._index = lt + 2  # `</` at the very end is text
            return True
        if first == ">":
            return self._skip_to(lt, lt + 2, 1)  # `</>` is nothing
        if first not in _ASCII_LETTERS:
            return self._skip_to(lt, html.find(">", lt + 2), 1)  # a bogus comment
        tag = self._read_tag(lt + 2)
        self._flush_text(lt, len(html) if tag is None else tag[3])
        if tag is None:
            return False
        self._handler.end_tag(tag[0])
        return True

    def _markup_declaration(self, lt: int) -> bool:
        html = self._html
        if html.startswith("<!--", lt):
            start = lt + 4
            # `<!-->` and `<!--->` are empty comments.
            if html.startswith(">", start):
                return self._skip_to(lt, start, 1)
            if html.startswith("->", start):
                return self._skip_to(lt, start + 1, 1)
            comment_end = _COMMENT_END.search(html, start)
            if comment_end is None:
                return self._skip_to(lt, -1, 0)
            return self._skip_to(lt, comment_end.start(), len(comment_end.group()))
        if html.startswith("<![CDATA[", lt):
            end = html.find("]]>", lt + 9)
            if end > lt + 9 and self._handler.in_foreign_content():
                self._flush_text(lt, lt)
                self._handler.text(html[lt + 9 : end])
            return self._skip_to(lt, end, 3)
        return self._skip_to(lt, html.find(">", lt + 2), 1)

    def _read_tag(self, start: int) -> _Tag | None:
        """The tag whose name starts at `start` (after `<` or `</`): its lower-case name,
        attributes (values decoded) and where it ends; None when the input ends first."""
        html = self._html
        simple = _SIMPLE_TAG.match(html, start)
        if simple is not None:
            return ascii_lower(simple.group(1)), {}, simple.group(2) == "/", simple.end()
        index = _search(_NAME_END, html, start)
        if index == -1:
            return None
        name = ascii_lower(html[start:index])
        attributes: dict[str, str] = {}
        while True:
            index = _search(_NOT_WHITESPACE, html, index)
            if index == -1:
                return None
            character = html[index]
            if character == ">":
                return name, attributes, False, index + 1
            if character == "/":
                if html.startswith(">", index + 1):
                    return name, attributes, True, index + 2
                index += 1
                continue
            # An attribute: its name may start with `=`, and ends at a space, `/`, `>` or `=`.
            name_end = _search(_ATTRIBUTE_NAME_END, html, index + 1)
            if name_end == -1:
                return None
            attribute = ascii_lower(html[index:name_end])
            index = _search(_NOT_WHITESPACE, html, name_end)
            if index == -1:
                return None
            value = ""
            if html[index] == "=":
                index = _search(_NOT_WHITESPACE, html, index + 1)
                if index == -1:
                    return None
                quote = html[index]
                if quote in "\"'":
                    value_end = html.find(quote, index + 1)
                    if value_end == -1:
                        return None
                    value = html[index + 1 : value_end]
                    value_end += 1
                else:
                    value_end = _search(_UNQUOTED_VALUE_END, html, index)
                    if value_end == -1:
                        return None
                    value = html[index:value_end]
                value = decode_references(value, in_attribute=True)
                index = value_end
            attributes.setdefault(attribute, value)  # of duplicates, the first counts


def decode_references(text: str, *, in_attribute: bool) -> str:
    """Character references decoded as HTML does: legacy named ones without `;` too, except in an
    attribute value when a letter, digit or `=` follows them."""
    if "&" not in text:
        return text

    def replace(match: re.Match[str]) -> str:
        reference = match.group(1)
        if reference[0] == "#":
            return _numeric(reference)
        if reference in html5:
            if in_attribute and not reference.endswith(";") and _blocks_in_attribute(text, match.end()):
                return match.group(0)
            return html5[reference]
        for size in range(len(reference) - 1, 1, -1):
            prefix = reference[:size]
            if prefix in html5:  # only legacy names are listed without `;`
                if in_attribute and _blocks_in_attribute(reference, size):
                    return match.group(0)
                return html5[prefix] + reference[size:]
        return match.group(0)

    return _REFERENCE.sub(replace, text)


def _blocks_in_attribute(text: str, index: int) -> bool:
    following = text[index : index + 1]
    return following == "=" or bool(_ASCII_ALNUM.fullmatch(following))


def _numeric(reference: str) -> str:
    digits = reference[1:].rstrip(";")
    hexadecimal = digits[:1] in "xX"
    digits = (digits[1:] if hexadecimal else digits).lstrip("0") or "0"
    if len(digits) > 8:
        return "\ufffd"
    code = int(digits, 16 if hexadecimal else 10)
    if code == 0 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        return "\ufffd"
    if 0x80 <= code <= 0x9F:
        try:
            return bytes([code]).decode("cp1252")
        except UnicodeDecodeError:
            return chr(code)
    return chr(code)
