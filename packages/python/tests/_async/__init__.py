"""Tests of the async client; tests/_sync is generated from them by scripts/unasync.py."""
