"""Reading an event body: the article of `content.published` / `content.updated` with its
defaults (spec 6 point 3), and the other events by their contract model."""

from __future__ import annotations

from typing import Any, Literal, cast

from pydantic import BaseModel, ValidationError

from .._generated.models import (
    AiVisibilityMentionDetectedEvent,
    ArticlePayload,
    ContentDeletedEvent,
    ContentGeneratedEvent,
    ContentUnpublishedEvent,
    KeywordRankingChangedEvent,
)

ArticleEventName = Literal["content.published", "content.updated"]
RemovalEventName = Literal["content.unpublished", "content.deleted"]
OtherEventName = Literal["content.generated", "keyword.ranking_changed", "ai_visibility.mention_detected"]
EventName = ArticleEventName | RemovalEventName | OtherEventName

ARTICLE_EVENTS: frozenset[str] = frozenset({"content.published", "content.updated"})
EVENT_MODELS: dict[str, type[BaseModel]] = {
    "content.unpublished": ContentUnpublishedEvent,
    "content.deleted": ContentDeletedEvent,
    "content.generated": ContentGeneratedEvent,
    "keyword.ranking_changed": KeywordRankingChangedEvent,
    "ai_visibility.mention_detected": AiVisibilityMentionDetectedEvent,
}
EVENT_NAMES: frozenset[str] = ARTICLE_EVENTS | frozenset(EVENT_MODELS)

REQUIRED_ARTICLE_FIELDS = ("title", "slug", "content")
_TEXT_FIELDS = (
    "excerpt",
    "meta_title",
    "meta_description",
    "canonical_url",
    "featured_image",
    "author",
    "language",
)


def article_of(event: str, body: dict[str, Any], *, author_default: str) -> ArticlePayload | str:
    """The article of an article event with every optional field filled, or what is wrong with it.

    Absent, null or empty optional fields get their defaults: `""` for excerpt, canonical_url and
    featured_image, `[]` for keywords, `author_default`, language `en`, meta_title = title and
    meta_description = excerpt. Title, slug and content must be non-blank strings.
    """
    missing = [
        field
        for field in REQUIRED_ARTICLE_FIELDS
        if body.get(field) is None or (isinstance(body[field], str) and body[field].strip() == "")
    ]
    invalid = [
        f"Invalid field {field}: must be a string."
        for field in (*REQUIRED_ARTICLE_FIELDS, *_TEXT_FIELDS)
        if body.get(field) is not None and not isinstance(body[field], str)
    ]
    keywords = body.get("keywords")
    if keywords is not None:
        if not isinstance(keywords, list):
            invalid.append("Invalid field keywords: must be an array of strings.")
        else:
            invalid += [
                f"Invalid field keywords[{index}]: must be a string."
                for index, keyword in enumerate(cast("list[object]", keywords))
                if not isinstance(keyword, str)
            ]
    if missing or invalid:
        problems: list[str] = []
        if missing:
            problems.append(f"Missing required field{'s' if len(missing) > 1 else ''}: {', '.join(missing)}.")
        problems += invalid
        problems.append(f"A {event} body needs {', '.join(REQUIRED_ARTICLE_FIELDS)}.")
        return " ".join(problems)

    def text(field: str, default: str) -> str:
        value = body.get(field)
        return value if isinstance(value, str) and value != "" else default

    title = body["title"]
    excerpt = text("excerpt", "")
    return ArticlePayload(
        title=title,
        slug=body["slug"],
        content=body["content"],
        excerpt=excerpt,
        meta_title=text("meta_title", title),
        meta_description=text("meta_description", excerpt),
        keywords=cast("list[str]", keywords or []),
        canonical_url=text("canonical_url", ""),
        featured_image=text("featured_image", ""),
        author=text("author", author_default),
        language=text("language", "en"),
    )


def event_of(event: str, body: dict[str, Any]) -> BaseModel | str:
    """The body of a non-article event as its contract model, or what is wrong with it."""
    model = EVENT_MODELS[event]
    try:
        return model.model_validate(body)
    except ValidationError as error:
        problems = error.errors(include_input=False, include_url=False)
    missing = [
        str(problem["loc"][0])
        for problem in problems
        if problem["type"] == "missing"
        or (len(problem["loc"]) == 1 and body.get(str(problem["loc"][0])) is None)
    ]
    invalid = [
        f"Invalid field {'.'.join(str(part) for part in problem['loc'])}: {problem['msg'].lower()}."
        for problem in problems
        if str(problem["loc"][0]) not in missing
    ]
    sentences: list[str] = []
    if missing:
        sentences.append(f"Missing required field{'s' if len(missing) > 1 else ''}: {', '.join(missing)}.")
    sentences += invalid
    required = [info.alias or name for name, info in model.model_fields.items() if info.is_required()]
    sentences.append(f"A {event} body needs {', '.join(required)}.")
    return " ".join(sentences)
