"""Limits per visitor on the tables' server (issue 45, items 4 and 6), over real HTTP on loopback:
how many tables one address gets when it asks for 200 at once, and how fast one address can guess
codes while a class behind the same address joins a table by its right code.

    .venv/bin/python benchmarks/bench_visitor_limits.py [--runs 3] [--guess-seconds 20]

Prints the median of the runs. Everything comes from one address (127.0.0.1): the guesser and the
class share it, as pupils behind a school's one address do."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import statistics
import time

import tornado.httpclient
import tornado.httpserver
import tornado.netutil
import tornado.web

from vandatta_widgets.server.table_handlers import table_handlers
from vandatta_widgets.server.table_store import TableStore
from vandatta_widgets.tables.service import ServiceLimits, TableService

TABLE = {"seats": ["person", "person", "expert"]}


async def serve(limits: ServiceLimits) -> tuple[TableService, tornado.httpserver.HTTPServer, str]:
    service = TableService(TableStore(":memory:"), limits=limits, pace=0.0)
    app = tornado.web.Application(table_handlers(service, "/"))
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    server = tornado.httpserver.HTTPServer(app)
    server.add_sockets(sockets)
    return service, server, f"http://127.0.0.1:{sockets[0].getsockname()[1]}"


async def fill(client: tornado.httpclient.AsyncHTTPClient) -> dict:
    """One address asks for 200 tables as fast as it can."""
    service, server, url = await serve(ServiceLimits())
    headers = {"Origin": url, "Content-Type": "application/json"}
    start = time.perf_counter()
    codes = []
    for _ in range(200):
        answer = await client.fetch(
            url + "/vandatta/api/tables",
            method="POST",
            body=json.dumps(TABLE),
            headers=headers,
            raise_error=False,
        )
        codes.append(answer.code)
    elapsed = time.perf_counter() - start
    other = service.create(TABLE, visitor="198.51.100.7")  # someone else still gets one
    server.stop()
    return {
        "made": codes.count(201),
        "refused": codes.count(429),
        "seconds": elapsed,
        "other_made": other["code"] in service.tables,
    }


async def guess(client: tornado.httpclient.AsyncHTTPClient, seconds: float) -> dict:
    """A guesser with 16 requests at a time for ``seconds``; after 5 s a class of 30 behind the
    same address looks up a right code made elsewhere, one pupil after another."""
    service, server, url = await serve(ServiceLimits())
    made = service.create(TABLE, visitor="203.0.113.5")  # made at home: new to the school's address
    end = time.monotonic() + seconds
    answered: list[int] = []

    async def guesser() -> None:
        while time.monotonic() < end:
            answer = await client.fetch(
                url + "/vandatta/api/tables/AAAAA", raise_error=False, request_timeout=300
            )
            answered.append(answer.code)

    async def pupil() -> float:
        start = time.perf_counter()
        answer = await client.fetch(
            url + f"/vandatta/api/tables/{made['code']}", raise_error=False, request_timeout=300
        )
        assert answer.code == 200, answer.code
        return time.perf_counter() - start

    guessers = [asyncio.ensure_future(guesser()) for _ in range(16)]
    await asyncio.sleep(5)
    waits = [await pupil() for _ in range(30)]
    await asyncio.gather(*guessers)
    server.stop()
    return {
        "guesses_per_minute": 60 * len(answered) / seconds,
        "refused": sum(1 for code in answered if code == 429),
        "first_pupil_s": waits[0],
        "other_pupils_max_s": max(waits[1:]),
    }


async def main(runs: int, seconds: float) -> None:
    client = tornado.httpclient.AsyncHTTPClient(force_instance=True, max_clients=64)
    fills = [await fill(client) for _ in range(runs)]
    guesses = [await guess(client, seconds) for _ in range(runs)]
    client.close()

    def median(rows: list[dict], key: str) -> float:
        return statistics.median(float(row[key]) for row in rows)

    print(f"one address asks for 200 tables ({runs} runs, medians):")
    print(
        f"  made {median(fills, 'made'):.0f}, refused {median(fills, 'refused'):.0f}, in {median(fills, 'seconds'):.2f} s"
    )
    print(f"  another address still makes one: {all(row['other_made'] for row in fills)}")
    print(f"guessing from the class's address, 16 at a time for {seconds:.0f} s ({runs} runs, medians):")
    print(f"  wrong codes answered: {median(guesses, 'guesses_per_minute'):.0f} a minute")
    print(f"  lookups refused (a flood): {median(guesses, 'refused'):.0f}")
    print(f"  first pupil's right code answered after {median(guesses, 'first_pupil_s'):.1f} s")
    print(f"  the other 29 pupils: at most {median(guesses, 'other_pupils_max_s') * 1000:.1f} ms")


if __name__ == "__main__":
    logging.getLogger("tornado.access").setLevel(logging.ERROR)  # 200 refusals are no news
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--guess-seconds", type=float, default=20.0)
    args = parser.parse_args()
    asyncio.run(main(args.runs, args.guess_seconds))
