"""The shared server under load (issue 45): computer players, a flooding page, a page that never
reads — served by the dashboard's own server (``python -m vandatta_widgets.server.voila_server``, as ``vandatta
dashboard`` runs it) on this machine.

    python benchmarks/bench_server_load.py [--runs 3] [--tables 50] [--seconds 20] [--parts abc]

Each run starts its own servers (a free loopback port, a fresh SQLite file) and measures:

- **(a) an honest request while the computers play** — ``--tables`` tables of one person's
  seat (nobody took it: a computer keeps it) and seven strong computers, all started, the
  computers moving at the server's pace (1 s). Meanwhile an honest visitor asks
  ``GET /vandatta/api/tables/CODE`` ten times a second; each answer's time, p95 over the
  ``--seconds``. Twice: with the computers on the server's loop as before
  (``tables_thinkers=0``), and in the pool (one worker per core). Also the computers' moves a
  second. Target: p95 ≤ 100 ms with the pool.
- **(b) an honest page during a flood** — a seated page asks for its frame again
  (``{"type": "view"}``) every 0.6 s and times each answer: quiet, then while another page of
  the server sends 1,000 ``view`` messages a second (5,000 over 5 s, connecting again whenever
  it is dropped). Target: median round trip during the flood ≤ 2× quiet.
- **(c) a page that never reads** — a page that floods ``view`` messages and never reads a
  frame (connecting again when dropped), for ``--seconds``: the server's resident memory
  (VmRSS) before, at its highest and after. Target: bounded (at most 20 MB above where it
  started).

Figures are medians over the runs, each run's printed too; the last lines say plainly MET or
MISSED per target (exit status 1 if any is missed). Loopback only; the benchmark starts and
stops its own servers. Run it under a lock (``flock``) so that no two benchmarks share the
machine.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_tables import Server, percentile, post, rss_mb  # noqa: E402
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from tests.browser.conftest import free_port  # noqa: E402
from tests.helpers.processes import children  # noqa: E402

TARGET_P95_MS = 100.0
TARGET_FLOOD_RATIO = 2.0
TARGET_GROWTH_MB = 20.0
STRONG_SEATS = ["person"] + ["strong"] * 7


# -- helpers -----------------------------------------------------------------------------------------


async def started_server(workdir: Path, name: str, settings: dict) -> Server:
    for old in (workdir / f"{name}.sqlite", workdir / f"{name}.log"):  # a run's own, not the last run's
        old.unlink(missing_ok=True)
    server = Server(workdir / f"{name}.sqlite", free_port(), workdir / f"{name}.log", settings=settings)
    server.start()
    await server.listening()
    return server


async def socket_of(server: Server, code: str, token: str | None):
    url = server.url.replace("http://", "ws://") + f"/vandatta/api/tables/{code}/ws"
    request = HTTPRequest(url, headers={"Origin": server.url}, request_timeout=60)
    ws = await websocket_connect(request)
    await ws.write_message(json.dumps({"type": "hello", "token": token, "lang": "sv"}))
    return ws


async def next_state(ws, timeout: float = 120.0) -> dict | None:
    """The next state frame (None once the socket closed)."""
    while True:
        message = await asyncio.wait_for(ws.read_message(), timeout)
        if message is None:
            return None
        data = json.loads(message)
        if data.get("type") == "state":
            return data


async def make_table(server: Server, seats: list[str], *, seat: int | None, start: bool) -> dict:
    made = await post(
        server.url + "/vandatta/api/tables", {"seats": seats, "seat": seat, "name": "Ada"}, server.url
    )
    if start:
        await start_table(server, made)
    return made


async def start_table(server: Server, made: dict) -> None:
    """The maker starts the table over its socket (as the page does)."""
    ws = await socket_of(server, made["code"], made["token"])
    await ws.write_message(json.dumps({"type": "start"}))
    while (frame := await next_state(ws)) is not None and frame["status"] != "playing":
        pass
    ws.close()


def dropped(server: Server) -> int:
    """How many pages the server dropped (its log's lines)."""
    return server.log.read_text(errors="replace").count("was dropped")


async def get_time(client: AsyncHTTPClient, url: str, timeout: float) -> float:
    """Seconds for one honest GET (``timeout`` if it did not answer by then)."""
    began = time.perf_counter()
    try:
        await client.fetch(HTTPRequest(url, connect_timeout=timeout, request_timeout=timeout))
    except (HTTPClientError, OSError, asyncio.TimeoutError):
        return timeout
    return time.perf_counter() - began


async def plies(server: Server, codes: list[str]) -> int:
    """The moves made at these tables so far (all asked at once)."""
    client = AsyncHTTPClient(force_instance=True, max_clients=len(codes))

    async def ply(code: str) -> int:
        url = f"{server.url}/vandatta/api/tables/{code}"
        response = await client.fetch(HTTPRequest(url, connect_timeout=300, request_timeout=300))
        return json.loads(response.body).get("ply", 0)

    try:
        return sum(await asyncio.gather(*(ply(code) for code in codes)))
    finally:
        client.close()


def workers(pid: int) -> int:
    """The server's thinking workers (children started by multiprocessing's spawn)."""
    count = 0
    for child in children(pid):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes():
                count += 1
    return count


# -- (a) computers playing -------------------------------------------------------------------------------


async def part_a(workdir: Path, args: argparse.Namespace, thinkers: int) -> dict:
    server = await started_server(workdir, f"a{thinkers}", {"tables_thinkers": thinkers, "tables_pace": 1.0})
    try:
        tables = [await make_table(server, STRONG_SEATS, seat=None, start=False) for _ in range(args.tables)]
        await asyncio.gather(*(start_table(server, made) for made in tables))
        codes = [t["code"] for t in tables]
        await asyncio.sleep(3.0)  # every table under way
        before = await plies(server, codes)
        client = AsyncHTTPClient(force_instance=True, max_clients=1000)
        url = f"{server.url}/vandatta/api/tables/{codes[0]}"
        timeout = args.seconds + 30
        asks = []
        began = time.monotonic()
        while time.monotonic() - began < args.seconds:
            asks.append(asyncio.ensure_future(get_time(client, url, timeout)))
            await asyncio.sleep(0.1)
        times = [t * 1000 for t in await asyncio.gather(*asks)]
        elapsed = time.monotonic() - began
        after = await plies(server, codes)
        pool = workers(server.proc.pid) if server.proc else 0
        client.close()
        return {
            "thinkers": thinkers,
            "asked": len(times),
            "median_ms": statistics.median(times),
            "p95_ms": percentile(times, 95),
            "max_ms": max(times),
            "unanswered": sum(t >= timeout * 1000 for t in times),
            "moves_per_s": (after - before) / elapsed,
            "workers": pool,
        }
    finally:
        server.stop()


# -- (b) a flood from another page ------------------------------------------------------------------------


async def round_trips(ws, count: int, every: float) -> list[float]:
    """Milliseconds from a "view" sent to its frame read, ``count`` times, one every ``every`` s."""
    out = []
    for _ in range(count):
        began = time.perf_counter()
        await ws.write_message(json.dumps({"type": "view", "lang": "sv"}))
        frame = await next_state(ws)
        if frame is None:
            raise RuntimeError("the honest page was dropped")
        out.append((time.perf_counter() - began) * 1000)
        await asyncio.sleep(max(0.0, every - out[-1] / 1000))
    return out


async def flood(server: Server, code: str, token: str | None, seconds: float, *, read: bool) -> dict:
    """``view`` messages at 1,000 a second for ``seconds``, connecting again whenever dropped;
    frames read (or never, ``read=False``: a raw connection whose replies pile up)."""
    sent = drops = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if read:
            ws = await socket_of(server, code, token)
            reader = asyncio.ensure_future(_drain(ws))
            send, alive = ws.write_message, lambda reader=reader: not reader.done()
        else:
            writer = await raw_socket(server, code, token)
            send, alive = _raw_sender(writer), lambda writer=writer: not writer.is_closing()
        with contextlib.suppress(Exception):
            while time.monotonic() < end and alive():
                for _ in range(50):
                    await send(json.dumps({"type": "view", "lang": "sv"}))
                    sent += 1
                await asyncio.sleep(0.05)
        drops += 1
        if read:
            ws.close()
            reader.cancel()
        else:
            writer.transport.abort()
        await asyncio.sleep(0.05)
    return {"sent": sent, "connections": drops}


async def _drain(ws) -> None:
    while await ws.read_message() is not None:
        pass


async def raw_socket(server: Server, code: str, token: str | None) -> asyncio.StreamWriter:
    """A websocket that says hello and never reads (a small receive buffer)."""
    import socket

    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, ("127.0.0.1", server.port))
    reader, writer = await asyncio.open_connection(sock=sock)
    host = f"127.0.0.1:{server.port}"
    key = base64.b64encode(os.urandom(16)).decode()
    writer.write(
        (
            f"GET /vandatta/api/tables/{code}/ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
            f"Origin: {server.url}\r\n\r\n"
        ).encode()
    )
    await reader.readuntil(b"\r\n\r\n")
    await _raw_sender(writer)(json.dumps({"type": "hello", "token": token, "lang": "sv"}))
    return writer


def _raw_sender(writer: asyncio.StreamWriter):
    async def send(text: str) -> None:
        payload = text.encode()
        mask = os.urandom(4)
        head = bytes([0x81, 0x80 | len(payload)]) if len(payload) < 126 else b""
        writer.write(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        if writer.transport.get_write_buffer_size() > 1 << 20:
            await writer.drain()

    return send


async def part_b(workdir: Path, args: argparse.Namespace) -> dict:
    server = await started_server(workdir, "b", {"tables_pace": 1.0})
    try:
        honest_table = await make_table(server, ["person", "expert", "expert"], seat=0, start=True)
        flood_table = await make_table(server, ["person", "expert", "expert"], seat=0, start=False)
        ws = await socket_of(server, honest_table["code"], honest_table["token"])
        await next_state(ws)
        await asyncio.sleep(3.0)  # the computers have moved: the table waits for this page
        with contextlib.suppress(asyncio.TimeoutError):
            while True:  # the frames of their moves read
                await next_state(ws, timeout=0.5)
        quiet = await round_trips(ws, args.trips, 0.6)
        flooding = asyncio.ensure_future(
            flood(server, flood_table["code"], flood_table["token"], args.trips * 0.6 + 1, read=True)
        )
        await asyncio.sleep(0.5)
        during = await round_trips(ws, args.trips, 0.6)
        flooded = await flooding
        ws.close()
        await asyncio.sleep(0.5)
        return {
            "dropped": dropped(server),
            "quiet_ms": statistics.median(quiet),
            "flood_ms": statistics.median(during),
            "flood_max_ms": max(during),
            "ratio": statistics.median(during) / statistics.median(quiet),
            **flooded,
        }
    finally:
        server.stop()


# -- (c) a page that never reads -----------------------------------------------------------------------------


async def part_c(workdir: Path, args: argparse.Namespace) -> dict:
    server = await started_server(workdir, "c", {"tables_pace": 0.2})
    try:
        assert server.proc is not None
        pid = server.proc.pid
        # the page looks on at a table where computers play (a frame to it at every move)
        table = await make_table(server, ["person", "expert", "expert", "expert"], seat=None, start=True)
        await asyncio.sleep(1.0)
        start = rss_mb(pid)
        highest = start
        flooding = asyncio.ensure_future(flood(server, table["code"], None, args.seconds, read=False))
        while not flooding.done():
            highest = max(highest, rss_mb(pid))
            await asyncio.sleep(0.2)
        flooded = await flooding
        await asyncio.sleep(2.0)
        end = rss_mb(pid)
        return {
            "dropped": dropped(server),
            "start_mb": start,
            "highest_mb": max(highest, end),
            "end_mb": end,
            **flooded,
        }
    finally:
        server.stop()


# -- the runs ---------------------------------------------------------------------------------------------


async def main_async(args: argparse.Namespace) -> int:
    workdir = Path(tempfile.mkdtemp(prefix="bench-server-load-"))
    print(
        f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.runs} run(s); "
        f"parts {args.parts}",
        flush=True,
    )
    runs = []
    for index in range(args.runs):
        r: dict = {}
        if "a" in args.parts:
            r["a_loop"] = await part_a(workdir, args, 0)
            r["a_pool"] = await part_a(workdir, args, -1)
            for key, label in (("a_loop", "on the loop (before)"), ("a_pool", "in the pool (after)")):
                a = r[key]
                print(
                    f"run {index + 1} (a) {args.tables} tables of 7 strong, computers {label}: GET median "
                    f"{a['median_ms']:.0f} ms, p95 {a['p95_ms']:.0f} ms, max {a['max_ms']:.0f} ms over "
                    f"{a['asked']} requests ({a['unanswered']} unanswered); {a['moves_per_s']:.1f} computer moves/s; {a['workers']} worker(s)",
                    flush=True,
                )
        if "b" in args.parts:
            r["b"] = b = await part_b(workdir, args)
            print(
                f"run {index + 1} (b) honest page's round trip: quiet {b['quiet_ms']:.1f} ms, during the flood "
                f"{b['flood_ms']:.1f} ms (max {b['flood_max_ms']:.0f} ms), ×{b['ratio']:.2f}; the flood sent "
                f"{b['sent']} messages over {b['connections']} connection(s); the server dropped it "
                f"{b['dropped']} time(s)",
                flush=True,
            )
        if "c" in args.parts:
            r["c"] = c = await part_c(workdir, args)
            print(
                f"run {index + 1} (c) a page that never reads: server memory {c['start_mb']:.0f} MB → highest "
                f"{c['highest_mb']:.0f} MB → {c['end_mb']:.0f} MB after; it sent {c['sent']} messages over "
                f"{c['connections']} connection(s); the server dropped it {c['dropped']} time(s)",
                flush=True,
            )
        runs.append(r)
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print()
    missed = False

    def med(key: str, field: str) -> float:
        return statistics.median(r[key][field] for r in runs)

    def each(key: str, field: str, digits: int = 0) -> list[float]:
        return [round(r[key][field], digits) if digits else round(r[key][field]) for r in runs]

    if "a" in args.parts:
        before, after = med("a_loop", "p95_ms"), med("a_pool", "p95_ms")
        met = after <= TARGET_P95_MS
        missed |= not met
        print(
            f"(a) honest GET p95 while {args.tables} tables of 7 strong computers play: {after:.0f} ms "
            f"{each('a_pool', 'p95_ms')} with the pool (median {med('a_pool', 'median_ms'):.0f} ms, {med('a_pool', 'moves_per_s'):.1f} moves/s), "
            f"{before:.0f} ms {each('a_loop', 'p95_ms')} with the computers on the loop (median {med('a_loop', 'median_ms'):.0f} ms, "
            f"{med('a_loop', 'moves_per_s'):.1f} moves/s); target ≤ {TARGET_P95_MS:.0f} ms: "
            f"{'MET' if met else 'MISSED'}"
        )
    if "b" in args.parts:
        ratio = med("b", "ratio")
        met = ratio <= TARGET_FLOOD_RATIO
        missed |= not met
        print(
            f"(b) honest page's round trip: quiet {med('b', 'quiet_ms'):.1f} ms, during a flood of 1,000 "
            f"messages/s from another page {med('b', 'flood_ms'):.1f} ms; the runs' ratios "
            f"{each('b', 'ratio', 2)}, median ×{ratio:.2f}; target ≤ "
            f"{TARGET_FLOOD_RATIO:.0f}× quiet: {'MET' if met else 'MISSED'}"
        )
    if "c" in args.parts:
        growth = med("c", "highest_mb") - med("c", "start_mb")
        met = growth <= TARGET_GROWTH_MB
        missed |= not met
        print(
            f"(c) server memory with a page that never reads ({args.seconds:.0f} s of flooding): "
            f"{med('c', 'start_mb'):.0f} → highest {med('c', 'highest_mb'):.0f} → {med('c', 'end_mb'):.0f} MB "
            f"(+{growth:.1f} MB); target bounded (≤ +{TARGET_GROWTH_MB:.0f} MB): {'MET' if met else 'MISSED'}"
        )
    if args.json_path:
        Path(args.json_path).write_text(json.dumps(runs, indent=1), encoding="utf-8")
    return 1 if missed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tables", type=int, default=50, help="tables of seven strong computers, in (a)")
    parser.add_argument("--seconds", type=float, default=20.0, help="of measuring, in (a) and (c)")
    parser.add_argument(
        "--trips", type=int, default=15, help="round trips timed quiet and during the flood, (b)"
    )
    parser.add_argument("--parts", default="abc", help="which parts to run: any of a, b, c")
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args()
    if (
        args.runs < 1
        or args.tables < 1
        or args.seconds <= 0
        or args.trips < 3
        or not set(args.parts) <= set("abc")
    ):
        parser.error("--runs, --tables, --seconds and --trips (≥ 3) positive; --parts of a, b, c")
    logging.getLogger("asyncio").setLevel(logging.ERROR)  # the flood's writes to a dropped socket
    return asyncio.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
