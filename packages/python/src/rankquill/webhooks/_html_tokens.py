"""An HTML tokenizer with the rules of packages/contract/vectors/README.md ("Sanitizing"), which
are htmlparser2's (the TypeScript sanitizer's parser): the same input splits into the same tags
and text in every language, so every sanitizer writes the same bytes."""

from __future__ import annotations

import re
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from html.entities import html5

_WHITESPACE = " \t\n\f\r"
_NAME_END = re.compile(r"[ \t\n\f\r/>]")
_VALUE_END = re.compile(r"[ \t\n\f\r>]")
_END_TAG_NAME_END = _VALUE_END
# Raw text runs to the element's own end tag; plaintext to the end of the input.
RAW_TEXT = frozenset({"script", "style", "xmp", "iframe", "noembed", "noframes", "title", "textarea"})
_REFERENCE = re.compile(r"&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)")
_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")


@dataclass
class StartTag:
    name: str
    attributes: dict[str, str] = field(default_factory=dict[str, str])
    self_closing: bool = False


@dataclass
class EndTag:
    name: str


@dataclass
class Text:
    text: str


Token = StartTag | EndTag | Text


def tokens(html: str) -> Iterator[Token]:
    """The tags and text of `html`; comments, CDATA, doctypes, processing instructions and a tag
    left unterminated at the end are skipped."""
    index, length = 0, len(html)
    raw_end: str | None = None
    while index < length:
        if raw_end is not None:
            end = _raw_text_end(html, index, raw_end)
            if end > index:
                yield Text(html[index:end])
            index, raw_end = end, None
            continue
        start = html.find("<", index)
        if start == -1:
            yield Text(decode_references(html[index:], in_attribute=False))
            return
        if start > index:
            yield Text(decode_references(html[index:start], in_attribute=False))
        following = html[start + 1 : start + 2]
        if following.isascii() and following.isalpha():
            tag, index = _start_tag(html, start + 1)
            if tag is None:
                return  # unterminated at the end: no element
            yield tag
            if tag.name == "plaintext":
                if index < length:
                    yield Text(html[index:])
                return
            if tag.name in RAW_TEXT and not tag.self_closing:
                raw_end = tag.name
        elif following == "/":
            index = yield from _end_tag(html, start + 2)
        elif following == "!":
            index = _declaration_end(html, start + 2)
        elif following == "?":
            index = _after(html, ">", start + 2)
        else:
            yield Text("<")
            index = start + 1


def _after(html: str, marker: str, start: int) -> int:
    found = html.find(marker, start)
    return len(html) if found == -1 else found + len(marker)


def _declaration_end(html: str, start: int) -> int:
    if html.startswith("--", start):
        return _after(html, "-->", start + 2)
    if html.startswith("[CDATA[", start):
        return _after(html, "]]>", start + 7)
    return _after(html, ">", start)


def _raw_text_end(html: str, start: int, name: str) -> int:
    """Where the raw text of element `name` ends: at `</name` followed by space, `/` or `>`."""
    closing = re.compile(rf"</{re.escape(name)}(?=[ \t\n\f\r/>])", re.IGNORECASE)
    match = closing.search(html, start)
    return len(html) if match is None else match.start()


def _end_tag(html: str, start: int) -> Generator[Token, None, int]:
    """Yields the end tag starting at `start` (after `</`), if any; returns the index after it."""
    length = len(html)
    index = start
    while index < length and html[index] in _WHITESPACE:
        index += 1
    if index == length:
        yield Text(html[start - 2 : index])
        return index
    first = html[index]
    if first == ">":
        return index + 1
    if not (first.isascii() and first.isalpha()):
        return _after(html, ">", index)  # a bogus comment
    end = _END_TAG_NAME_END.search(html, index)
    if end is None:
        return length  # unterminated at the end: no end tag
    yield EndTag(html[index : end.start()].lower())
    return _after(html, ">", end.start())


def _start_tag(html: str, start: int) -> tuple[StartTag | None, int]:
    length = len(html)
    end = _NAME_END.search(html, start)
    if end is None:
        return None, length
    tag = StartTag(html[start : end.start()].lower())
    index = end.start()
    while index < length:
        character = html[index]
        if character in _WHITESPACE:
            index += 1
        elif character == ">":
            return tag, index + 1
        elif character == "/":
            if html[index + 1 : index + 2] == ">":
                tag.self_closing = True
                return tag, index + 2
            index += 1
        else:
            parsed = _attribute(html, index)
            if parsed is None:
                return None, length
            name, value, index = parsed
            tag.attributes.setdefault(name, value)  # of duplicates, the first counts
    return None, length


def _attribute(html: str, start: int) -> tuple[str, str, int] | None:
    """An attribute's name, decoded value and the index after it; None when the input ends first."""
    length = len(html)
    end = _NAME_END.search(html, start + 1)  # the first character belongs to the name, even `=`
    equals = html.find("=", start + 1, end.start() if end else length)
    name_end = equals if equals != -1 else (end.start() if end else length)
    if name_end >= length:
        return None
    name = html[start:name_end].lower()
    index = name_end
    while index < length and html[index] in _WHITESPACE:
        index += 1
    if index >= length:
        return None
    if html[index] != "=":
        return name, "", index
    index += 1
    while index < length and html[index] in _WHITESPACE:
        index += 1
    if index >= length:
        return None
    quote = html[index]
    if quote in "\"'":
        close = html.find(quote, index + 1)
        if close == -1:
            return None
        return name, decode_references(html[index + 1 : close], in_attribute=True), close + 1
    value_end = _VALUE_END.search(html, index)
    if value_end is None:
        return None
    return name, decode_references(html[index : value_end.start()], in_attribute=True), value_end.start()


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
