"""The webhooks package imports without cycles: the adapters (`_wsgi`, `_asgi`) see the receiver
through the `DeliveryReceiver` protocol and take shared figures from leaf modules, so neither
imports `_receiver` nor the other (every import counts: function-level and TYPE_CHECKING ones)."""

from __future__ import annotations

import ast
from pathlib import Path

import rankquill.webhooks

PACKAGE = Path(rankquill.webhooks.__file__).parent
NAME = "rankquill.webhooks"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    return ".".join([NAME, *(part for part in parts if part != "__init__")])


def imports_of(path: Path) -> set[str]:
    """The modules of this package that `path` imports, anywhere in it."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            for alias in node.names:
                candidates = (f"{target}.{alias.name}", target)
                found.update(name for name in candidates if name.startswith(NAME) and name in MODULES)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in MODULES)
    found.discard(module_name(path))
    return found


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def graph() -> dict[str, set[str]]:
    return {name: imports_of(path) for name, path in MODULES.items()}


def test_no_import_cycle() -> None:
    edges = graph()
    cycles: list[list[str]] = []

    def visit(name: str, trail: list[str]) -> None:
        for imported in sorted(edges[name]):
            if imported in trail:
                cycles.append([*trail[trail.index(imported) :], imported])
            elif len(trail) < len(edges):
                visit(imported, [*trail, imported])

    for start in edges:
        if not start.endswith("webhooks"):  # the package's __init__ imports everything, by design
            visit(start, [start])
    assert [cycle for cycle in cycles if NAME not in cycle] == []


def test_the_adapters_import_neither_the_receiver_nor_each_other() -> None:
    edges = graph()
    for adapter, other in (("_wsgi", "_asgi"), ("_asgi", "_wsgi")):
        imported = edges[f"{NAME}.{adapter}"]
        assert f"{NAME}._receiver" not in imported
        assert f"{NAME}.{other}" not in imported
    assert edges[f"{NAME}._limits"] == set()  # a leaf
    assert f"{NAME}._receiver" in edges[NAME]
