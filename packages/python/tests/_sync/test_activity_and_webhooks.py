# Generated from tests/_async/test_activity_and_webhooks.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""client.activity, client.webhooks and client.deliveries against the reference server."""

from __future__ import annotations

import json

import pytest

from rankquill import ConflictError, NotFoundError, Rankquill
from rankquill.webhooks import WebhookVerificationError, verify_signature

from ..support.mock_server import MockServer
from ..support.scripted_server import ScriptedServer, SeenRequest, json_answer

SECRET = "s3cret"


def test_activity_lists_what_happened_newest_first(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    draft = (client.content.list(project_id, status="draft")).data[0]
    client.content.publish(project_id, draft.id)

    entries = [entry for entry in client.activity.list(project_id, limit=2)]
    assert entries[0].type == "content.published"
    assert entries[0].content_id == draft.id
    times = [entry.created_at for entry in entries]
    assert times == sorted(times, reverse=True)


def test_without_a_webhook_test_and_rotation_are_conflicts(client: Rankquill, server: MockServer) -> None:
    with pytest.raises(ConflictError) as caught:
        client.webhooks.test(server.demo.project_id)
    assert caught.value.param == "webhook"
    with pytest.raises(ConflictError) as caught:
        client.webhooks.rotate_signing_secret(server.demo.project_id)
    assert caught.value.param == "webhook"


def test_the_test_delivery_goes_in_the_background_signed_and_the_deliveries_show_it(
    client: Rankquill, server: MockServer
) -> None:
    project_id = server.demo.project_id
    answer = '{"success":true,"url":"/en/resources/blog/sample"}'
    with ScriptedServer([json_answer(200, answer)]) as receiver:
        project = client.projects.update(
            project_id, webhook={"url": f"{receiver.url}/hook", "secret": SECRET}
        )
        assert project.webhook is not None
        signing_secret = project.webhook.signing_secret
        assert signing_secret is not None
        assert signing_secret.startswith("whsec_")
        # Reads only say that one is set.
        shown = (client.projects.retrieve(project_id)).webhook
        assert shown is not None
        assert (shown.signing_secret_set, shown.signing_secret) == (True, None)

        raw = client.with_raw_response.webhooks.test(project_id)
        queued = raw.data
        assert raw.status_code == 202
        assert (queued.event, queued.status, queued.test) == ("content.published", "pending", True)
        server.advance(0)  # returns once the background delivery has been answered
        delivery = (client.deliveries.list(project_id, limit=1)).data[0]
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

        again = client.deliveries.redeliver(project_id, queued.id)
        assert (again.id, again.status) == (queued.id, "pending")
        server.advance(0)
        assert (client.deliveries.list(project_id, limit=1)).data[0].attempt_count == 2
        assert len(_attempts_of(queued.id, receiver)) == 2

        rotation = client.webhooks.rotate_signing_secret(project_id)
        assert rotation.signing_secret.startswith("whsec_")
        assert rotation.signing_secret != signing_secret
        assert rotation.previous_signing_secret_expires_at is not None
        # For a day, deliveries carry signatures by both.
        client.deliveries.redeliver(project_id, queued.id)
        server.advance(0)
        rotated = _attempts_of(queued.id, receiver)[-1]
        verify_signature(rotation.signing_secret, rotated.headers, rotated.body)
        verify_signature(signing_secret, rotated.headers, rotated.body)
        # A day later, by the new one only. (The day also brings the demo project's own deliveries.)
        server.advance(24 * 3600 + 1)
        client.deliveries.redeliver(project_id, queued.id)
        server.advance(0)
        later = _attempts_of(queued.id, receiver)[-1]
        verify_signature(rotation.signing_secret, later.headers, later.body)
        with pytest.raises(WebhookVerificationError):
            verify_signature(signing_secret, later.headers, later.body)

    with pytest.raises(NotFoundError) as not_found:
        client.deliveries.redeliver(project_id, "dlv_unknown")
    assert not_found.value.param == "deliveryId"


def test_deliveries_list_walks_every_page_newest_first(client: Rankquill, server: MockServer) -> None:
    project_id = server.demo.project_id
    queued = _failed_test_deliveries(client, server, 3)
    listed = [delivery for delivery in client.deliveries.list(project_id, limit=2)]
    assert [delivery.id for delivery in listed] == list(reversed(queued))
    # A test delivery has one attempt and no retry.
    assert {(delivery.status, delivery.attempt_count) for delivery in listed} == {("failed", 1)}
    assert listed[0].attempts[0].status == 500
    assert listed[0].attempts[0].error


def test_deliveries_retrieve_answers_one_delivery_as_the_list_shows_it(
    client: Rankquill, server: MockServer
) -> None:
    project_id = server.demo.project_id
    [queued_id] = _failed_test_deliveries(client, server, 1)
    delivery = client.deliveries.retrieve(project_id, queued_id)
    listed = [item for item in client.deliveries.list(project_id) if item.id == queued_id]
    assert [delivery] == listed
    assert (delivery.status, delivery.attempt_count, delivery.attempts[0].status) == ("failed", 1, 500)
    raw = client.with_raw_response.deliveries.retrieve(project_id, queued_id)
    assert (raw.status_code, raw.data) == (200, delivery)

    with pytest.raises(NotFoundError) as unknown:
        client.deliveries.retrieve(project_id, "dlv_unknown")
    assert unknown.value.param == "deliveryId"
    # Another project of the same account has no delivery by that id.
    other_projects = [project.id for project in client.projects.list() if project.id != project_id]
    with pytest.raises(NotFoundError) as foreign:
        client.deliveries.retrieve(other_projects[0], queued_id)
    assert foreign.value.param == "deliveryId"


def _failed_test_deliveries(client: Rankquill, server: MockServer, count: int) -> list[str]:
    """Queues `count` test deliveries of the demo project to a receiver that answers 500, and
    waits for their one attempt; answers their ids, oldest first."""
    project_id = server.demo.project_id
    with ScriptedServer([json_answer(500, '{"error":"down"}')]) as receiver:
        client.projects.update(project_id, webhook={"url": receiver.url, "secret": SECRET})
        queued = [(client.webhooks.test(project_id)).id for _ in range(count)]
        server.advance(0)
    return queued


def _attempts_of(delivery_id: str, receiver: ScriptedServer) -> list[SeenRequest]:
    return [request for request in receiver.requests if request.headers["webhook-id"] == delivery_id]
