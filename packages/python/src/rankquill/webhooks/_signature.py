"""Standard Webhooks signatures, keyed with a signing secret (`whsec_` + base64)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import time
from collections.abc import Callable

from ._errors import WebhookVerificationError
from ._headers import HeadersInput, lower_case_headers
from ._limits import MAX_TIMESTAMP

DEFAULT_TOLERANCE_SECONDS = 300
"""Deliveries whose `webhook-timestamp` is further than this from the receiver's clock are refused."""

_PREFIX = "whsec_"
_STANDARD_BASE64 = re.compile(r"^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$")
_DIGITS = re.compile(r"[0-9]{1,16}")


def signing_secret_key(signing_secret: str) -> bytes:
    """The HMAC key of a signing secret: the base64-decoded bytes after `whsec_`, 24 to 64 of them.

    Raises `ValueError` saying what is wrong, without repeating the secret.

    Example:
        ```python
        key = signing_secret_key("whsec_UdKC1BxxqzFyscfBSS4+5RSRPyWmYa2kcBl+wKWS720=")
        len(key)  # 32
        ```
    """
    if not isinstance(signing_secret, str):
        raise ValueError(f"a signing secret is text such as whsec_..., got {type(signing_secret).__name__}")
    if not signing_secret.startswith(_PREFIX):
        raise ValueError("a signing secret starts with whsec_ (it is not the x-service-key secret)")
    encoded = signing_secret[len(_PREFIX) :]
    if encoded == "":
        raise ValueError("nothing follows whsec_")
    if not _STANDARD_BASE64.match(encoded):
        raise ValueError("what follows whsec_ is not padded standard base64 (A-Z a-z 0-9 + /, = padding)")
    try:
        key = base64.b64decode(encoded, validate=True)
    except binascii.Error as error:
        raise ValueError("what follows whsec_ is not valid base64") from error
    if not 24 <= len(key) <= 64:
        raise ValueError(f"it decodes to {len(key)} bytes; a signing secret holds 24 to 64")
    return key


def sign_webhook(signing_secret: str, id: str, timestamp: int, body: bytes | str) -> str:
    """The `webhook-signature` of one delivery: `v1,` and the base64 HMAC-SHA256 of
    `<id>.<timestamp>.<body>`, keyed with the signing secret's decoded bytes.

    Example:
        ```python
        signature = sign_webhook(signing_secret, "dlv_1", 1767259800, raw_body)
        # "v1,<base64 HMAC>"
        ```
    """
    return f"v1,{base64.b64encode(_mac(signing_secret_key(signing_secret), id, timestamp, body)).decode()}"


def signature_headers(
    signing_secret: str, id: str, body: bytes | str, *, timestamp: int | None = None
) -> dict[str, str]:
    """The three Standard Webhooks headers of one attempt, timestamped now unless `timestamp` is given.

    Example:
        ```python
        headers = signature_headers(signing_secret, "dlv_1", raw_body)
        # {"webhook-id": "dlv_1", "webhook-timestamp": "1767259800", "webhook-signature": "v1,..."}
        ```
    """
    at = int(time.time()) if timestamp is None else timestamp
    return {
        "webhook-id": id,
        "webhook-timestamp": str(at),
        "webhook-signature": sign_webhook(signing_secret, id, at, body),
    }


def verify_signature(
    signing_secret: str,
    headers: HeadersInput,
    body: bytes | str,
    *,
    tolerance: int = DEFAULT_TOLERANCE_SECONDS,
    now: Callable[[], float] = time.time,
) -> int:
    """Checks the Standard Webhooks headers of a delivery and answers its timestamp.

    The signature proves that the body, `webhook-id` and `webhook-timestamp` come unchanged from a
    holder of the signing secret, which never travels with a delivery. A header of several
    space-separated signatures (sent while a secret rotates) passes when any `v1` one matches;
    other versions are ignored. Raises `WebhookVerificationError` when a header is missing, the
    timestamp is not Unix seconds or lies more than `tolerance` seconds from `now()` (a replay),
    or no signature matches.

    Example:
        ```python
        try:
            verify_signature(os.environ["RANKQUILL_WEBHOOK_SIGNING_SECRET"], request.headers, raw_body)
        except WebhookVerificationError as error:
            return 401, {"error": error.message}
        ```
    """
    key = signing_secret_key(signing_secret)
    values = lower_case_headers(headers)
    names = ("webhook-id", "webhook-timestamp", "webhook-signature")
    missing = [name for name in names if name not in values]
    if missing:
        plural = "s" if len(missing) > 1 else ""
        raise WebhookVerificationError(
            "missing_header",
            f"Missing {', '.join(missing)} header{plural}: a receiver with a signing secret accepts only "
            "deliveries signed with it, which carry webhook-id, webhook-timestamp and webhook-signature.",
        )
    timestamp_text = values["webhook-timestamp"]
    timestamp = timestamp_of(timestamp_text)
    if timestamp is None:
        shown = (
            timestamp_text
            if len(timestamp_text) <= 40
            else f"{timestamp_text[:40]}... ({len(timestamp_text)} characters)"
        )
        raise WebhookVerificationError(
            "invalid_timestamp",
            f"webhook-timestamp {shown!r} is not whole Unix seconds: the service sends up to 16 digits.",
        )
    current = int(now())
    if current - timestamp > tolerance:
        raise WebhookVerificationError(
            "timestamp_outside_tolerance",
            f"webhook-timestamp {timestamp} is {current - timestamp} seconds behind the receiver's clock; "
            f"deliveries older than {tolerance} seconds are rejected as replays. Check the receiver's clock "
            "if this delivery is new.",
        )
    if timestamp - current > tolerance:
        raise WebhookVerificationError(
            "timestamp_outside_tolerance",
            f"webhook-timestamp {timestamp} is {timestamp - current} seconds ahead of the receiver's clock; "
            f"the tolerance is {tolerance} seconds. Check the receiver's clock.",
        )
    expected = _mac(key, values["webhook-id"], timestamp_text, body)
    matched = False
    for entry in values["webhook-signature"].split(" "):
        version, _, encoded = entry.partition(",")
        if version != "v1" or not encoded:
            continue
        try:
            candidate = base64.b64decode(encoded, validate=True)
        except ValueError:  # binascii.Error, or text that is not ASCII
            continue
        # Every entry is compared, so the time taken does not tell which one matched.
        matched = hmac.compare_digest(candidate, expected) or matched
    if not matched:
        raise WebhookVerificationError(
            "signature_mismatch",
            "Invalid webhook-signature: no v1 signature matches the HMAC-SHA256 of "
            '"<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the signing secret. Check that the '
            "receiver has the project's current signing secret (whsec_…, not the x-service-key secret), "
            "and pass the body exactly as received, before any JSON parsing.",
        )
    return timestamp


def timestamp_of(text: str) -> int | None:
    """The Unix seconds of a `webhook-timestamp`, or None when it is not ASCII digits forming an
    integer up to 2^53-1 (checked on the text first, so a 5,000-digit value costs nothing).

    Example:
        ```python
        timestamp_of("1767259800")  # 1767259800
        timestamp_of("1e9")  # None
        ```
    """
    if not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if value <= MAX_TIMESTAMP else None


def _mac(key: bytes, id: str, timestamp: int | str, body: bytes | str) -> bytes:
    payload = body.encode() if isinstance(body, str) else body
    return hmac.new(key, f"{id}.{timestamp}.".encode() + payload, hashlib.sha256).digest()
