"""A redirect that leaves the origin of the request it answers. The clients follow no redirect at
all (the API itself never sends one); this tells the one that would carry the key, a secret or a
body to another host from one within the origin, which says `base_url` is not the API's address."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urljoin, urlsplit

_DEFAULT_PORTS = {"http": 80, "https": 443}


def cross_origin_redirect(
    request_url: str, status_code: int, headers: Mapping[str, str]
) -> tuple[str, str] | None:
    """`(from_origin, to_origin)` when the answer is a redirect whose `Location` points at another
    origin (scheme, host and port) than `request_url`'s, else None."""
    location = headers.get("location") if 300 <= status_code < 400 else None
    if location is None:
        return None
    from_origin = origin_of(request_url)
    to_origin = origin_of(urljoin(request_url, location.strip()))
    if from_origin is None or to_origin is None or from_origin == to_origin:
        return None
    return from_origin, to_origin


def origin_of(url: str) -> str | None:
    """`scheme://host[:port]` as browsers write it (no default port), or None for a URL without
    a host or with a port that is not a number."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), parts.hostname
    if not scheme or not host:
        return None
    shown_host = f"[{host}]" if ":" in host else host
    shown_port = "" if port is None or port == _DEFAULT_PORTS.get(scheme) else f":{port}"
    return f"{scheme}://{shown_host}{shown_port}"
