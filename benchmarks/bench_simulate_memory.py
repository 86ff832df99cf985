"""Does `vandatta simulate` keep its memory flat whatever --games says, and stop cleanly?
Prints the figures; never part of the tests (Linux: it reads /proc).

    python benchmarks/bench_simulate_memory.py                    # 20 s of --games 10**9, then Ctrl-C
    python benchmarks/bench_simulate_memory.py --seconds 60 --signal TERM --matches
    python benchmarks/bench_simulate_memory.py --also OTHER_CHECKOUT   # the same run on another
                                                                        # checkout, side by side

It runs ``vandatta simulate --games 1000000000 --workers 2 --progress`` in a child of its own
session, samples the parent's resident memory (VmRSS, and its peak VmHWM) and the workers'
every half second, then sends SIGINT to the process group (as Ctrl-C in a terminal does) or
SIGTERM to the parent alone, and reports how long the stop took, the exit status, whether the
output held a traceback and whether any worker was left. Targets (issue 12): peak parent
memory under 100 MB, growth under 2 MB over the last three quarters of the run, stopped within
5 s with no traceback and no worker left.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.helpers.processes import children, running, status_kb  # noqa: E402

GAMES = 10**9


def games_done(err_file: Path) -> int:
    found = re.findall(rb"(\d+)/%d games" % GAMES, err_file.read_bytes())
    return int(found[-1]) if found else 0


def measure(package: Path, seconds: float, how: str, extra: list[str], scratch: Path) -> dict:
    err_path = scratch / f"stderr-{os.getpid()}-{time.monotonic_ns()}.txt"
    env = {**os.environ, "PYTHONPATH": str(package)}
    command = [sys.executable, "-m", "vandatta.cli", "simulate", "--games", str(GAMES), *extra]
    helps = subprocess.run([*command[:4], "--help"], capture_output=True, env=env, cwd=package).stdout
    if b"--progress" in helps:  # older versions count games only on a terminal
        command.append("--progress")
    with open(err_path, "wb") as err:
        child = subprocess.Popen(
            # cwd: `python -m` puts the working directory first on the path, before PYTHONPATH
            command,
            stdout=subprocess.DEVNULL,
            stderr=err,
            env=env,
            cwd=package,
            start_new_session=True,
        )
        workers: set[int] = set()
        samples: list[tuple[float, int, int, int]] = []  # seconds, games, parent RSS KB, workers RSS KB
        started = time.monotonic()
        first: tuple[int, int] | None = None  # (games, RSS KB) once a quarter of the time is over
        try:
            while time.monotonic() - started < seconds and child.poll() is None:
                time.sleep(0.5)
                workers |= children(child.pid)
                rss = status_kb(child.pid, "VmRSS") or 0
                done = games_done(err_path)
                worker_rss = sum(status_kb(w, "VmRSS") or 0 for w in workers if running(w))
                samples.append((time.monotonic() - started, done, rss, worker_rss))
                if first is None and time.monotonic() - started >= seconds / 4:
                    first = (done, rss)
            peak = status_kb(child.pid, "VmHWM") or 0
            signum = signal.SIGINT if how == "INT" else signal.SIGTERM
            stop_started = time.monotonic()
            with contextlib.suppress(ProcessLookupError):  # it may have ended (or crashed) already
                if signum == signal.SIGINT:
                    os.killpg(child.pid, signum)
                else:
                    child.send_signal(signum)
            try:
                status = child.wait(timeout=60)
            except subprocess.TimeoutExpired:
                status = None
            stop_seconds = time.monotonic() - stop_started
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and any(running(w) for w in workers):
                time.sleep(0.1)
            left = sorted(w for w in workers if running(w))
        finally:  # leave nothing behind, whatever happened
            for pid in [child.pid, *workers]:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
            child.wait()
    text = err_path.read_bytes().decode("utf-8", "replace")
    err_path.unlink()
    last = samples[-1] if samples else (0.0, 0, 0, 0)
    return {
        "package": str(package),
        "peak_mb": peak / 1024,
        "first": first,
        "last": last,
        "samples": samples,
        "status": status,
        "stop_seconds": stop_seconds,
        "traceback": "Traceback" in text,
        "workers": sorted(workers),
        "left": left,
        "last_line": text.replace("\r", "\n").strip().splitlines()[-1] if text.strip() else "",
    }


def report(r: dict) -> None:
    print(f"\n== {r['package']}")
    for t, done, rss, wrss in r["samples"][:: max(1, len(r["samples"]) // 8)] + r["samples"][-1:]:
        print(f"  {t:5.1f} s  {done:>9} games  parent {rss / 1024:7.1f} MB  workers {wrss / 1024:7.1f} MB")
    print(f"  peak parent memory (VmHWM): {r['peak_mb']:.1f} MB")
    growth = None
    if r["first"] is not None:
        games0, rss0 = r["first"]
        _, games1, rss1, _ = r["last"]
        growth = (rss1 - rss0) / 1024
        per = (rss1 - rss0) / max(1, games1 - games0) * 1024
        if games1 > games0:
            print(f"  growth from {games0} to {games1} games: {growth:+.1f} MB ({per:+.0f} bytes a game)")
        else:
            print(f"  growth over the last three quarters of the time: {growth:+.1f} MB (games not counted)")
    print(
        f"  stop: status {r['status']} after {r['stop_seconds']:.2f} s; traceback: {r['traceback']}; "
        f"workers {r['workers']}, left running: {r['left']}"
    )
    print(f"  last line: {r['last_line']!r}")
    checks = [
        ("peak parent memory under 100 MB", r["peak_mb"] < 100),
        ("growth under 2 MB over the last three quarters of the run", growth is not None and growth < 2),
        (
            "stopped within 5 s, no traceback, no worker left",
            r["status"] is not None and r["stop_seconds"] < 5 and not r["traceback"] and not r["left"],
        ),
    ]
    for what, met in checks:
        print(f"  target {what}: {'MET' if met else 'NOT MET'}")


def main() -> None:
    if not Path("/proc/self/status").exists():
        sys.exit("this benchmark reads /proc (Linux)")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to let it play (default 20)")
    parser.add_argument(
        "--signal", choices=["INT", "TERM"], default="INT", help="how to stop it (default INT)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--matches", action="store_true", help="--matches --bots strong,strong")
    parser.add_argument(
        "--also", type=Path, action="append", default=[], help="another checkout to run side by side"
    )
    args = parser.parse_args()
    extra = ["--workers", str(args.workers)]
    if args.matches:
        extra += ["--matches", "--bots", "strong,strong"]
    scratch = Path(os.environ.get("TMPDIR", "/tmp"))
    print(
        f"vandatta simulate --games {GAMES} {' '.join(extra)}: {args.seconds:g} s, then SIG{args.signal} "
        "(figures on a busy machine vary; memory figures much less than times)"
    )
    for package in [ROOT, *args.also]:
        report(measure(package.resolve(), args.seconds, args.signal, extra, scratch))


if __name__ == "__main__":
    main()
