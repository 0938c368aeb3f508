"""The reference server, bundled into one JavaScript file when the wheel is built (hatch_build.py)."""

from __future__ import annotations

from pathlib import Path

from ._node import INSTALL_HINT, MockServerError

BUNDLE = Path(__file__).with_name("rankquill-mock.mjs")


def server_script() -> Path:
    """The bundled `rankquill-mock` CLI; raises `MockServerError` when this install has none."""
    if not BUNDLE.is_file():
        raise MockServerError(
            f"The bundled Rankquill mock server is missing ({BUNDLE}): install the package from its wheel "
            f"with `{INSTALL_HINT}`, or build it again (`pip install -e .` in packages/python of the "
            "repository, after `pnpm run build`)."
        )
    return BUNDLE
