# Generated from tests/_async/test_ai_visibility.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""client.ai_visibility and its topics, prompts and responses against the reference server."""

from __future__ import annotations

import datetime as _dt

import pytest

from rankquill import BadRequestError, Rankquill
from rankquill.types import AiVisibilityExport, AiVisibilityScore

from ..support.mock_server import MockServer


def test_topics_and_prompts(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    topic = client.ai_visibility.topics.create(project_id, name="Brewing gear")
    assert topic.id.startswith("top_")
    assert topic.prompt_count == 0

    prompt = client.ai_visibility.prompts.create(
        project_id, topic_id=topic.id, text="Which grinder is best for cold brew?"
    )
    assert (prompt.topic_id, prompt.text) == (topic.id, "Which grinder is best for cold brew?")

    topics = [item for item in client.ai_visibility.topics.list(project_id, limit=1)]
    assert topic.id in [item.id for item in topics]
    assert next(item for item in topics if item.id == topic.id).prompt_count == 1

    in_topic = client.ai_visibility.prompts.list(project_id, topic_id=topic.id)
    assert [item.id for item in in_topic.data] == [prompt.id]

    # Every platform answers a new prompt at once.
    answers = [item for item in client.ai_visibility.responses.list(project_id, prompt_id=prompt.id)]
    assert sorted(answer.platform for answer in answers) == [
        "chatgpt",
        "claude",
        "gemini",
        "google_ai_overviews",
        "perplexity",
    ]

    with pytest.raises(BadRequestError) as caught:
        client.ai_visibility.prompts.create(project_id, topic_id="top_unknown", text="Anything?")
    assert caught.value.param == "topic_id"


def test_responses_filter_by_platform_and_days(client: Rankquill, server: MockServer) -> None:
    page = client.ai_visibility.responses.list(
        server.demo.project_id,
        platform="perplexity",
        from_="2025-12-30",
        to=_dt.date(2025, 12, 31),
        limit=100,
    )
    assert page.data
    assert {answer.platform for answer in page.data} == {"perplexity"}
    assert {answer.date for answer in page.data} <= {_dt.date(2025, 12, 30), _dt.date(2025, 12, 31)}


def test_retrieve_the_score(client: Rankquill, server: MockServer) -> None:
    score = client.ai_visibility.retrieve(server.demo.project_id)
    assert isinstance(score, AiVisibilityScore)
    assert 0 <= score.score <= 100
    assert score.period.days == 30
    assert len(score.platforms) == 5

    window = client.ai_visibility.retrieve(server.demo.project_id, from_="2025-12-30", to="2025-12-31")
    assert (window.period.from_, window.period.to, window.period.days) == (
        _dt.date(2025, 12, 30),
        _dt.date(2025, 12, 31),
        2,
    )


def test_export_is_an_ai_visibility_document(client: Rankquill, server: MockServer) -> None:
    file = client.ai_visibility.export(server.demo.project_id)
    assert file.content_type == "application/json"
    document = AiVisibilityExport.model_validate_json(file.read())
    assert document.project.id == server.demo.project_id
    assert document.topics
    assert document.prompts
    assert document.responses
