# Generated from src/rankquill/_async/__init__.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""The client's source code; `rankquill._sync` is generated from it by `scripts/unasync.py`."""
