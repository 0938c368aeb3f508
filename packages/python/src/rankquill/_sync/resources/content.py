# Generated from src/rankquill/_async/resources/content.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.content`: generated articles, from `generating` to `draft` or `published`."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Literal

from ..._call_options import CallOptions
from ..._errors import ManualClockError, WaitTimeoutError
from ..._generated.client_policy import (
    CLOCK_MODE_HEADER,
    POLLING_CONTENT_REPOLL_INTERVAL_SECONDS,
    POLLING_MANUAL_CLOCK_WAIT_SECONDS,
    POLLING_WAIT_TIMEOUT_SECONDS,
)
from ..._generated.models import ContentCreateResponse, ContentItem, Deleted
from ..._pages import Page
from ..._params import body_params, query_params
from ..._raw_response import to_raw_response
from ..._types import NOT_GIVEN, NotGiven
from ..export_file import ExportFile
from ._resource import APIResource

ContentType = Literal["blog_post", "how_to", "listicle", "comparison", "product_review", "news"]
ContentStatus = Literal["generating", "draft", "published", "failed"]
ContentExportFormat = Literal["json", "csv", "html", "markdown"]


class Content(APIResource):
    """Content: create, create_and_wait, retrieve, update, list, delete, publish, unpublish, export.

    Example:
        ```python
        with Rankquill() as client:
            article = client.content.create_and_wait("proj_123", keyword="cold brew ratio")
            client.content.publish("proj_123", article.id)
        ```
    """

    def create(
        self,
        project_id: str,
        *,
        keyword: str,
        type: ContentType | NotGiven = NOT_GIVEN,
        length: int | NotGiven = NOT_GIVEN,
        auto_publish: bool | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> ContentCreateResponse:
        """Starts generating an article; it answers at once with `status` `generating` and an
        `estimated_completion`. `create_and_wait()` answers the finished article instead.

        Args:
            keyword: Target keyword, 1 to 200 characters.
            type: `blog_post` (default), `how_to`, `listicle`, `comparison`, `product_review` or `news`.
            length: Requested length in words, 300 to 5000 (default 1200).
            auto_publish: Publish as soon as generation finishes (default False).

        Example:
            ```python
            job = client.content.create("proj_123", keyword="cold brew ratio", length=600)
            print(job.id, job.status, job.estimated_completion)
            ```
        """
        return self._transport.request(
            "content.create",
            ContentCreateResponse,
            ids=(project_id,),
            body=body_params(
                {"keyword": keyword, "type": type, "length": length, "auto_publish": auto_publish}
            ),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )

    def create_and_wait(
        self,
        project_id: str,
        *,
        keyword: str,
        type: ContentType | NotGiven = NOT_GIVEN,
        length: int | NotGiven = NOT_GIVEN,
        auto_publish: bool | NotGiven = NOT_GIVEN,
        poll_interval: float | None = None,
        wait_timeout: float = POLLING_WAIT_TIMEOUT_SECONDS,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> ContentItem:
        """Creates content and polls until it leaves `generating`, then answers the item: a
        `draft`, `published` (with `auto_publish`) or `failed` (see `failure_reason`).

        On a server with a manual clock (it answers `x-rankquill-clock: manual`), whose time moves
        only through `POST /__admin/clock/advance`, it polls for at most a second and then raises
        `ManualClockError` instead of waiting for ever.

        Args:
            poll_interval: Seconds between polls. By default the first poll waits for the generation
                time the server estimated, and later polls come every 2 s.
            wait_timeout: Seconds to wait in all before `WaitTimeoutError` (default 600).

        Example:
            ```python
            article = client.content.create_and_wait("proj_123", keyword="pour over technique")
            if article.status == "draft":
                client.content.publish("proj_123", article.id)
            ```
        """
        started = time.monotonic()
        answer = to_raw_response(self.create)(
            project_id,
            keyword=keyword,
            type=type,
            length=length,
            auto_publish=auto_publish,
            extra_headers=extra_headers,
            timeout=timeout,
            max_retries=max_retries,
            idempotency_key=idempotency_key,
        )
        created = answer.data
        deadline = started + wait_timeout
        # Time there moves only when a test moves it: give that a second, then say so.
        manual_clock = answer.headers.get(CLOCK_MODE_HEADER) == "manual"
        manual_until = time.monotonic() + POLLING_MANUAL_CLOCK_WAIT_SECONDS if manual_clock else None
        stop_at = deadline if manual_until is None else min(deadline, manual_until)
        # Both instants come from the server's clock, so their difference holds even when ours differs.
        estimated = (created.estimated_completion - created.created_at).total_seconds()
        wait = poll_interval if poll_interval is not None else max(0.0, estimated)
        while True:
            remaining = stop_at - time.monotonic()
            if remaining <= 0:
                if stop_at == manual_until:
                    raise ManualClockError(created.id)
                raise WaitTimeoutError(created.id, time.monotonic() - started, "generating")
            time.sleep(min(wait, remaining))
            item = self.retrieve(
                project_id, created.id, extra_headers=extra_headers, timeout=timeout, max_retries=max_retries
            )
            if item.status != "generating":
                return item
            wait = poll_interval if poll_interval is not None else POLLING_CONTENT_REPOLL_INTERVAL_SECONDS

    def retrieve(
        self,
        project_id: str,
        content_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> ContentItem:
        """Gets a content item. Its article fields are `None` while it is generating.

        Example:
            ```python
            item = client.content.retrieve("proj_123", "cnt_456")
            if item.status == "draft":
                print(item.title)
            ```
        """
        return self._transport.request(
            "content.retrieve",
            ContentItem,
            ids=(project_id, content_id),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def update(
        self,
        project_id: str,
        content_id: str,
        *,
        title: str | NotGiven = NOT_GIVEN,
        slug: str | NotGiven = NOT_GIVEN,
        content: str | NotGiven = NOT_GIVEN,
        excerpt: str | NotGiven = NOT_GIVEN,
        meta_title: str | NotGiven = NOT_GIVEN,
        meta_description: str | NotGiven = NOT_GIVEN,
        keywords: Sequence[str] | NotGiven = NOT_GIVEN,
        featured_image: str | NotGiven = NOT_GIVEN,
        author: str | NotGiven = NOT_GIVEN,
        canonical_url: str | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> ContentItem:
        """Edits a content item; arguments left out keep their value. `content` is HTML, sanitized
        by the server. Editing a published article republishes it.

        Example:
            ```python
            item = client.content.update("proj_123", "cnt_456", title="The perfect cold brew ratio")
            ```
        """
        return self._transport.request(
            "content.update",
            ContentItem,
            ids=(project_id, content_id),
            body=body_params(
                {
                    "title": title,
                    "slug": slug,
                    "content": content,
                    "excerpt": excerpt,
                    "meta_title": meta_title,
                    "meta_description": meta_description,
                    "keywords": keywords,
                    "featured_image": featured_image,
                    "author": author,
                    "canonical_url": canonical_url,
                }
            ),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def list(
        self,
        project_id: str,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
        status: ContentStatus | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Page[ContentItem]:
        """Lists a project's content, newest first, optionally in one status: one page, or every
        item when iterated.

        Example:
            ```python
            for item in client.content.list("proj_123", status="draft"):
                print(item.title)
            ```
        """
        return self._transport.paginate(
            "content.list",
            ContentItem,
            ids=(project_id,),
            query=query_params({"limit": limit, "offset": offset, "status": status}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def delete(
        self,
        project_id: str,
        content_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Deleted:
        """Deletes a content item; a published article is taken off the customer's site too.

        Example:
            ```python
            client.content.delete("proj_123", "cnt_456")
            ```
        """
        return self._transport.request(
            "content.delete",
            Deleted,
            ids=(project_id, content_id),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def publish(
        self,
        project_id: str,
        content_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> ContentItem:
        """Publishes a draft; the project's webhook receives the article.

        Example:
            ```python
            article = client.content.publish("proj_123", "cnt_456")
            print(article.published_at)
            ```
        """
        return self._transport.request(
            "content.publish",
            ContentItem,
            ids=(project_id, content_id),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )

    def unpublish(
        self,
        project_id: str,
        content_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> ContentItem:
        """Takes a published article offline; it becomes a draft again.

        Example:
            ```python
            draft = client.content.unpublish("proj_123", "cnt_456")
            ```
        """
        return self._transport.request(
            "content.unpublish",
            ContentItem,
            ids=(project_id, content_id),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )

    def export(
        self,
        project_id: str,
        *,
        format: ContentExportFormat,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> ExportFile:
        """Exports every article with a body (drafts and published), oldest first, as `json`,
        `csv`, `html` or `markdown`. The file streams: write it out or iterate it, or read it whole.

        Example:
            ```python
            with client.content.export("proj_123", format="csv") as file:
                file.write_to(file.filename or "content.csv")
            ```
        """
        return self._transport.request_file(
            "content.export",
            ids=(project_id,),
            query=query_params({"format": format}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )


class ContentWithRawResponse:
    """`client.with_raw_response.content`: each method answers a `RawResponse`."""

    def __init__(self, content: Content) -> None:
        self.create = to_raw_response(content.create)
        self.retrieve = to_raw_response(content.retrieve)
        self.update = to_raw_response(content.update)
        self.list = to_raw_response(content.list)
        self.delete = to_raw_response(content.delete)
        self.publish = to_raw_response(content.publish)
        self.unpublish = to_raw_response(content.unpublish)
        self.export = to_raw_response(content.export)
