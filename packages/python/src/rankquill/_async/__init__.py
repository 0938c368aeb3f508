"""The client's source code; `rankquill._sync` is generated from it by `scripts/unasync.py`."""
