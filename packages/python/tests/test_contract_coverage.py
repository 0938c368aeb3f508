"""Every operation of openapi.json has a method, in both clients, whose arguments are the
operation's fields and which sends the operation's method and path."""

from __future__ import annotations

import contextlib
import inspect
import json
import re
from collections.abc import Callable
from typing import Any

import httpx2
import pytest

from rankquill import APIError, AsyncRankquill, Rankquill

from .support.mock_server import REPO_ROOT, MockServer

OPENAPI = json.loads((REPO_ROOT / "packages" / "contract" / "openapi.json").read_text())
# Covered elsewhere: the public article API by PublicArticles; admin routes, health and the
# OpenAPI document are the server's.
NOT_CLIENT_PATHS = re.compile(r"^/(__admin|healthz|openapi\.json|public-article-api)")
# Operation ids whose method lives elsewhere than their id says.
METHOD_OF = {
    "projects.webhook.test": "webhooks.test",
    "projects.webhook.rotateSigningSecret": "webhooks.rotate_signing_secret",
}
PER_CALL_ARGUMENTS = {"extra_headers", "timeout", "idempotency_key", "poll_interval", "wait_timeout"}
PATH_ARGUMENT = {
    "id": "project_id",
    "contentId": "content_id",
    "keywordId": "keyword_id",
    "exportId": "export_id",
    "deliveryId": "delivery_id",
}

OPERATIONS = [
    (operation["operationId"], method.upper(), path, operation)
    for path, item in OPENAPI["paths"].items()
    for method, operation in item.items()
    # An export at a path of its own (`export.csv`) is for generated clients; ours send `?format=`.
    if not NOT_CLIENT_PATHS.match(path) and "x-rankquill-format-of" not in operation
]


def snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def method_name(operation_id: str) -> str:
    return METHOD_OF.get(operation_id) or ".".join(snake(part) for part in operation_id.split("."))


def resolve(root: object, dotted: str) -> Callable[..., Any]:
    target: Any = root
    for part in dotted.split("."):
        target = getattr(target, part)
    assert callable(target)
    return target  # type: ignore[no-any-return]


def schema_fields(operation: dict[str, Any]) -> dict[str, bool]:
    """The body's fields and the query parameters, each with whether it is required."""
    fields: dict[str, bool] = {}
    body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
    if body is not None:
        schema = OPENAPI["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
        for name in schema.get("properties", {}):
            fields[name] = name in schema.get("required", [])
    for parameter in operation.get("parameters", []):
        if parameter["in"] == "query":
            fields[parameter["name"]] = bool(parameter.get("required"))
    return fields


def test_the_contract_has_client_operations() -> None:
    assert len(OPERATIONS) >= 31


@pytest.mark.parametrize(
    ("operation_id", "http_method", "path", "operation"), OPERATIONS, ids=[o[0] for o in OPERATIONS]
)
def test_every_operation_has_a_method_with_the_contracts_arguments(
    operation_id: str, http_method: str, path: str, operation: dict[str, Any]
) -> None:
    name = method_name(operation_id)
    sync_client = Rankquill(api_key="rq_test_k", base_url="http://127.0.0.1:9/v1")
    async_client = AsyncRankquill(api_key="rq_test_k", base_url="http://127.0.0.1:9/v1")
    sync_method = resolve(sync_client, name)
    async_method = resolve(async_client, name)
    resolve(sync_client.with_raw_response, name)
    resolve(async_client.with_raw_response, name)
    assert (
        inspect.signature(sync_method).parameters.keys() == inspect.signature(async_method).parameters.keys()
    )

    parameters = inspect.signature(sync_method).parameters.values()
    positional = [p.name for p in parameters if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    keywords = {
        p.name: p.default is inspect.Parameter.empty
        for p in parameters
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name not in PER_CALL_ARGUMENTS
    }
    if operation_id == "exports.download":
        # The signed URL's query is the server's to write: the method takes the export or its URL.
        assert (positional, keywords) == (["export"], {})
        return
    path_names = re.findall(r"\{(\w+)\}", path)
    assert positional == [PATH_ARGUMENT[name] for name in path_names]
    expected = {
        re.sub(r"^(from)$", r"\1_", field): required for field, required in schema_fields(operation).items()
    }
    for field, required in expected.items():
        values = _enum_of(operation, field)
        if required and field == "format" and values is not None and len(values) == 1:
            expected[field] = False  # one possible value: it is the default
    assert keywords == expected


def _enum_of(operation: dict[str, Any], name: str) -> list[str] | None:
    for parameter in operation.get("parameters", []):
        if parameter["name"] == name:
            values: list[str] | None = parameter["schema"].get("enum")
            return values
    return None


# One call per operation, as a customer writes it; ids the server does not know are fine (404).
CALLS: dict[str, Callable[[Rankquill, str], object]] = {
    "projects.list": lambda c, p: c.projects.list(),
    "projects.create": lambda c, p: c.projects.create(name="n", domain="d.example"),
    "projects.retrieve": lambda c, p: c.projects.retrieve(p),
    "projects.update": lambda c, p: c.projects.update(p, name="n"),
    "projects.delete": lambda c, p: c.projects.delete("proj_unknown"),
    "projects.rotatePublicApiKey": lambda c, p: c.projects.rotate_public_api_key(p),
    "projects.webhook.test": lambda c, p: c.webhooks.test(p),
    "projects.webhook.rotateSigningSecret": lambda c, p: c.webhooks.rotate_signing_secret(p),
    "deliveries.list": lambda c, p: c.deliveries.list(p),
    "deliveries.redeliver": lambda c, p: c.deliveries.redeliver(p, "dlv_1"),
    "activity.list": lambda c, p: c.activity.list(p),
    "content.list": lambda c, p: c.content.list(p),
    "content.create": lambda c, p: c.content.create(p, keyword="k"),
    "content.retrieve": lambda c, p: c.content.retrieve(p, "cnt_1"),
    "content.update": lambda c, p: c.content.update(p, "cnt_1", title="t"),
    "content.delete": lambda c, p: c.content.delete(p, "cnt_1"),
    "content.publish": lambda c, p: c.content.publish(p, "cnt_1"),
    "content.unpublish": lambda c, p: c.content.unpublish(p, "cnt_1"),
    "content.export": lambda c, p: c.content.export(p, format="csv").close(),
    "keywords.list": lambda c, p: c.keywords.list(p),
    "keywords.create": lambda c, p: c.keywords.create(p, keyword="k k"),
    "keywords.opportunities": lambda c, p: c.keywords.opportunities(p),
    "keywords.performance": lambda c, p: c.keywords.performance(p, "kw_1"),
    "keywords.export": lambda c, p: c.keywords.export(p).close(),
    "aiVisibility.retrieve": lambda c, p: c.ai_visibility.retrieve(p),
    "aiVisibility.topics.list": lambda c, p: c.ai_visibility.topics.list(p),
    "aiVisibility.topics.create": lambda c, p: c.ai_visibility.topics.create(p, name="n"),
    "aiVisibility.prompts.list": lambda c, p: c.ai_visibility.prompts.list(p),
    "aiVisibility.prompts.create": lambda c, p: c.ai_visibility.prompts.create(p, topic_id="top_1", text="t"),
    "aiVisibility.responses.list": lambda c, p: c.ai_visibility.responses.list(p),
    "aiVisibility.export": lambda c, p: c.ai_visibility.export(p).close(),
    "exports.create": lambda c, p: c.exports.create(p, types=["content"], format="json"),
    "exports.retrieve": lambda c, p: c.exports.retrieve(p, "exp_1"),
    "exports.download": lambda c, p: c.exports.download(
        f"/v1/projects/{p}/exports/exp_1/download?expires=1&signature=s"
    ),
}


def test_each_method_sends_the_contracts_method_and_path(server: MockServer) -> None:
    assert sorted(CALLS) == sorted(operation_id for operation_id, *_ in OPERATIONS)
    sent: list[httpx2.Request] = []
    with httpx2.Client(event_hooks={"request": [sent.append]}) as http_client:
        client = Rankquill(
            api_key=server.demo.api_key, base_url=server.api_base_url, max_retries=0, http_client=http_client
        )
        project_id = server.demo.project_id
        for operation_id, http_method, path, _ in OPERATIONS:
            sent.clear()
            # An error answer is fine: the request line is what this test checks.
            with contextlib.suppress(APIError):
                CALLS[operation_id](client, project_id)
            pattern = "^" + re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(path)) + "$"
            assert len(sent) == 1, operation_id
            assert sent[0].method == http_method, operation_id
            assert re.match(pattern, sent[0].url.path), f"{operation_id}: {sent[0].url.path} !~ {path}"
