"""The class's server under a classroom's load (issue 42, item 7): medians of several runs.

1. **Sync**: 30 pupils' devices send their progress at once (a batch of 40 events each, about a
   lesson's answers) over HTTP to the class's handlers: the 95th percentile of the 30
   answers' times, target ≤ 1 s.
2. **Overview**: the Klassöversikt of a class of 30 with a term of events (``--term`` per pupil,
   default 10,000: half of the school year of ``benchmarks/bench_learner.py``), opened cold
   (nothing cached), target ≤ 1 s; and the same read as the teacher's page makes it
   (:func:`vandatta_widgets.server.teacher.teacher_view`: the week's mistakes in words and drawn).
   Then one pupil signs in on a new device, which fetches their whole term a page of 500 events
   at a time (:meth:`ClassService.events_for`): the time per page, target ≤ 1 s.
3. **Many classes** (PostgreSQL, ``--pg URL``): 5,000 pupils in 200 classes; the overview of
   one class of 25 with a term each, target ≤ 1 s. The other classes' pupils have
   ``--others`` events each (default 400; two million rows in all).

``python benchmarks/bench_classes.py [--pg postgresql+psycopg://…] [--runs 5]``; without
``--pg`` the first two run on SQLite only (``VANDATTA_TEST_PG_URL`` is used when set). Each
measurement prints MET or MISSED against its target.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tornado.httpclient
import tornado.httpserver
import tornado.netutil
import tornado.web
from sqlalchemy import create_engine, insert, text

from vandatta_widgets.learner.events import Event, decode_events, encode_events
from vandatta_widgets.path.plan import LESSON_PLAN
from vandatta_widgets.server.classes import ClassService
from vandatta_widgets.server.db import open_database, pupils, sessions
from vandatta_widgets.server.handlers import class_handlers
from vandatta_widgets.tables.codes import new_token, token_hash

RULES = ("R4", "R5", "R6", "R7", "R8", "R9", "V1", "V3")
TARGET = 1.0


def made_up_events(rng: random.Random, device: str, n: int, *, start: int, span: int) -> list[Event]:
    """``n`` answers over ``span`` seconds: lessons, puzzles, rounds, a fifth of them wrong."""
    out = []
    for seq in range(1, n + 1):
        at = start + seq * span // n
        roll = rng.random()
        outcome = (
            "right"
            if roll < 0.75
            else "not_allowed"
            if roll < 0.9
            else "mistake"
            if roll < 0.95
            else "allowed"
        )
        kind = rng.choice(("exercise", "quiz", "puzzle", "round", "round", "round"))
        lesson, item = 0, f"r{seq // 40}:{seq % 40}"
        if kind in ("exercise", "quiz"):
            lesson = rng.randint(1, 11)
            item = rng.choice(LESSON_PLAN.of(lesson) or ("ex1",))
        elif kind == "puzzle":
            item = f"go_out-{rng.randint(1, 3)}-{rng.randint(1, 30)}"
        rules = (rng.choice(RULES),) if outcome != "allowed" else ("R4",)
        out.append(Event(device, seq, at, kind, outcome, rules, lesson, item, "7H KS 2C|7C", "KS"))
    return out


def fill(
    service: ClassService, class_id: int, n_pupils: int, per_pupil: int, rng: random.Random, *, now: int
) -> list[tuple[int, str]]:
    """``n_pupils`` pupils in the class, each sending ``per_pupil`` events as a device does
    (batches of 500 through :meth:`ClassService.sync`, so the overview's summaries are kept).
    Returns each pupil's id and device token."""
    tokens = []
    with service.engine.begin() as db:  # pupils made directly: 5,000 picture hashes would take minutes
        for i in range(n_pupils):
            pid = db.execute(
                insert(pupils).values(
                    class_id=class_id,
                    nickname=f"P{class_id}-{i}",
                    name_key=f"p{class_id}-{i}",
                    created=now,
                    active=now,
                )
            ).inserted_primary_key[0]
            token = new_token()
            db.execute(insert(sessions).values(token_hash=token_hash(token), pupil_id=pid, created=now))
            tokens.append((pid, token))
    term = 120 * 86400
    for pid, token in tokens:
        record = made_up_events(rng, f"d{pid}", per_pupil, start=now - term, span=term)
        for i in range(0, len(record), 500):
            service.sync(token, encode_events(record[i : i + 500]))
    return tokens


def timed(fn, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return times


def verdict(name: str, value: float, target: float = TARGET) -> None:
    print(
        f"{name}: {value * 1000:.0f} ms (target ≤ {target * 1000:.0f} ms) {'MET' if value <= target else 'MISSED'}"
    )


def bench_sync(url: str, runs: int) -> None:
    engine = open_database(url)
    service = ClassService(engine)
    made = service.create_class("4B")
    tokens = [
        service.join(made.code, f"Elev{i}", ["fox", "owl"], address="10.0.0.1").token for i in range(30)
    ]
    rng = random.Random(1)
    now = int(time.time())

    async def main() -> list[float]:
        app = tornado.web.Application(class_handlers(service, "/"))
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        origin = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
        http = tornado.httpclient.AsyncHTTPClient(force_instance=True, max_clients=64)
        p95s = []
        for run in range(runs):
            bodies = [
                json.dumps(
                    {
                        "events": encode_events(
                            made_up_events(rng, f"t{i}r{run}", 40, start=now - 3600, span=3000)
                        )
                    }
                )
                for i in range(30)
            ]

            async def send(token: str, body: str) -> float:
                start = time.perf_counter()
                response = await http.fetch(
                    origin + "/vandatta/api/pupil/sync",
                    method="POST",
                    body=body,
                    headers={"Origin": origin, "Content-Type": "application/json", "X-Vandatta-Pupil": token},
                )
                assert response.code == 200
                return time.perf_counter() - start

            times = await asyncio.gather(*(send(t, b) for t, b in zip(tokens, bodies)))
            p95s.append(statistics.quantiles(times, n=20)[18])
        http.close()
        server.stop()
        return p95s

    p95s = asyncio.run(main())
    print(f"  p95 per run: {', '.join(f'{p * 1000:.0f}' for p in p95s)} ms")
    verdict(f"30 pupils sync at once ({engine.dialect.name}), median p95", statistics.median(p95s))
    engine.dispose()


def bench_overview(url: str, runs: int, term: int) -> None:
    engine = open_database(url)
    service = ClassService(engine)
    made = service.create_class("4B")
    now = int(time.time())
    start = time.perf_counter()
    tokens = fill(service, made.id, 30, term, random.Random(2), now=now)
    print(f"  filled 30 pupils × {term} events in {time.perf_counter() - start:.0f} s")
    times = timed(lambda: ClassService(engine).overview(made.id), runs)  # a fresh service: cold
    print(f"  runs: {', '.join(f'{t * 1000:.0f}' for t in times)} ms")
    verdict(
        f"overview of 30 pupils × {term} events ({engine.dialect.name}), median", statistics.median(times)
    )
    # what the teacher's page reads: the same, with the week's mistakes said in words and drawn
    from vandatta_widgets.server.teacher import teacher_view

    times = timed(lambda: teacher_view(ClassService(engine), made.id, lang="sv"), runs)
    print(f"  runs: {', '.join(f'{t * 1000:.0f}' for t in times)} ms")
    verdict(
        f"teacher's page data (view) of 30 pupils × {term} events ({engine.dialect.name}), median",
        statistics.median(times),
    )
    # a pupil signs in on a new device: it asks for their term, a page of 500 at a time
    token = tokens[0][1]

    def fetch_term() -> None:
        have: dict[str, int] = {}
        pages = 0
        while True:
            answer = ClassService(engine).events_for(token, have)
            pages += 1
            for event in decode_events(answer["events"]):  # as the device reads it
                have[event.device] = max(have.get(event.device, 0), event.seq)
            if not answer["more"]:
                break
        page_counts.append(pages)

    page_counts: list[int] = []
    times = timed(fetch_term, runs)
    per_page = [t / n for t, n in zip(times, page_counts, strict=True)]
    print(f"  runs: {', '.join(f'{t * 1000:.0f}' for t in times)} ms for {page_counts[0]} pages")
    verdict(
        f"a new device fetches one pupil's {term} events ({engine.dialect.name}), median per page of 500",
        statistics.median(per_page),
    )
    engine.dispose()


def bench_many(url: str, runs: int, term: int, others: int) -> None:
    engine = open_database(url)
    service = ClassService(engine)
    rng = random.Random(3)
    now = int(time.time())
    start = time.perf_counter()
    measured = None
    for n in range(200):
        made = service.create_class(f"K{n}")
        if n == 100:
            measured = made.id
            fill(service, made.id, 25, term, rng, now=now)
        else:
            fill(service, made.id, 25, others, rng, now=now)
    with engine.connect() as db:
        db.execute(text("ANALYZE")) if engine.dialect.name == "postgresql" else None
        total = db.execute(text("SELECT count(*) FROM events")).scalar()
        n_pupils = db.execute(text("SELECT count(*) FROM pupils")).scalar()
    print(
        f"  filled {n_pupils} pupils in 200 classes, {total} events, in {time.perf_counter() - start:.0f} s"
    )
    assert measured is not None
    times = timed(lambda: ClassService(engine).overview(measured), runs)
    print(f"  runs: {', '.join(f'{t * 1000:.0f}' for t in times)} ms")
    verdict(
        f"overview of one class of 25 × {term} among {n_pupils} pupils ({engine.dialect.name}), median",
        statistics.median(times),
    )
    engine.dispose()


def _empty_postgres(url: str) -> None:
    engine = create_engine(url)
    with engine.begin() as db:
        db.execute(text("DROP SCHEMA IF EXISTS public CASCADE"))
        db.execute(text("CREATE SCHEMA public"))
    engine.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--pg", default=os.environ.get("VANDATTA_TEST_PG_URL", ""), help="a PostgreSQL URL (emptied!)"
    )
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--term", type=int, default=10_000, help="events per pupil in a term")
    parser.add_argument("--others", type=int, default=400, help="events per pupil of the other 199 classes")
    parser.add_argument("--skip-many", action="store_true")
    parser.add_argument("--many-only", action="store_true", help="only the 200 classes on PostgreSQL")
    args = parser.parse_args()
    if args.many_only and args.pg:
        _empty_postgres(args.pg)
        bench_many(args.pg, args.runs, args.term, args.others)
        return
    with tempfile.TemporaryDirectory() as folder:
        bench_sync(f"sqlite:///{folder}/sync.sqlite", args.runs)
        bench_overview(f"sqlite:///{folder}/overview.sqlite", args.runs, args.term)
    if args.pg:
        _empty_postgres(args.pg)
        bench_sync(args.pg, args.runs)
        _empty_postgres(args.pg)
        bench_overview(args.pg, args.runs, args.term)
        if not args.skip_many:
            _empty_postgres(args.pg)
            bench_many(args.pg, args.runs, args.term, args.others)
    else:
        print("PostgreSQL: not measured (give --pg or VANDATTA_TEST_PG_URL)")


if __name__ == "__main__":
    main()
