"""Driven by the generated operation table (src/rankquill/_generated/operations.py): every
operation of a client of this package (`main`, `public-articles`, `testing`) is called by a method
of that client, every operation a client names is in the table and is that client's, and each main
API method takes the operation's path ids, query and body fields.

An operation is "named" where the async code (the source of the sync code) passes its id to the
transport (`self._transport.request("content.retrieve", ...)`, `paginate`, `request_file`), looks
it up (`OPERATIONS["publicArticles.get"]`) or calls an admin route (`admin_call(url, "admin.reset")`).
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rankquill import AsyncRankquill, Rankquill
from rankquill._async.resources._resource import AsyncAPIResource
from rankquill._generated.operations import OPERATIONS

SOURCE = Path(__file__).resolve().parents[1] / "src" / "rankquill"
MODULES_OF_CLIENT = {
    "main": sorted((SOURCE / "_async" / "resources").rglob("*.py")),
    "public-articles": [SOURCE / "_async" / "public_articles.py"],
    "testing": sorted((SOURCE / "testing").glob("*.py")),
}
WHERE_METHODS_GO = {
    "main": "_async/resources/",
    "public-articles": "_async/public_articles.py",
    "testing": "testing/_server.py",
}
TRANSPORT_CALLS = {"request", "paginate", "request_file"}
PER_CALL_ARGUMENTS = {
    "extra_headers",
    "timeout",
    "max_retries",
    "idempotency_key",
    "poll_interval",
    "wait_timeout",
}
# Python keywords cannot be argument names: these take a trailing underscore.
ARGUMENT_OF_FIELD = {"from": "from_"}


@dataclass(frozen=True)
class Named:
    """An operation id in a client's source, where it is named."""

    client: str
    operation_id: str
    place: str
    """`file:line`, for the failure message."""
    class_name: str | None
    method: str | None


class _Finder(ast.NodeVisitor):
    def __init__(self, client: str, path: Path) -> None:
        self.client, self.path = client, path
        self.scope: list[ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef] = []
        self.found: list[Named] = []

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._inside(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._inside(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._inside(node)

    def visit_Call(self, node: ast.Call) -> None:
        function = node.func
        if (
            isinstance(function, ast.Attribute)
            and function.attr in TRANSPORT_CALLS
            and isinstance(function.value, ast.Attribute)
            and function.value.attr == "_transport"
        ):
            self._name(node.args[0] if node.args else None, node)
        elif isinstance(function, ast.Name) and function.id == "admin_call":
            self._name(node.args[1] if len(node.args) > 1 else None, node)
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        if isinstance(node.value, ast.Name) and node.value.id == "OPERATIONS":
            self._name(node.slice, node)
        self.generic_visit(node)

    def _inside(self, node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scope.append(node)
        self.generic_visit(node)
        self.scope.pop()

    def _name(self, argument: ast.expr | None, node: ast.AST) -> None:
        place = f"{self.path.relative_to(SOURCE)}:{getattr(node, 'lineno', '?')}"
        if isinstance(argument, ast.Name) and argument.id in self._parameters():
            return  # a helper passing its caller's id on: the caller names it
        # A computed id would hide an operation from this check: the id must be written out.
        assert isinstance(argument, ast.Constant), f"{place}: the operation id is not a string literal"
        assert isinstance(argument.value, str), f"{place}: the operation id is not a string literal"
        classes = [scope.name for scope in self.scope if isinstance(scope, ast.ClassDef)]
        methods = [scope.name for scope in self.scope if not isinstance(scope, ast.ClassDef)]
        self.found.append(
            Named(
                self.client,
                argument.value,
                place,
                classes[-1] if classes else None,
                methods[0] if methods else None,
            )
        )

    def _parameters(self) -> set[str]:
        functions = [scope for scope in self.scope if not isinstance(scope, ast.ClassDef)]
        if not functions:
            return set()
        arguments = functions[-1].args
        return {argument.arg for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)}


def named_operations() -> list[Named]:
    found: list[Named] = []
    for client, paths in MODULES_OF_CLIENT.items():
        for path in paths:
            finder = _Finder(client, path)
            finder.visit(ast.parse(path.read_text(encoding="utf-8")))
            found.extend(finder.found)
    return found


NAMED = named_operations()
CLIENT_OPERATIONS = [operation for operation in OPERATIONS.values() if operation.client != "none"]


def test_the_table_has_every_client_kind() -> None:
    assert {operation.client for operation in CLIENT_OPERATIONS} == set(MODULES_OF_CLIENT)
    assert len(NAMED) >= len(CLIENT_OPERATIONS)


@pytest.mark.parametrize("named", NAMED, ids=[f"{named.operation_id}@{named.place}" for named in NAMED])
def test_each_operation_a_client_names_is_in_the_table_and_is_its_own(named: Named) -> None:
    operation = OPERATIONS.get(named.operation_id)
    assert operation is not None, f"{named.place} names {named.operation_id!r}, not an operation of the table"
    assert operation.client == named.client, (
        f"{named.place}: {named.operation_id} belongs to the {operation.client} client, not {named.client}"
    )


@pytest.mark.parametrize("operation_id", [operation.id for operation in CLIENT_OPERATIONS])
def test_each_operation_of_a_client_has_a_method_that_calls_it(operation_id: str) -> None:
    client = OPERATIONS[operation_id].client
    callers = [named for named in NAMED if named.operation_id == operation_id and named.method is not None]
    assert callers, (
        f"{operation_id} ({client}) is in the contract but no method of the {client} client calls it: "
        f"add one under src/rankquill/{WHERE_METHODS_GO[client]} (then run scripts/unasync.py)."
    )


def resource_paths(root: object, prefix: str = "") -> Iterator[tuple[str, str]]:
    """(class name, dotted attribute path) of every resource under a client, nested ones too."""
    for attribute, value in vars(root).items():
        if isinstance(value, AsyncAPIResource):
            yield type(value).__name__, f"{prefix}{attribute}"
            yield from resource_paths(value, f"{prefix}{attribute}.")


def resolve(root: object, dotted: str) -> Any:
    target: Any = root
    for part in dotted.split("."):
        target = getattr(target, part)
    return target


MAIN_METHODS = [
    named
    for named in NAMED
    if named.client == "main" and named.method is not None and not named.method.startswith("_")
]


@pytest.mark.parametrize(
    "named", MAIN_METHODS, ids=[f"{named.class_name}.{named.method}" for named in MAIN_METHODS]
)
def test_each_main_method_takes_its_operations_ids_and_fields(named: Named) -> None:
    operation = OPERATIONS[named.operation_id]
    async_client = AsyncRankquill(api_key="rq_test_k", base_url="http://127.0.0.1:9/v1")
    sync_client = Rankquill(api_key="rq_test_k", base_url="http://127.0.0.1:9/v1")
    path = dict(resource_paths(async_client))[str(named.class_name)] + f".{named.method}"
    async_method, sync_method = resolve(async_client, path), resolve(sync_client, path)
    resolve(async_client.with_raw_response, path)
    resolve(sync_client.with_raw_response, path)
    parameters = inspect.signature(async_method).parameters
    assert parameters.keys() == inspect.signature(sync_method).parameters.keys(), path

    positional = [p.name for p in parameters.values() if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    keywords = {
        p.name
        for p in parameters.values()
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name not in PER_CALL_ARGUMENTS
    }
    assert {"extra_headers", "timeout", "max_retries"} <= parameters.keys(), path
    assert ("idempotency_key" in parameters) == operation.idempotent, path
    if operation.id == "exports.download":
        # The signed URL's query is the server's to write: the method takes the export or its URL.
        assert (positional, keywords) == (["export"], set())
        return
    assert positional == list(operation.path_params), path
    fields = {ARGUMENT_OF_FIELD.get(name, name) for name in (*operation.query, *operation.body)}
    assert keywords == fields, path
