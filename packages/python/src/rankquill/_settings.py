"""What a client is built with: its key, address, timeout and retries, checked once."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from urllib.parse import urlsplit

from ._errors import RankquillError
from ._generated.client_policy import BASE_PATHS_API, BASE_PATHS_PUBLIC_ARTICLE_API
from ._generated.operations import Operation
from ._types import NotGiven
from ._version import __version__

USER_AGENT = f"rankquill-python/{__version__}"


@dataclass(frozen=True)
class ClientSettings:
    """A client's checked options. Its `repr` leaves the headers, and so the key, out."""

    base_url: str
    timeout: float
    max_retries: int
    headers: Mapping[str, str] = field(repr=False)
    """The headers of every request, the key's header included."""
    key_header: str = "authorization"
    """The header that carries the key (left out of requests that must not send it)."""
    api_path: str = BASE_PATHS_API
    """The path the API lives under on its server (`/v1`, `/public-article-api`), for the error
    that a `base_url` elsewhere gets."""

    def changed(
        self,
        *,
        timeout: float | NotGiven,
        max_retries: int | NotGiven,
        default_headers: Mapping[str, str | None] | None,
    ) -> ClientSettings:
        """These settings with another timeout, retries or headers (for `with_options`)."""
        return replace(
            self,
            timeout=self.timeout if isinstance(timeout, NotGiven) else _checked_timeout(timeout),
            max_retries=self.max_retries
            if isinstance(max_retries, NotGiven)
            else checked_retries(max_retries),
            headers=_merged_headers(self.headers, default_headers),
        )


def client_settings(
    *,
    api_key: str | None,
    base_url: str | None,
    timeout: float,
    max_retries: int,
    default_headers: Mapping[str, str | None] | None,
    key_header: tuple[str, str],
    key_variable: str,
    url_variable: str,
    url_example: str,
    what: str,
) -> ClientSettings:
    """Checks a client's options and builds the headers every request carries.

    `key_header` is the header name and the format of its value (`{key}` stands for the key), such
    as `("authorization", "Bearer {key}")`. A `None` in `default_headers` removes a header.
    """
    key = api_key if api_key is not None else os.environ.get(key_variable)
    if not key:
        raise RankquillError(
            f"No API key: pass {what}(api_key=...) or set the {key_variable} environment variable."
        )
    url = base_url if base_url is not None else os.environ.get(url_variable)
    if not url:
        raise RankquillError(
            f"No base URL: pass {what}(base_url=...) or set {url_variable}, such as {url_example}."
        )
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise RankquillError(
            f"base_url {url!r} is not an absolute http(s) URL; use one such as {url_example}."
        )
    name, value_format = key_header
    base_headers = {
        "accept": "application/json",
        "user-agent": USER_AGENT,
        name: value_format.format(key=key),
    }
    return ClientSettings(
        base_url=url.rstrip("/"),
        timeout=_checked_timeout(timeout),
        max_retries=checked_retries(max_retries),
        headers=_merged_headers(base_headers, default_headers),
        key_header=name,
        api_path=urlsplit(url_example).path,
    )


def _checked_timeout(timeout: float) -> float:
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise RankquillError(f"timeout must be a number of seconds above 0, got {timeout!r}.")
    return float(timeout)


def checked_retries(max_retries: int) -> int:
    if isinstance(max_retries, bool) or not isinstance(max_retries, int) or max_retries < 0:
        raise RankquillError(f"max_retries must be an integer of 0 or more, got {max_retries!r}.")
    return max_retries


def _merged_headers(base: Mapping[str, str], changes: Mapping[str, str | None] | None) -> dict[str, str]:
    headers = dict(base)
    for name, value in (changes or {}).items():
        if value is None:
            headers.pop(name.lower(), None)
        else:
            headers[name.lower()] = value
    return headers


_BASE_PATHS = {"api": BASE_PATHS_API, "public-article-api": BASE_PATHS_PUBLIC_ARTICLE_API}


def base_url_of(settings: ClientSettings, operation: Operation) -> str:
    """Where `operation.path` starts for a client with `settings`: its `base_url`, or the server's
    root (`base_url` without its API path) for the routes outside the API."""
    if operation.base == "server":
        return server_root(settings)
    if _BASE_PATHS[operation.base] != settings.api_path:
        raise RankquillError(
            f"{operation.id} is not an operation of the {settings.api_path} API this client calls."
        )
    return settings.base_url


def server_root(settings: ClientSettings) -> str:
    """The server's root: `base_url` without the API's path (`http://127.0.0.1:4010/v1` gives
    `http://127.0.0.1:4010`)."""
    return settings.base_url.removesuffix(settings.api_path)
