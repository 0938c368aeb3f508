"""The file name a server suggests in `Content-Disposition`."""

from __future__ import annotations

import re
from urllib.parse import unquote

_EXTENDED = re.compile(r"filename\*\s*=\s*UTF-8''([^;]+)", re.IGNORECASE)
_PLAIN = re.compile(r'filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))', re.IGNORECASE)


def filename_of(disposition: str | None) -> str | None:
    """The name of `attachment; filename="…"`, or of RFC 6266 `filename*=UTF-8''…`."""
    if not disposition:
        return None
    extended = _EXTENDED.search(disposition)
    if extended:
        try:
            return unquote(extended.group(1).strip(), errors="strict") or None
        except UnicodeDecodeError:
            pass  # fall back to the plain parameter
    plain = _PLAIN.search(disposition)
    if not plain:
        return None
    quoted = plain.group(1)
    name = re.sub(r"\\(.)", r"\1", quoted) if quoted is not None else plain.group(2)
    return name or None
