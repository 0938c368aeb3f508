# Generated from tests/_async/__init__.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""Tests of the async client; tests/_sync is generated from them by scripts/unasync.py."""
