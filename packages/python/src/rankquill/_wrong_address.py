"""An answer that says `base_url` is not the API's address: a redirect (the server's dashboard at
its root sends one), an HTML page, or a 404 from an address whose path is not the API's."""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit, urlunsplit

from ._settings import ClientSettings


def wrong_address_message(
    settings: ClientSettings,
    service: str,
    status_code: int,
    headers: Mapping[str, str],
) -> str | None:
    """A message naming the address given and the right one, or None when the answer does not
    show a wrong address (a 404 under the API's path is a resource that does not exist)."""
    base_url, api_path = settings.base_url, settings.api_path
    is_redirect = 300 <= status_code < 400
    is_html = headers.get("content-type", "").lower().startswith("text/html")
    off_path = not urlsplit(base_url).path.endswith(api_path)
    # At the API's own path an HTML answer is an export, or a proxy's error page: not a wrong address.
    if not (is_redirect or (off_path and (is_html or status_code == 404))):
        return None
    location = headers.get("location")
    answered = (
        f"a redirect to {location}"
        if is_redirect and location
        else "a redirect"
        if is_redirect
        else "an HTML page"
        if is_html
        else "404 Not Found"
    )
    parts = urlsplit(base_url)
    right = urlunsplit((parts.scheme, parts.netloc, api_path, "", ""))
    fix = (
        f"set base_url to {right}"
        if off_path
        else f"check the host and port ({service} of the reference server: `api_base_url` of its ready line)"
    )
    return (
        f"base_url {base_url} answered {status_code} ({answered}): it is not the address of {service}, "
        f"which lives under {api_path}; {fix}."
    )
