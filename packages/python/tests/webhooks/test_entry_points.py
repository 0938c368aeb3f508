"""One contract for every way of calling the receiver: header bags in every form, one body limit,
malformed signature headers refused with 401, and the service key compared as digests."""

from __future__ import annotations

import hashlib
import hmac
import io
import json
import socket
from typing import Any

import httpx2
import pytest
from werkzeug.datastructures import EnvironHeaders

from rankquill.webhooks import DEFAULT_MAX_BODY_BYTES, WebhookReceiver, signature_headers

from ..support.app_servers import serve_asgi, serve_wsgi
from ..support.mock_server import REPO_ROOT

SECRET = "rq_whsec_entry_points"
SIGNING_SECRET = "whsec_UdKC1BxxqzFyscfBSS4+5RSRPyWmYa2kcBl+wKWS720="
BODY = json.dumps({"title": "Cold Brew", "slug": "cold-brew", "content": "<p>x</p>"}).encode()
LIMITS: dict[str, Any] = json.loads(
    (REPO_ROOT / "packages" / "contract" / "vectors" / "receiver-limits.json").read_text()
)


def test_the_body_limit_is_the_contract_s() -> None:
    assert DEFAULT_MAX_BODY_BYTES == LIMITS["max_body_bytes"] == 4 * 1024 * 1024
    assert LIMITS["largest_delivery_bytes"] < DEFAULT_MAX_BODY_BYTES
    receiver = WebhookReceiver(SECRET)
    assert receiver.max_body_bytes == DEFAULT_MAX_BODY_BYTES
    assert receiver.handle({"x-service-key": SECRET}, b" " * (DEFAULT_MAX_BODY_BYTES + 1)).status == 413
    small = WebhookReceiver(SECRET, max_body_bytes=10)
    assert small.handle({"x-service-key": SECRET}, BODY).status == 413
    with pytest.raises(ValueError, match="max_body_bytes"):
        WebhookReceiver(SECRET, max_body_bytes=0)


def environ_of(headers: dict[str, str]) -> dict[str, Any]:
    environ: dict[str, Any] = {"REQUEST_METHOD": "POST", "wsgi.input": io.BytesIO(BODY)}
    for name, value in headers.items():
        key = name.upper().replace("-", "_")
        environ[key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"] = value
    return environ


def header_bags() -> dict[str, Any]:
    signed = {"x-service-key": SECRET, **signature_headers(SIGNING_SECRET, "msg_1", BODY)}
    environ = environ_of({**signed, "content-type": "application/json"})
    return {
        "plain lower case": signed,
        "any case": {name.upper(): value for name, value in signed.items()},
        "WSGI environ / Django request.META": environ,
        "ASGI raw headers": [(name.encode(), value.encode()) for name, value in signed.items()],
        "str pairs": list(signed.items()),
        "lists of values": {name.title(): [value, "ignored"] for name, value in signed.items()},
        "tuples of values": {name: (value,) for name, value in signed.items()},
        "werkzeug EnvironHeaders (Flask request.headers)": EnvironHeaders(environ),
    }


@pytest.mark.parametrize("bag", list(header_bags()), ids=list(header_bags()))
def test_every_header_bag_is_read(bag: str) -> None:
    receiver = WebhookReceiver(SECRET, signing_secret=SIGNING_SECRET)
    result = receiver.handle(header_bags()[bag], BODY)
    assert (result.status, result.body) == (200, {"success": True, "url": "/en/resources/blog/cold-brew"})


@pytest.mark.parametrize(
    "timestamp",
    ["9" * 5000, "1" * 17, str(2**53), "12e3", " 1767259800", "1767259800\n", "١٧٦٧٢٥٩٨٠٠", ""],
    ids=[
        "5000 digits",
        "17 digits",
        "2^53",
        "exponent",
        "leading space",
        "trailing newline",
        "arabic digits",
        "empty",
    ],
)
def test_a_malformed_timestamp_is_a_401(timestamp: str) -> None:
    receiver = WebhookReceiver(SECRET, signing_secret=SIGNING_SECRET)
    headers = {"x-service-key": SECRET, **signature_headers(SIGNING_SECRET, "msg_1", BODY)}
    result = receiver.handle({**headers, "webhook-timestamp": timestamp}, BODY)
    assert result.status == 401, result.body
    assert len(result.body["error"]) < 300


@pytest.mark.parametrize("signature", ["v1,é", "v1,\x00", "v1", "v1,,", "v2,abc", "v1,AAAA" * 2000], ids=str)
def test_a_malformed_signature_is_a_401(signature: str) -> None:
    receiver = WebhookReceiver(SECRET, signing_secret=SIGNING_SECRET)
    headers = {"x-service-key": SECRET, **signature_headers(SIGNING_SECRET, "msg_1", BODY)}
    result = receiver.handle({**headers, "webhook-signature": signature}, BODY)
    assert result.status == 401, result.body


def test_the_service_key_is_compared_as_digests_of_equal_length(monkeypatch: pytest.MonkeyPatch) -> None:
    compared: list[tuple[bytes, bytes]] = []
    original = hmac.compare_digest

    def recording(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return original(a, b)

    monkeypatch.setattr(hmac, "compare_digest", recording)
    receiver = WebhookReceiver(SECRET)
    for key in ["x", SECRET + "-longer", SECRET, "é" * 40]:
        receiver.handle({"x-service-key": key}, BODY)
    assert [len(a) for a, _ in compared] == [32] * 4
    assert all(b == hashlib.sha256(SECRET.encode()).digest() for _, b in compared)
    assert SECRET.encode() not in [a for a, _ in compared]


@pytest.mark.parametrize("serve", [serve_wsgi, serve_asgi], ids=["wsgi", "asgi"])
def test_a_declared_length_over_the_limit_is_refused_before_reading(serve: Any) -> None:
    receiver = WebhookReceiver(SECRET, max_body_bytes=1000)
    with serve(receiver.asgi_app() if serve is serve_asgi else receiver.wsgi_app()) as url:
        port = int(url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
            # Declares 5 MiB and sends none of it: only an answer before reading can come back.
            connection.sendall(
                b"POST /webhook HTTP/1.1\r\nhost: x\r\nx-service-key: "
                + SECRET.encode()
                + b"\r\ncontent-length: 5242880\r\nconnection: close\r\n\r\n"
            )
            answer = connection.recv(65536).decode()
        assert answer.split("\r\n")[0].split(" ")[1] == "413", answer
        with httpx2.Client() as http:
            # Chunked, no length: refused once the body passes the limit.
            chunks = iter([b"x" * 600, b"x" * 600])
            streamed = http.post(url, content=chunks, headers={"x-service-key": SECRET})
            assert streamed.status_code == 413
            assert "max_body_bytes" in streamed.json()["error"]
            for method in ("GET", "PUT", "DELETE", "HEAD"):
                other = http.request(method, url)
                assert (other.status_code, other.headers["allow"]) == (405, "POST")


@pytest.mark.parametrize("serve", [serve_wsgi, serve_asgi], ids=["wsgi", "asgi"])
def test_the_largest_delivery_passes_every_adapter(serve: Any) -> None:
    size = LIMITS["largest_delivery_bytes"]
    frame = json.dumps({"title": "Big", "slug": "big", "content": ""}, ensure_ascii=False).encode()
    filler = size - len(frame)
    content = "€" * (filler // 3) + "x" * (filler % 3)  # three UTF-8 bytes each, as the largest is made
    body = json.dumps({"title": "Big", "slug": "big", "content": content}, ensure_ascii=False).encode()
    assert len(body) == size
    receiver = WebhookReceiver(SECRET, signing_secret=SIGNING_SECRET)
    app = receiver.asgi_app() if serve is serve_asgi else receiver.wsgi_app()
    headers = {"x-service-key": SECRET, **signature_headers(SIGNING_SECRET, "msg_big", body)}
    with serve(app) as url, httpx2.Client(timeout=60) as http:
        answer = http.post(url, content=body, headers=headers)
    assert (answer.status_code, answer.json()) == (200, {"success": True, "url": "/en/resources/blog/big"})
    assert receiver.store is not None
    stored = receiver.store.get("big")
    assert stored is not None
    assert len(stored.content.encode()) == len(content.encode())
