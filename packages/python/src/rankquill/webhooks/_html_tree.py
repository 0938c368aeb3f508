"""The element tree of an HTML fragment, built with the element rules of
packages/contract/vectors/README.md as the TypeScript sanitizer builds it
(packages/webhooks/src/html/html-tree-builder.ts). Linear in the input: the open elements are a
stack with a count per name, so an end tag that closes nothing costs no scan."""

from __future__ import annotations

from typing import Protocol

from ._html_tokens import tokenize

# Elements the parser never holds open: they have no content and no end tag.
PARSER_VOID = frozenset(
    {
        "area",
        "base",
        "basefont",
        "br",
        "col",
        "command",
        "embed",
        "frame",
        "hr",
        "img",
        "input",
        "isindex",
        "keygen",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
_P = frozenset({"p"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6", "p"})
_FORM_CONTROLS = frozenset({"input", "option", "optgroup", "select", "button", "datalist", "textarea"})
# Opening the key closes the innermost open element, repeatedly, while it is in the value.
_OPEN_IMPLIES_CLOSE: dict[str, frozenset[str]] = {
    "tr": frozenset({"tr", "th", "td"}),
    "th": frozenset({"th"}),
    "td": frozenset({"thead", "th", "td"}),
    "body": frozenset({"head", "link", "script"}),
    "a": frozenset({"a"}),
    "li": frozenset({"li"}),
    "option": frozenset({"option"}),
    "optgroup": frozenset({"optgroup", "option"}),
    "dd": frozenset({"dd", "dt"}),
    "dt": frozenset({"dd", "dt"}),
    "rt": frozenset({"rt", "rp"}),
    "rp": frozenset({"rt", "rp"}),
    "tbody": frozenset({"thead", "tbody"}),
    "tfoot": frozenset({"thead", "tbody"}),
    **dict.fromkeys(("h1", "h2", "h3", "h4", "h5", "h6"), _HEADINGS),
    **dict.fromkeys(("select", "input", "output", "button", "datalist", "textarea"), _FORM_CONTROLS),
    **dict.fromkeys(
        [
            "p",
            "address",
            "article",
            "aside",
            "blockquote",
            "details",
            "div",
            "dl",
            "fieldset",
            "figcaption",
            "figure",
            "footer",
            "form",
            "header",
            "hr",
            "main",
            "nav",
            "ol",
            "pre",
            "section",
            "table",
            "ul",
        ],
        _P,
    ),
}
# Elements inside svg or math whose content is HTML again (SVG's own spelling).
_HTML_INTEGRATION_POINTS = frozenset(
    {"mi", "mo", "mn", "ms", "mtext", "annotation-xml", "foreignObject", "desc", "title"}
)
# Elements that open a namespace of their own (svg, math) or HTML again inside one.
_NAMESPACE_ELEMENTS = _HTML_INTEGRATION_POINTS | {"svg", "math"}
# SVG element names that are not all lower case, by their lower-case spelling.
_SVG_TAG_NAMES = {
    name.lower(): name
    for name in [
        "altGlyph",
        "altGlyphDef",
        "altGlyphItem",
        "animateColor",
        "animateMotion",
        "animateTransform",
        "clipPath",
        "feBlend",
        "feColorMatrix",
        "feComponentTransfer",
        "feComposite",
        "feConvolveMatrix",
        "feDiffuseLighting",
        "feDisplacementMap",
        "feDistantLight",
        "feDropShadow",
        "feFlood",
        "feFuncA",
        "feFuncB",
        "feFuncG",
        "feFuncR",
        "feGaussianBlur",
        "feImage",
        "feMerge",
        "feMergeNode",
        "feMorphology",
        "feOffset",
        "fePointLight",
        "feSpecularLighting",
        "feSpotLight",
        "feTile",
        "feTurbulence",
        "foreignObject",
        "glyphRef",
        "linearGradient",
        "radialGradient",
        "textPath",
    ]
}


class TreeSink(Protocol):
    """What the tree builder reports: every `open` is matched by one `close`, innermost first."""

    def unwrapped(self, name: str) -> bool:
        """Whether an element's tags vanish while its content stays: implied end tags look past it."""
        ...

    def open(self, name: str, attributes: dict[str, str]) -> None: ...

    def close(self, name: str) -> None: ...

    def text(self, text: str) -> None: ...


def build_tree(html: str, sink: TreeSink) -> None:
    """Reports the elements and text of `html` to `sink` as it parses them; every element left
    open at the end is closed, innermost first."""
    builder = _TreeBuilder(sink)
    tokenize(html, builder)
    builder.end()


class _TreeBuilder:
    def __init__(self, sink: TreeSink) -> None:
        self._sink = sink
        self._stack: list[str] = []  # names of the open elements, innermost last
        self._open_counts: dict[str, int] = {}  # how many of each name are open
        self._namespaces = ["html"]  # innermost last; the bottom one is the fragment's own
        self._solid: list[int] = []  # stack positions of the elements the sink does not unwrap
        self._is_solid: dict[str, bool] = {}  # the sink's answer, per name

    def in_foreign_content(self) -> bool:
        return self._namespaces[-1] != "html"

    def text(self, text: str) -> None:
        self._sink.text(text)

    def start_tag(self, name: str, attributes: dict[str, str], self_closing: bool) -> None:
        if len(self._namespaces) > 1 or name == "image":
            name = self._element_name(name)
        self._open(name, attributes, self_closing)

    def end_tag(self, name: str) -> None:
        if len(self._namespaces) > 1 or name == "image":
            name = self._element_name(name)
        if name in PARSER_VOID:
            if name == "br":  # `</br>` is a line break; the other void end tags mean nothing
                self._open("br", {}, False)
        elif self._open_counts.get(name):
            while self._pop() != name:
                pass
        elif name == "p":  # `</p>` alone is an empty paragraph
            self._open("p", {}, False)
            self._pop()

    def end(self) -> None:
        while self._stack:
            self._pop()

    def _open(self, name: str, attributes: dict[str, str], self_closing: bool) -> None:
        if name == "form" and self._open_counts.get("form"):
            return  # a form inside a form is ignored
        closes = _OPEN_IMPLIES_CLOSE.get(name)
        # Closes the innermost element the sink keeps (or drops) while it is in `closes`, with the
        # unwrapped ones inside it.
        while closes is not None and self._solid and self._stack[self._solid[-1]] in closes:
            at = self._solid[-1]
            while len(self._stack) > at:
                self._pop()
        if name in PARSER_VOID:
            self._sink.open(name, attributes)
            self._sink.close(name)
            return
        # Pushes `name` (inline: this runs for every element).
        solid = self._is_solid.get(name)
        if solid is None:
            solid = self._is_solid[name] = not self._sink.unwrapped(name)
        if solid:
            self._solid.append(len(self._stack))
        self._stack.append(name)
        self._open_counts[name] = self._open_counts.get(name, 0) + 1
        if name in _NAMESPACE_ELEMENTS:
            self._namespaces.append(name if name in ("svg", "math") else "html")
        self._sink.open(name, attributes)
        if self_closing and self.in_foreign_content():
            self._pop()  # self-closing syntax closes an element only inside svg and math

    def _element_name(self, name: str) -> str:
        """A tag's name as the element rules compare it: SVG's own spelling inside svg, `image` is `img`."""
        namespace = self._namespaces[-1]
        if namespace == "svg":
            return _SVG_TAG_NAMES.get(name, name)
        if len(self._namespaces) > 1:
            # An end tag inside an HTML integration point may still close an SVG element around it.
            svg_name = _SVG_TAG_NAMES.get(name)
            if svg_name is not None and self._open_counts.get(svg_name):
                return svg_name
        return "img" if namespace == "html" and name == "image" else name

    def _pop(self) -> str:
        stack = self._stack
        name = stack.pop()
        if self._solid and self._solid[-1] == len(stack):
            self._solid.pop()
        self._open_counts[name] -= 1
        if name in _NAMESPACE_ELEMENTS:
            self._namespaces.pop()
        self._sink.close(name)
        return name
