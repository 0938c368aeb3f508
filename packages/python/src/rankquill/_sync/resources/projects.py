# Generated from src/rankquill/_async/resources/projects.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.projects`: the sites whose content, keywords and AI visibility the service manages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..._call_options import CallOptions
from ..._generated.models import Deleted, Project, PublicApiKeyRotation, WebhookSettingsParams
from ..._pages import Page
from ..._params import body_params, query_params
from ..._raw_response import to_raw_response
from ..._types import NOT_GIVEN, NotGiven
from ._resource import APIResource


class Projects(APIResource):
    """Projects: create, retrieve, update, list, delete, rotate_public_api_key.

    Example:
        ```python
        with Rankquill() as client:
            project = client.projects.create(name="Northwind Coffee", domain="northwind.example")
            print(project.id, project.public_api_key)
        ```
    """

    def create(
        self,
        *,
        name: str,
        domain: str,
        language: str | NotGiven = NOT_GIVEN,
        brand_names: Sequence[str] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> Project:
        """Creates a project for a site.

        Args:
            name: Display name; also the brand that AI visibility looks for, unless `brand_names`
                names others.
            domain: Host name of the site, such as `northwind.example`.
            language: Language code of the site's articles (default `en`).
            brand_names: Names that count as a mention of the brand.

        Example:
            ```python
            project = client.projects.create(name="Northwind", domain="northwind.example")
            print(project.id, project.public_api_key)
            ```
        """
        return self._transport.request(
            "projects.create",
            Project,
            body=body_params(
                {"name": name, "domain": domain, "language": language, "brand_names": brand_names}
            ),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )

    def retrieve(
        self,
        project_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Project:
        """Gets a project.

        Example:
            ```python
            project = client.projects.retrieve("proj_123")
            print(project.name, project.webhook)
            ```
        """
        return self._transport.request(
            "projects.retrieve",
            Project,
            ids=(project_id,),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def update(
        self,
        project_id: str,
        *,
        name: str | NotGiven = NOT_GIVEN,
        domain: str | NotGiven = NOT_GIVEN,
        language: str | NotGiven = NOT_GIVEN,
        brand_names: Sequence[str] | NotGiven = NOT_GIVEN,
        webhook: WebhookSettingsParams | NotGiven | None = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Project:
        """Edits a project; arguments left out keep their value.

        Args:
            webhook: `{"url": ..., "secret": ...}` sets where events are delivered and the secret sent
                as `x-service-key`; `None` removes the webhook.

        Example:
            ```python
            project = client.projects.update(
                "proj_123", webhook={"url": "https://cms.example/webhook", "secret": "s3cret"}
            )
            ```
        """
        return self._transport.request(
            "projects.update",
            Project,
            ids=(project_id,),
            body=body_params(
                {
                    "name": name,
                    "domain": domain,
                    "language": language,
                    "brand_names": brand_names,
                    "webhook": webhook,
                }
            ),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        offset: int | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Page[Project]:
        """Lists the account's projects, newest first: one page, or every project when iterated.

        Args:
            limit: Items per page, 1 to 100 (default 10).
            offset: Items to skip (default 0).

        Example:
            ```python
            for project in client.projects.list():
                print(project.id, project.name)
            ```
        """
        return self._transport.paginate(
            "projects.list",
            Project,
            query=query_params({"limit": limit, "offset": offset}),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def delete(
        self,
        project_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
    ) -> Deleted:
        """Deletes a project with its content and scheduled work.

        Example:
            ```python
            deleted = client.projects.delete("proj_123")
            print(deleted.deleted)  # True
            ```
        """
        return self._transport.request(
            "projects.delete",
            Deleted,
            ids=(project_id,),
            options=CallOptions(extra_headers, timeout, max_retries),
        )

    def rotate_public_api_key(
        self,
        project_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        idempotency_key: str | None = None,
    ) -> PublicApiKeyRotation:
        """Replaces the project's public article API key; the old one answers 401 at once.

        Example:
            ```python
            rotation = client.projects.rotate_public_api_key("proj_123")
            print(rotation.public_api_key)
            ```
        """
        return self._transport.request(
            "projects.rotatePublicApiKey",
            PublicApiKeyRotation,
            ids=(project_id,),
            options=CallOptions(extra_headers, timeout, max_retries, idempotency_key),
        )


class ProjectsWithRawResponse:
    """`client.with_raw_response.projects`: each method answers a `RawResponse`."""

    def __init__(self, projects: Projects) -> None:
        self.create = to_raw_response(projects.create)
        self.retrieve = to_raw_response(projects.retrieve)
        self.update = to_raw_response(projects.update)
        self.list = to_raw_response(projects.list)
        self.delete = to_raw_response(projects.delete)
        self.rotate_public_api_key = to_raw_response(projects.rotate_public_api_key)
