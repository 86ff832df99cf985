"""The computer players' moves of a server's tables worked out in other processes, so that the
server's one event loop only hands the work out and applies the answer.

A :class:`ThinkingPool` is a few worker processes (started when the first move is asked for,
at most ``workers`` thinking at once: by default one per CPU core) and a cap on each move's
thinking time: a search that runs over it is stopped and the quick player's move is made
instead. A worker gets a player and a :class:`vandatta.ai.SeatView` — only what the seat may
know — and sends back the move in notation with the player's notes.

>>> import asyncio
>>> from vandatta import Game
>>> from vandatta.ai import SeatView, make_player
>>> async def one_move():
...     pool = ThinkingPool(workers=1)
...     try:
...         return await pool.think(make_player("expert", seed=1), SeatView.of(Game.deal(players=3, seed=5)))
...     finally:
...         pool.close()
>>> move, notes = asyncio.run(one_move())
>>> move in {str(m) for m in Game.deal(players=3, seed=5).legal_moves()}
True
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vandatta.ai import Player, SeatView

__all__ = ["ThinkingPool", "QUICK_PLAYER", "decide", "default_workers"]

_log = logging.getLogger("vandatta.tables")

QUICK_PLAYER = "expert"  # what moves when a search is over its time (a few tens of µs a move)
NICENESS = 5  # workers give way to the server's loop when the machine is busy
PARENT_CHECK_SECONDS = 1.0  # how often a worker looks whether its server is still there


def default_workers() -> int:
    """One worker per CPU core this process may use (at least one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class _TimeUp(Exception):
    """A worker's search ran over its time."""


def _on_alarm(signum: int, frame: object) -> None:
    raise _TimeUp


def _start_worker() -> None:
    # A worker: Ctrl-C is the server's to handle (its pool then stops the workers); a busy
    # machine serves the loop's requests first; a server killed outright (SIGKILL, out of
    # memory) cannot stop its workers, so each ends itself once its server has gone.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGPROF, _on_alarm)
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    threading.Thread(target=_end_with, args=(os.getppid(),), name="server-watch", daemon=True).start()


def _end_with(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def decide(player: Player, view: SeatView, seconds: float | None = None) -> tuple[str, dict | None]:
    """``player``'s move for the seat of ``view`` (in notation) and its notes; if it thinks for
    more than ``seconds`` of CPU time (where the timer can interrupt it: a worker's main thread),
    the quick player's move instead, noted as such.

    >>> from vandatta import Game
    >>> from vandatta.ai import SeatView, make_player
    >>> view = SeatView.of(Game.from_position(hands=["7♥ K♠", "2♦"], top="7♦", talon="9♠"), 0)
    >>> decide(make_player("expert", seed=1), view)
    ('7♥', None)
    """
    timed = seconds is not None and seconds > 0 and signal.getsignal(signal.SIGPROF) is _on_alarm
    try:
        if timed and seconds is not None:
            signal.setitimer(signal.ITIMER_PROF, seconds)
        try:
            move, notes = player.choose_with_notes(view)
        finally:
            if timed:
                signal.setitimer(signal.ITIMER_PROF, 0)
    except _TimeUp:
        from vandatta.ai import make_player

        move, _ = make_player(QUICK_PLAYER, seed=view.ply).choose_with_notes(view)
        notes = {"player": QUICK_PLAYER, "time_cap": seconds}
    return str(move), notes if isinstance(notes, dict) else None


class ThinkingPool:
    """Worker processes for the computer players' moves: at most ``workers`` think at once
    (default: one per core); each move gets at most ``seconds`` of thinking (the worker's CPU
    time: on a busy machine a computer takes longer, but does not play worse). The processes
    start with the first move asked for; :meth:`close` stops them (a move being worked out is
    let finish, at most ``seconds``)."""

    def __init__(self, *, workers: int | None = None, seconds: float = 2.0) -> None:
        if workers is not None and (not isinstance(workers, int) or isinstance(workers, bool) or workers < 1):
            raise ValueError(f"workers must be a whole number above 0, not {workers!r}")
        if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or seconds <= 0:
            raise ValueError(f"seconds must be a number above 0, not {seconds!r}")
        self.workers = workers or default_workers()
        self.seconds = float(seconds)
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._broken: list[concurrent.futures.ProcessPoolExecutor] = []  # let go, to be joined
        self.asked = 0  # moves handed out so far
        self.closed = False

    def __repr__(self) -> str:
        state = "closed" if self.closed else "running" if self._executor is not None else "not started"
        return f"<ThinkingPool {self.workers} workers, {self.seconds:g} s a move, {state}>"

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self.closed:
            raise RuntimeError("the thinking pool is closed")
        if self._executor is None:
            # "spawn": a worker is a fresh interpreter, not a fork of a server with threads
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
            )
        return self._executor

    def think(self, player: Player, view: SeatView) -> asyncio.Future:
        """Hand the move out: a future of the running loop that gets ``(move, notes)`` (or the
        error that stopped the worker)."""
        loop = asyncio.get_running_loop()
        self.asked += 1
        try:
            return loop.run_in_executor(self._pool(), decide, player, view, self.seconds)
        except concurrent.futures.BrokenExecutor:
            self.forget_broken()
            return loop.run_in_executor(self._pool(), decide, player, view, self.seconds)

    def forget_broken(self) -> None:
        """A worker died (killed, out of memory): the broken pool is let go and a new one is
        started with the next move."""
        executor, self._executor = self._executor, None
        if executor is not None:
            _log.warning("a computer player's worker process stopped: starting new ones")
            executor.shutdown(wait=False, cancel_futures=True)
            self._broken.append(executor)

    def close(self) -> None:
        """Stop the workers (and wait for them to end): no process is left behind."""
        self.closed = True
        executor, self._executor = self._executor, None
        for old in [*self._broken, *([executor] if executor is not None else [])]:
            old.shutdown(wait=True, cancel_futures=True)
        self._broken.clear()
