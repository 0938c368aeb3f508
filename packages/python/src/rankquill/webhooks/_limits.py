"""Figures every entry point of the receiver shares (a leaf module: it imports nothing)."""

from __future__ import annotations

DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024
"""4 MiB, the same in every language: above the largest delivery the service sends (about 3 MB,
`packages/contract/vectors/receiver-limits.json`), far below what would strain a server."""

MAX_TIMESTAMP = 2**53 - 1
"""The largest `webhook-timestamp` read as a number; longer digit strings are malformed."""
