"""`client.projects.retrieve()` against a bare httpx2 GET of the same URL with the same headers,
both against one reference server (`rankquill-mock serve`) in the same run; prints the ratio
(goal <= 1.15). Both sides share nothing but the server; each keeps its connections alive and
parses the JSON body (the client into a `Project` model).

    cd packages/python && .venv/bin/python -m bench.retrieve
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import httpx2

from rankquill import Rankquill
from tests.support.mock_server import MockServer

ROUNDS = 41
CALLS_PER_ROUND = 100
WARM_UP_ROUNDS = 5
GOAL = 1.15


def main() -> None:
    server = MockServer.from_workspace("--seed", "42")
    try:
        # An enterprise account with a limit the run cannot reach, so no answer is a 429.
        api_key = server.create_account(plan="enterprise", rate_limit=10_000_000)
        with Rankquill(api_key=api_key, base_url=server.api_base_url) as client, httpx2.Client() as bare:
            project_id = client.projects.create(name="Bench", domain="bench.example").id
            url = f"{server.api_base_url}/projects/{project_id}"
            headers = {"accept": "application/json", "authorization": f"Bearer {api_key}"}

            def via_client() -> None:
                if client.projects.retrieve(project_id).id != project_id:
                    raise AssertionError("wrong project")

            def via_bare_get() -> None:
                if bare.get(url, headers=headers).json()["id"] != project_id:
                    raise AssertionError("wrong project")

            report(measure(via_bare_get, via_client))
    finally:
        server.stop()


def time_calls(call: Callable[[], None]) -> float:
    started = time.perf_counter()
    for _ in range(CALLS_PER_ROUND):
        call()
    return (time.perf_counter() - started) / CALLS_PER_ROUND


def measure(baseline: Callable[[], None], subject: Callable[[], None]) -> tuple[list[float], list[float]]:
    """Seconds per call of each, per round. Rounds alternate which side goes first, so drift, other
    processes and garbage collection hit both alike."""
    for _ in range(WARM_UP_ROUNDS):
        time_calls(baseline)
        time_calls(subject)
    baseline_times: list[float] = []
    subject_times: list[float] = []
    for round_number in range(ROUNDS):
        if round_number % 2 == 0:
            baseline_times.append(time_calls(baseline))
            subject_times.append(time_calls(subject))
        else:
            subject_times.append(time_calls(subject))
            baseline_times.append(time_calls(baseline))
    return baseline_times, subject_times


def report(times: tuple[list[float], list[float]]) -> None:
    baseline, subject = times
    ratio = statistics.median(s / b for s, b in zip(subject, baseline, strict=True))
    print(f"bare httpx2 GET + json:     {statistics.median(baseline) * 1e6:.0f} µs per call")
    print(f"client.projects.retrieve(): {statistics.median(subject) * 1e6:.0f} µs per call")
    verdict = "ok" if ratio <= GOAL else "OVER GOAL"
    print(
        f"ratio client / bare GET: {ratio:.3f} (median of {ROUNDS} rounds' ratios; goal <= {GOAL}) {verdict}"
    )


if __name__ == "__main__":
    main()
