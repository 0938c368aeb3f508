# Generated from src/rankquill/_async/resources/__init__.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""The resources of the async client, one module each."""
