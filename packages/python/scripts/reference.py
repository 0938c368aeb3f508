"""Writes the Python API reference as Markdown pages for the documentation site (`pnpm docs:build`),
from the docstrings, as pdoc reads the package: its public modules, and the resource classes their
clients expose (`client.content` is a `Content`). A warning fails the run (exit 1): one that pdoc
raises while reading, a public class or function without a docstring, or a hand-written one whose
docstring has no example (an `Example:` section or a fenced code block). The generated models of
`rankquill.types` need a docstring (their schema's description), not an example.

    python scripts/reference.py OUT_DIR      # writes OUT_DIR/index.md, webhooks.md, testing.md, types.md
    python scripts/reference.py --check      # only the warnings, as tests/test_doc_comments.py runs it
"""

# pdoc's documentation objects are generic over what they document, and its collections of them
# (`members`, `own_members`, `annotation`) are typed loosely: read them as Doc[Any].
# pyright: reportUnknownMemberType=false, reportUnknownVariableType=false, reportUnknownArgumentType=false

from __future__ import annotations

import re
import sys
import textwrap
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pdoc.doc
import pdoc.doc_ast

PAGES = {
    "index": ["rankquill"],
    "resources": [],
    "webhooks": ["rankquill.webhooks"],
    "testing": ["rankquill.testing"],
    "types": ["rankquill.types"],
}
TITLES = {
    "index": "Python: rankquill",
    "resources": "Python: the resources of the clients",
    "webhooks": "Python: rankquill.webhooks",
    "testing": "Python: rankquill.testing",
    "types": "Python: rankquill.types",
}
# Members every Python object has; documented by Python, not here.
INHERITED_FROM_PYTHON = re.compile(r"^(builtins|pydantic|typing|abc|enum|collections|contextlib)\.")
# The resource classes behind the clients' attributes (`client.content`), which pdoc cannot reach
# from the client classes: they are set in `__init__`, not declared on the class.
RESOURCE_PACKAGES = ["rankquill._sync.resources", "rankquill._async.resources"]
# pdoc's own limits, not gaps in the docstrings: it cannot tell where a TypedDict's keys come from,
# and it evaluates `list[...]` in a class whose method is named `list` as that method.
TOOL_LIMITS = re.compile(r"Cannot determine where .* is taken from|Error parsing type annotation list\[")
SECTION = re.compile(r"^(Args|Arguments|Returns|Raises|Yields|Example|Examples|Attributes|Note|Notes):\s*$")


@dataclass
class Reference:
    """The pages being written and the warnings found on the way."""

    warnings: list[str] = field(default_factory=lambda: list[str]())
    pages: dict[str, list[str]] = field(default_factory=lambda: dict[str, list[str]]())
    documented: set[str] = field(default_factory=lambda: set[str]())
    seen: set[tuple[str, str]] = field(default_factory=lambda: set[tuple[str, str]]())
    checked: int = 0


def markdown_of(docstring: str) -> str:
    """A Google-style docstring as Markdown: each `Section:` becomes a bold label, its body dedented."""
    lines = textwrap.dedent(docstring).strip("\n").split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        found = SECTION.match(lines[index])
        if not found:
            out.append(lines[index])
            index += 1
            continue
        body: list[str] = []
        index += 1
        while index < len(lines) and (lines[index].startswith(" ") or lines[index] == ""):
            body.append(lines[index])
            index += 1
        text = textwrap.dedent("\n".join(body)).strip("\n")
        if found.group(1) in ("Args", "Arguments", "Attributes", "Raises"):
            text = "\n".join(
                re.sub(r"^(\w+)(\s*\([^)]*\))?:\s*", r"- `\1`: ", line)
                if re.match(r"^\w", line)
                else "  " + line
                for line in text.split("\n")
            )
        out += ["", f"**{found.group(1)}**", "", text, ""]
    return "\n".join(out).strip()


def has_example(docstring: str) -> bool:
    return bool(re.search(r"^\s*Examples?:\s*$", docstring, re.MULTILINE) or "```" in docstring)


def docstring_of(member: pdoc.doc.Doc[Any]) -> str:
    """The docstring, or for a class made by a call (`X = TypedDict("X", {...})`) the string under it."""
    if member.docstring or not isinstance(member, pdoc.doc.Class):
        return member.docstring
    module = sys.modules[member.taken_from[0]]
    return pdoc.doc_ast.walk_tree(module).var_docstrings.get(member.taken_from[1], "")


def check(reference: Reference, member: pdoc.doc.Doc[Any], generated: bool) -> None:
    """Checks a symbol once, where it is declared (an inherited method is checked on its class)."""
    if member.taken_from in reference.seen:
        return
    reference.seen.add(member.taken_from)
    reference.checked += 1
    if not docstring_of(member).strip():
        reference.warnings.append(f"{member.fullname} has no docstring")
    elif not generated and not has_example(docstring_of(member)):
        reference.warnings.append(f"{member.fullname} has a docstring without an example")


def public_members(owner: pdoc.doc.Namespace[Any]) -> list[pdoc.doc.Doc[Any]]:
    members = []
    for member in owner.own_members if isinstance(owner, pdoc.doc.Class) else owner.members.values():
        if member.name.startswith("_"):
            continue
        if INHERITED_FROM_PYTHON.match(member.taken_from[0] + "."):
            continue
        members.append(member)
    return members


def signature_of(function: pdoc.doc.Function) -> str:
    return re.sub(r"\s+", " ", str(function.signature_without_self))


def write_class(
    reference: Reference, page: list[str], cls: pdoc.doc.Class, generated: bool
) -> list[pdoc.doc.Class]:
    """Writes a class and its public members; answers the resource classes its attributes are."""
    check(reference, cls, generated)
    reference.documented.add(cls.fullname)
    page += [f"## {cls.name}", "", f"`{cls.fullname}`", ""]
    if docstring_of(cls):
        page += [markdown_of(docstring_of(cls)), ""]
    followed: list[pdoc.doc.Class] = []
    for member in public_members(cls):
        if isinstance(member, pdoc.doc.Function):
            if member.name == "__init__":
                continue
            if not generated:
                check(reference, member, generated)
            page += [
                f"### {cls.name}.{member.name}",
                "",
                "```python",
                f"{member.name}{signature_of(member)}",
                "```",
                "",
            ]
            if member.docstring:
                page += [markdown_of(member.docstring), ""]
        elif isinstance(member, pdoc.doc.Variable):
            annotation = member.annotation_str.lstrip(": ").strip()
            page += [f"- `{member.name}`" + (f" (`{annotation}`)" if annotation else "")]
            if member.docstring:
                page[-1] += ": " + markdown_of(member.docstring).replace("\n", " ")
            target = member.annotation
            if (
                isinstance(target, type)
                and target.__module__.startswith("rankquill.")
                and "._" in target.__module__
            ):
                module = pdoc.doc.Module.from_name(target.__module__)
                found = module.get(target.__qualname__)
                if isinstance(found, pdoc.doc.Class):
                    followed.append(found)
    page.append("")
    return followed


def resource_classes(module: pdoc.doc.Module) -> list[pdoc.doc.Class]:
    """The public classes defined in a resources package and its submodules, in order."""
    found: list[pdoc.doc.Class] = []
    for submodule in module.submodules:
        found += resource_classes(submodule)
        found += [
            member
            for member in submodule.members.values()
            if isinstance(member, pdoc.doc.Class)
            and member.taken_from[0] == submodule.modulename
            and not member.name.startswith("_")
            and not member.name.endswith("WithRawResponse")
        ]
    return found


def write_page(reference: Reference, name: str) -> None:
    page = [f"# {TITLES[name]}", ""]
    queue: list[pdoc.doc.Class] = []
    for module_name in PAGES[name]:
        module = pdoc.doc.Module.from_name(module_name)
        generated = module_name == "rankquill.types"
        check(reference, module, generated=True)
        page += [markdown_of(module.docstring), ""]
        for member in public_members(module):
            if isinstance(member, pdoc.doc.Class):
                queue += write_class(reference, page, member, generated)
            elif isinstance(member, pdoc.doc.Function):
                check(reference, member, generated)
                page += [
                    f"## {member.name}",
                    "",
                    "```python",
                    f"{member.name}{signature_of(member)}",
                    "```",
                    "",
                ]
                page += [markdown_of(member.docstring), ""]
    if name == "resources":
        page += [
            "The classes of the clients' attributes: `client.content` is a `Content`, and on",
            "`AsyncRankquill` an `AsyncContent` with the same methods to await.",
            "",
        ]
        for package in RESOURCE_PACKAGES:
            queue += resource_classes(pdoc.doc.Module.from_name(package))
    while queue:
        cls = queue.pop(0)
        if cls.fullname not in reference.documented:
            queue += write_class(reference, page, cls, generated=name == "types")
    reference.pages[name] = page


def build() -> Reference:
    reference = Reference()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for name in PAGES:
            write_page(reference, name)
    reference.warnings += [
        f"pdoc: {warning.message}" for warning in caught if not TOOL_LIMITS.search(str(warning.message))
    ]
    return reference


def main(argv: list[str]) -> int:
    reference = build()
    if argv and argv[0] != "--check":
        out = Path(argv[0])
        out.mkdir(parents=True, exist_ok=True)
        for name, page in reference.pages.items():
            (out / f"{name}.md").write_text("\n".join(page) + "\n")
    for warning in reference.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(
        f"python reference: {reference.checked} symbols, {len(reference.warnings)} warnings", file=sys.stderr
    )
    return 1 if reference.warnings else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
