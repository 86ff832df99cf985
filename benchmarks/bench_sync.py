"""The device's side of sending progress to a class (widgets/path/sync.py): medians of runs.

1. **Per answer**: what the loop adds to keeping an answer for a child who has joined, with a
   school year's record on the device (``--events``, default 20,000) all confirmed but the new
   one: choosing the batch and writing it for the browser (issue 41's budget: ≤ 20 ms a click).
2. **Catching up**: a device that never sent its year's record (or a child joining in spring)
   sends it all to the class's store (SQLite in a temporary folder), 500 events a request, as
   the loop does: the time of every request together, and of the slowest one.

``python benchmarks/bench_sync.py [--events 20000] [--runs 5]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from vandatta_widgets.learner.events import Event, encode_events
from vandatta_widgets.path.sync import heard, unsent_batch
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import open_database

RULES = ("R4", "R5", "R6", "R7", "R9")


def record(n: int, now: int) -> list[Event]:
    start = now - 150 * 86400  # a term: inside the class's six months
    return [
        Event(
            "tablet",
            s,
            start + s * 600,
            "quiz",
            "right" if s % 3 else "not_allowed",
            (RULES[s % 5],),
            1 + s % 11,
            f"q{s % 5}",
        )
        for s in range(1, n + 1)
    ]


def median_ms(times: list[float]) -> float:
    return round(statistics.median(times) * 1000, 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    now = int(time.time())
    events = record(args.events, now)

    per_answer = []
    for _ in range(args.runs):
        acknowledged = {"tablet": args.events - 1}
        started = time.perf_counter()
        body = {"events": encode_events(unsent_batch(events, acknowledged))}
        per_answer.append(time.perf_counter() - started)
    assert body["events"]["n"] == 1
    figure = median_ms(per_answer)
    print(
        f"per answer, {args.events} events kept: {figure} ms ({'MET' if figure <= 20 else 'MISSED'} ≤ 20 ms)"
    )

    totals, slowest = [], []
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as folder:
            service = ClassService(open_database(f"sqlite:///{Path(folder) / 'classes.sqlite'}"))
            made = service.create_class("4B")
            token = service.join(made.code, "Alva", ["fox", "owl"], address="10.0.0.1").token
            acknowledged: dict[str, int] = {}
            requests = []
            while batch := unsent_batch(events, acknowledged):
                started = time.perf_counter()
                acknowledged = heard(acknowledged, service.sync(token, encode_events(batch)))
                requests.append(time.perf_counter() - started)
            service.engine.dispose()
        assert acknowledged == {"tablet": args.events}
        totals.append(sum(requests))
        slowest.append(max(requests))
    print(
        f"catching up {args.events} events in {len(requests)} requests: {median_ms(totals)} ms in all, "
        f"the slowest request {median_ms(slowest)} ms (medians of {args.runs} runs)"
    )


if __name__ == "__main__":
    main()
