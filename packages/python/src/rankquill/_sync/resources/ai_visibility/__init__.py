# Generated from src/rankquill/_async/resources/ai_visibility/__init__.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""`client.ai_visibility` and its sub-resources."""
