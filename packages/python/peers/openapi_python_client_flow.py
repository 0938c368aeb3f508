"""The main flow through a client that openapi-python-client generates from
packages/contract/openapi.json, as a user of that tool writes it: no edited document, and the
one setting that reads the ZIP download as bytes (tests/test_openapi_peer.py, CONFIG).

tests/test_openapi_peer.py generates the client as the package `peer_client` next to a copy of
this file, checks both with `mypy --strict` and runs this file against the reference server:
`python openapi_python_client_flow.py <server url> <main API key>`. It prints one JSON line of
what it saw and raises on the first surprise.
"""

from __future__ import annotations

import json
import sys
import time
from typing import TypeVar
from urllib.parse import parse_qs, urlsplit

from peer_client import AuthenticatedClient, Client
from peer_client.api.admin import admin_clock_advance
from peer_client.api.content import content_create, content_list, content_publish
from peer_client.api.exports import (
    content_export_csv,
    exports_create,
    exports_download_json,
    exports_download_zip,
    exports_retrieve,
)
from peer_client.api.projects import projects_create
from peer_client.models import (
    BulkExport,
    BulkExportCreateParams,
    BulkExportCreateParamsFormat,
    BulkExportCreateParamsTypesItem,
    BulkExportDocument,
    BulkExportDocumentContent,
    ClockAdvanceParams,
    ClockState,
    ContentItem,
    ContentItemCreateParams,
    ContentItemCreateResponse,
    ContentListResponse200,
    Project,
    ProjectCreateParams,
)
from peer_client.types import File

T = TypeVar("T")


def must(answer: object, kind: type[T], what: str) -> T:
    """The answer when it is the success type; anything else (an `Error`, `None`) is a failure."""
    if not isinstance(answer, kind):
        raise RuntimeError(f"{what}: expected {kind.__name__}, got {answer!r}")
    return answer


def main(base_url: str, api_key: str) -> dict[str, object]:
    client = AuthenticatedClient(base_url=base_url, token=api_key)
    # Admin routes and the signed download take no API key: a plain client is enough.
    anonymous = Client(base_url=base_url)

    project = must(
        projects_create.sync(
            client=client, body=ProjectCreateParams(name="Peer client", domain="peer.example")
        ),
        Project,
        "create a project",
    )
    # Only `keyword`: the fields with server-side defaults are optional in the generated model.
    created = must(
        content_create.sync(project.id, client=client, body=ContentItemCreateParams(keyword="cold brew")),
        ContentItemCreateResponse,
        "create content",
    )
    must(
        admin_clock_advance.sync(client=anonymous, body=ClockAdvanceParams(seconds=3600)),
        ClockState,
        "advance the manual clock",
    )
    page = must(
        content_list.sync(project.id, client=client, limit=10), ContentListResponse200, "list content"
    )
    listed = next(item for item in page.data if item.id == created.id)
    published = must(
        content_publish.sync(project.id, created.id, client=client), ContentItem, "publish the draft"
    )
    csv = must(content_export_csv.sync(project.id, client=client), str, "export CSV")

    document_export = ready_export(client, project.id, BulkExportCreateParamsFormat.JSON)
    signed = signed_query(document_export)
    document = must(
        exports_download_json.sync(
            project.id, document_export.id, client=anonymous, expires=signed[0], signature=signed[1]
        ),
        BulkExportDocument,
        "download the JSON bulk export",
    )
    articles = document.content.articles if isinstance(document.content, BulkExportDocumentContent) else []
    zip_export = ready_export(client, project.id, BulkExportCreateParamsFormat.CSV)
    signed = signed_query(zip_export)
    archive = must(
        exports_download_zip.sync(
            project.id, zip_export.id, client=anonymous, expires=signed[0], signature=signed[1]
        ),
        File,
        "download the ZIP bulk export",
    )
    zip_bytes = archive.payload.read()

    return {
        "created_status": created.status,
        "listed_status": listed.status,
        "published_status": published.status,
        "csv_header": csv.split("\r\n")[0],
        "bulk_status": document_export.status,
        "bulk_object": document.object_,
        "bulk_articles": [article.id for article in articles],
        "zip_magic": zip_bytes[:4].decode("latin-1"),
        "zip_bytes_match": len(zip_bytes) == zip_export.size_bytes,
    }


def ready_export(
    client: AuthenticatedClient, project_id: str, format_: BulkExportCreateParamsFormat
) -> BulkExport:
    """Starts a bulk export of the project's content in `format_` and polls it until it is ready."""
    body = BulkExportCreateParams(types=[BulkExportCreateParamsTypesItem.CONTENT], format_=format_)
    bulk = must(exports_create.sync(project_id, client=client, body=body), BulkExport, "start a bulk export")
    for _ in range(200):
        if bulk.status == "ready":
            return bulk
        time.sleep(0.025)
        bulk = must(exports_retrieve.sync(project_id, bulk.id, client=client), BulkExport, "get the export")
    raise RuntimeError(f"the export is not ready after 5 s: {bulk!r}")


def signed_query(bulk: BulkExport) -> tuple[str, str]:
    """`expires` and `signature` from a ready export's download_url."""
    if not isinstance(bulk.download_url, str):
        raise RuntimeError(f"a ready export has a download_url, got {bulk.download_url!r}")
    query = parse_qs(urlsplit(bulk.download_url).query)
    return query["expires"][0], query["signature"][0]


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], sys.argv[2])))
