# Generated from tests/_async/test_streaming.py by scripts/unasync.py.
# Do not edit: change the async file, then run `python scripts/unasync.py`.
"""Exports stream: a file larger than the memory they use, written or iterated chunk by chunk."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from rankquill import Rankquill

from ..support.scripted_server import ScriptedAnswer, ScriptedServer, chunks

SIZE = 24 * 1024 * 1024


def _csv_of(size: int) -> ScriptedAnswer:
    headers = {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="big.csv"',
    }
    return ScriptedAnswer(200, headers, chunks(size))


def test_write_to_streams_without_holding_the_file(tmp_path: Path) -> None:
    with ScriptedServer([_csv_of(SIZE)]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            tracemalloc.start()
            try:
                file = client.keywords.export("proj_1")
                written = file.write_to(tmp_path / file.filename if file.filename else tmp_path / "x")
                _, peak = tracemalloc.get_traced_memory()
            finally:
                tracemalloc.stop()
    assert written == SIZE == (tmp_path / "big.csv").stat().st_size
    assert peak < SIZE / 8, f"peak {peak} bytes while streaming {SIZE}"


def test_iter_bytes_yields_chunks_as_they_arrive() -> None:
    with ScriptedServer([_csv_of(SIZE)]) as scripted:
        with Rankquill(api_key="rq_test_secret", base_url=scripted.url) as client:
            tracemalloc.start()
            try:
                file = client.keywords.export("proj_1")
                count = total = 0
                for chunk in file.iter_bytes():
                    count += 1
                    total += len(chunk)
                _, peak = tracemalloc.get_traced_memory()
            finally:
                tracemalloc.stop()
    assert total == SIZE
    assert count > 10
    assert peak < SIZE / 8
