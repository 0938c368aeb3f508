"""Moving the clock of a mock server started elsewhere (`rankquill-mock serve --clock manual`)."""

from __future__ import annotations

import os
from typing import cast

from .._generated.client_policy import BASE_PATHS_API
from ._node import MockServerError
from ._server import admin_call


def advance_clock(seconds: float, *, base_url: str | None = None) -> str:
    """Moves the manual clock of the mock server whose main API is `base_url` (by default
    `RANKQUILL_BASE_URL`, as `Rankquill()` reads it) `seconds` forward, through
    `POST /__admin/clock/advance`; what falls due in the span (generation, webhook retries) runs
    before it returns. Answers the new time (ISO 8601). The service has no such route: there,
    time passes by itself and `content.create_and_wait()` waits for it.

    Example:
        ```python
        from rankquill import Rankquill
        from rankquill.testing import advance_clock

        with Rankquill() as client:
            job = client.content.create("proj_123", keyword="pour over technique", length=600)
            advance_clock(60)  # generation takes 20 s + 1 s per 20 words
            print(client.content.retrieve("proj_123", job.id).status)  # draft
        ```
    """
    api_url = (base_url or os.environ.get("RANKQUILL_BASE_URL") or "").rstrip("/")
    if not api_url.endswith(BASE_PATHS_API):
        raise MockServerError(
            f"advance_clock() needs the mock's main API address, ending in {BASE_PATHS_API} (the "
            f"`api_base_url` of its ready line), as base_url= or RANKQUILL_BASE_URL; got {api_url or 'none'}."
        )
    root_url = api_url[: -len(BASE_PATHS_API)]
    return cast("str", admin_call(root_url, "admin.clock.advance", {"seconds": seconds})["now"])
