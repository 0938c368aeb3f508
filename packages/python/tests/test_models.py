"""The generated models: answers from a newer server still parse; requests are plain dicts."""

from __future__ import annotations

import datetime as _dt
import typing

import pytest
from pydantic import ValidationError

from rankquill import types
from rankquill.types import (
    AiVisibilityScorePeriod,
    BulkExportCreateParams,
    ContentItem,
    Project,
    ProjectUpdateParams,
    WebhookSettingsParams,
)

CONTENT_ITEM: dict[str, object] = {
    "id": "cnt_1",
    "project_id": "proj_1",
    "status": "archived",  # a status this client does not know
    "keyword": "cold brew",
    "type": "interview",
    "length": 600,
    "auto_publish": False,
    "title": None,
    "slug": None,
    "content": None,
    "content_text": None,
    "excerpt": None,
    "meta_title": None,
    "meta_description": None,
    "keywords": [],
    "featured_image": None,
    "author": None,
    "language": "en",
    "canonical_url": "",
    "word_count": None,
    "failure_reason": None,
    "estimated_completion": "2026-01-01T00:00:50.000Z",
    "created_at": "2026-01-01T00:00:00.000Z",
    "updated_at": "2026-01-01T00:00:00.000Z",
    "published_at": None,
    "published_url": None,
    "reading_time": 3,  # a field this client does not know
}


def test_a_newer_servers_answer_still_parses() -> None:
    item = ContentItem.model_validate(CONTENT_ITEM)
    assert (item.status, item.type) == ("archived", "interview")
    assert item.model_extra == {"reading_time": 3}
    assert item.created_at == _dt.datetime(2026, 1, 1, tzinfo=_dt.timezone.utc)
    assert item.model_dump(mode="json", by_alias=True)["reading_time"] == 3


def test_a_missing_required_field_is_reported() -> None:
    with pytest.raises(ValidationError, match="name"):
        Project.model_validate({"id": "proj_1"})


def test_names_python_reserves_keep_their_wire_name() -> None:
    period = AiVisibilityScorePeriod.model_validate({"from": "2026-01-01", "to": "2026-01-30", "days": 30})
    assert period.from_ == _dt.date(2026, 1, 1)
    assert period.model_dump(by_alias=True) == {
        "from": _dt.date(2026, 1, 1),
        "to": _dt.date(2026, 1, 30),
        "days": 30,
    }


def test_request_bodies_are_typed_dicts() -> None:
    webhook: WebhookSettingsParams = {"url": "https://cms.example/webhook", "secret": "s3cret"}
    update: ProjectUpdateParams = {"name": "Docs", "webhook": webhook}
    export: BulkExportCreateParams = {
        "types": ["content"],
        "format": "json",
        "date_range": {"from": "a", "to": "b"},
    }
    assert update["webhook"] == webhook
    assert export["date_range"]["from"] == "a"
    assert typing.get_type_hints(BulkExportCreateParams).keys() == {"types", "format", "date_range"}
    assert BulkExportCreateParams.__required_keys__ == frozenset({"types", "format"})


def test_every_model_is_exported() -> None:
    assert len(types.__all__) > 50
    for name in types.__all__:
        assert getattr(types, name).__name__ == name
