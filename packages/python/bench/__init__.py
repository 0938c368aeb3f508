"""Benchmarks of the package; run each with `python -m bench.<name>` from packages/python."""
