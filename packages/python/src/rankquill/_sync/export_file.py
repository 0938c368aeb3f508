# Generated from src/rankquill/_async/export_file.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""A file the API answered (an export or a download), streamed as it arrives."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from typing import Any

import httpx2

from .._filename import filename_of
from .closing import Closing


class ExportFile(Closing):
    """A file the API answered instead of JSON. Its body has not been read yet: stream it with
    `iter_bytes()` or `write_to()` (a large export never has to fit in memory), or read it whole
    with `read()`, `text()` or `json()`. The body can be read once; reading it, or leaving the
    `with` block, releases the connection.

    Example:
        ```python
        with client.content.export("proj_123", format="csv") as file:
            print(file.filename, file.content_type)  # northwind-content-2026-01-31.csv text/csv
            file.write_to(file.filename or "content.csv")
        ```
    """

    def __init__(self, response: httpx2.Response) -> None:
        self._response = response
        self.status_code: int = response.status_code
        """HTTP status of the answer."""
        self.headers: Mapping[str, str] = response.headers
        """Headers of the answer."""
        self.filename: str | None = filename_of(response.headers.get("content-disposition"))
        """The name the server suggests saving the file under, when it gave one."""
        content_type = response.headers.get("content-type", "").split(";")[0].strip()
        self.content_type: str | None = content_type or None
        """The media type without its parameters, such as `text/csv` or `application/zip`."""

    def iter_bytes(self, chunk_size: int | None = None) -> Iterator[bytes]:
        """The file as chunks of bytes, read as they arrive.

        Example:
            ```python
            for chunk in file.iter_bytes():
                size += len(chunk)
            ```
        """
        try:
            for chunk in self._response.iter_bytes(chunk_size):
                yield chunk
        finally:
            self._response.close()

    def write_to(self, path: str | os.PathLike[str]) -> int:
        """Streams the file into `path` (created or replaced) and answers the number of bytes.

        Example:
            ```python
            size = file.write_to("report.pdf")
            ```
        """
        written = 0
        with open(path, "wb") as target:
            for chunk in self.iter_bytes():
                target.write(chunk)
                written += len(chunk)
        return written

    def read(self) -> bytes:
        """The whole file as bytes, such as a ZIP or a PDF.

        Example:
            ```python
            with client.content.export("proj_123", format="json") as file:
                data = file.read()
            ```
        """
        try:
            return self._response.read()
        finally:
            self._response.close()

    def text(self) -> str:
        """The whole file as text (UTF-8).

        Example:
            ```python
            with client.content.export("proj_123", format="markdown") as file:
                print((file.text()).splitlines()[0])
            ```
        """
        return (self.read()).decode("utf-8")

    def json(self) -> Any:
        """The whole file parsed as JSON (the `json` formats).

        Example:
            ```python
            with client.ai_visibility.export("proj_123") as file:
                print((file.json())["visibility"]["score"])
            ```
        """
        return json.loads(self.read())

    def close(self) -> None:
        """Releases the connection without reading the rest of the file.

        Example:
            ```python
            file = client.content.export("proj_123", format="csv")
            try:
                print(file.filename)
            finally:
                file.close()
            ```
        """
        self._response.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(filename={self.filename!r}, content_type={self.content_type!r})"
