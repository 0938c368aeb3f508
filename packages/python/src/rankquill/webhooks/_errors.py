"""The error a signature check raises."""

from __future__ import annotations

from typing import Literal

from .._errors import RankquillError

VerificationErrorType = Literal[
    "missing_header", "invalid_timestamp", "timestamp_outside_tolerance", "signature_mismatch"
]


class WebhookVerificationError(RankquillError):
    """A delivery's Standard Webhooks headers do not prove it comes, unchanged and recently, from
    the holder of the signing secret.

    Attributes:
        type: `missing_header`, `invalid_timestamp`, `timestamp_outside_tolerance` or
            `signature_mismatch`.

    Example:
        ```python
        try:
            verify_signature(signing_secret, headers, body)
        except WebhookVerificationError as error:
            print(error.type, error.message)
        ```
    """

    def __init__(self, type: VerificationErrorType, message: str) -> None:
        super().__init__(message)
        self.type: VerificationErrorType = type
