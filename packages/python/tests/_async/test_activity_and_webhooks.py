"""client.activity, client.webhooks and client.deliveries against the reference server."""

from __future__ import annotations

import json

import pytest

from rankquill import AsyncRankquill, ConflictError, NotFoundError
from rankquill.webhooks import WebhookVerificationError, verify_signature

from ..support.mock_server import MockServer
from ..support.scripted_server import ScriptedServer, SeenRequest, json_answer

SECRET = "s3cret"


async def test_activity_lists_what_happened_newest_first(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    project_id = server.demo.project_id
    draft = (await async_client.content.list(project_id, status="draft")).data[0]
    await async_client.content.publish(project_id, draft.id)

    entries = [entry async for entry in async_client.activity.list(project_id, limit=2)]
    assert entries[0].type == "content.published"
    assert entries[0].content_id == draft.id
    times = [entry.created_at for entry in entries]
    assert times == sorted(times, reverse=True)


async def test_without_a_webhook_test_and_rotation_are_conflicts(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    with pytest.raises(ConflictError) as caught:
        await async_client.webhooks.test(server.demo.project_id)
    assert caught.value.param == "webhook"
    with pytest.raises(ConflictError) as caught:
        await async_client.webhooks.rotate_signing_secret(server.demo.project_id)
    assert caught.value.param == "webhook"


async def test_the_test_delivery_goes_in_the_background_signed_and_the_deliveries_show_it(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    project_id = server.demo.project_id
    answer = '{"success":true,"url":"/en/resources/blog/sample"}'
    with ScriptedServer([json_answer(200, answer)]) as receiver:
        project = await async_client.projects.update(
            project_id, webhook={"url": f"{receiver.url}/hook", "secret": SECRET}
        )
        assert project.webhook is not None
        signing_secret = project.webhook.signing_secret
        assert signing_secret is not None
        assert signing_secret.startswith("whsec_")
        # Reads only say that one is set.
        shown = (await async_client.projects.retrieve(project_id)).webhook
        assert shown is not None
        assert (shown.signing_secret_set, shown.signing_secret) == (True, None)

        raw = await async_client.with_raw_response.webhooks.test(project_id)
        queued = raw.data
        assert raw.status_code == 202
        assert (queued.event, queued.status, queued.test) == ("content.published", "pending", True)
        server.advance(0)  # returns once the background delivery has been answered
        delivery = (await async_client.deliveries.list(project_id, limit=1)).data[0]
        assert (delivery.id, delivery.status, delivery.attempt_count) == (queued.id, "succeeded", 1)
        assert (delivery.attempts[0].status, delivery.attempts[0].error) == (200, None)
        assert json.loads(delivery.attempts[0].answer) == json.loads(answer)
        sent = receiver.requests[0]
        assert (sent.path, sent.headers["x-service-key"], sent.headers["webhook-id"]) == (
            "/hook",
            SECRET,
            queued.id,
        )
        # Signed with the signing secret the PUT answered.
        verify_signature(signing_secret, sent.headers, sent.body)

        again = await async_client.deliveries.redeliver(project_id, queued.id)
        assert (again.id, again.status) == (queued.id, "pending")
        server.advance(0)
        assert (await async_client.deliveries.list(project_id, limit=1)).data[0].attempt_count == 2
        assert len(_attempts_of(queued.id, receiver)) == 2

        rotation = await async_client.webhooks.rotate_signing_secret(project_id)
        assert rotation.signing_secret.startswith("whsec_")
        assert rotation.signing_secret != signing_secret
        assert rotation.previous_signing_secret_expires_at is not None
        # For a day, deliveries carry signatures by both.
        await async_client.deliveries.redeliver(project_id, queued.id)
        server.advance(0)
        rotated = _attempts_of(queued.id, receiver)[-1]
        verify_signature(rotation.signing_secret, rotated.headers, rotated.body)
        verify_signature(signing_secret, rotated.headers, rotated.body)
        # A day later, by the new one only. (The day also brings the demo project's own deliveries.)
        server.advance(24 * 3600 + 1)
        await async_client.deliveries.redeliver(project_id, queued.id)
        server.advance(0)
        later = _attempts_of(queued.id, receiver)[-1]
        verify_signature(rotation.signing_secret, later.headers, later.body)
        with pytest.raises(WebhookVerificationError):
            verify_signature(signing_secret, later.headers, later.body)

    with pytest.raises(NotFoundError) as not_found:
        await async_client.deliveries.redeliver(project_id, "dlv_unknown")
    assert not_found.value.param == "deliveryId"


async def test_deliveries_list_walks_every_page_newest_first(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    project_id = server.demo.project_id
    queued = await _failed_test_deliveries(async_client, server, 3)
    listed = [delivery async for delivery in async_client.deliveries.list(project_id, limit=2)]
    assert [delivery.id for delivery in listed] == list(reversed(queued))
    # A test delivery has one attempt and no retry.
    assert {(delivery.status, delivery.attempt_count) for delivery in listed} == {("failed", 1)}
    assert listed[0].attempts[0].status == 500
    assert listed[0].attempts[0].error


async def test_deliveries_retrieve_answers_one_delivery_as_the_list_shows_it(
    async_client: AsyncRankquill, server: MockServer
) -> None:
    project_id = server.demo.project_id
    [queued_id] = await _failed_test_deliveries(async_client, server, 1)
    delivery = await async_client.deliveries.retrieve(project_id, queued_id)
    listed = [item async for item in async_client.deliveries.list(project_id) if item.id == queued_id]
    assert [delivery] == listed
    assert (delivery.status, delivery.attempt_count, delivery.attempts[0].status) == ("failed", 1, 500)
    raw = await async_client.with_raw_response.deliveries.retrieve(project_id, queued_id)
    assert (raw.status_code, raw.data) == (200, delivery)

    with pytest.raises(NotFoundError) as unknown:
        await async_client.deliveries.retrieve(project_id, "dlv_unknown")
    assert unknown.value.param == "deliveryId"
    # Another project of the same account has no delivery by that id.
    other_projects = [
        project.id async for project in async_client.projects.list() if project.id != project_id
    ]
    with pytest.raises(NotFoundError) as foreign:
        await async_client.deliveries.retrieve(other_projects[0], queued_id)
    assert foreign.value.param == "deliveryId"


async def _failed_test_deliveries(async_client: AsyncRankquill, server: MockServer, count: int) -> list[str]:
    """Queues `count` test deliveries of the demo project to a receiver that answers 500, and
    waits for their one attempt; answers their ids, oldest first."""
    project_id = server.demo.project_id
    with ScriptedServer([json_answer(500, '{"error":"down"}')]) as receiver:
        await async_client.projects.update(project_id, webhook={"url": receiver.url, "secret": SECRET})
        queued = [(await async_client.webhooks.test(project_id)).id for _ in range(count)]
        server.advance(0)
    return queued


def _attempts_of(delivery_id: str, receiver: ScriptedServer) -> list[SeenRequest]:
    return [request for request in receiver.requests if request.headers["webhook-id"] == delivery_id]
