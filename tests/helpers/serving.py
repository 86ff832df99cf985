"""A dashboard server for the tests of serving (``tests/server/test_serve.py``, the classroom's browser
tests): :func:`vandatta_widgets.server.serve.dashboard_command` with the server's events on, read as they come."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import tornado.httpserver
import tornado.netutil
import tornado.web

from vandatta_widgets.server import serve

KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


class DashboardServer:
    """``vandatta_widgets.server.voila_server`` serving the dashboard on a free loopback port; ``events`` are what it
    reported so far. Use as a context manager: it is stopped (with its kernels) on exit."""

    def __init__(
        self,
        log: Path,
        *,
        classroom: int = 0,
        max_kernels: int = 0,
        settings: dict | None = None,
        notebook: Path | None = None,
    ) -> None:
        from tests.browser.conftest import free_port

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.events: list[dict] = []
        self._changed = threading.Condition()
        cmd = serve.dashboard_command(
            port=self.port,
            notebook=notebook,
            classroom=classroom,
            max_kernels=max_kernels,
            events=True,
            settings=settings,
        )
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        folder = (notebook or serve.DASHBOARD).parent
        self.log = log
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=log.open("w"), text=True, env=env, cwd=folder
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith(serve.EVENT_PREFIX):
                with self._changed:
                    self.events.append(json.loads(line[len(serve.EVENT_PREFIX) :]))
                    self._changed.notify_all()

    def wait_for(self, what: str, test=lambda event: True, timeout: float = 180) -> dict:
        """The first event of kind ``what`` passing ``test`` (waiting for it up to ``timeout``)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for event in self.events:
                    if event.get("event") == what and test(event):
                        return event
                left = deadline - time.monotonic()
                if left <= 0 or self.proc.poll() is not None:
                    raise AssertionError(
                        f"no {what!r} event within {timeout} s: {self.events[-5:]}; log:\n"
                        + self.log.read_text()[-3000:]
                    )
                self._changed.wait(timeout=min(left, 1.0))

    def pool_full(self, size: int, timeout: float = 240) -> None:
        self.wait_for("pool", lambda e: e["ready"] >= size, timeout=timeout)

    def kernel_alive(self, kernel_id: str) -> bool:
        return get(f"{self.url}api/kernels/{kernel_id}")[0] == 200

    def __enter__(self) -> DashboardServer:
        try:
            self.wait_for("listening", timeout=120)
        except BaseException:
            self.__exit__(None, None, None)  # a server that never said it listens is not left behind
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def get(url: str, *, headers: dict | None = None, timeout: float = 180) -> tuple[int, str, dict]:
    """(status, body, headers) of a GET; HTTP errors are answers too."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, response.read().decode("utf-8", "replace"), dict(response.headers)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace"), dict(error.headers)


def kernel_of(page: str) -> str | None:
    """The kernel id a Voilà page connects to."""
    found = KERNEL_ID.search(page)
    return found.group(1) if found else None


@contextlib.contextmanager
def app_in_a_thread(
    build: Callable[[], tornado.web.Application], *, stop: Callable[[], object] | None = None
):
    """A tornado application on a free loopback port, its loop in a thread of its own, for a
    browser test to open: ``build()`` makes it inside that loop (services that schedule work
    need it running), ``stop()`` runs there after the server stops. Yields its address
    (``http://127.0.0.1:PORT/``)."""
    started = threading.Event()
    state: dict = {}

    async def main() -> None:
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(build())
        server.add_sockets(sockets)
        state["port"] = sockets[0].getsockname()[1]
        state["stop"] = asyncio.Event()
        state["loop"] = asyncio.get_running_loop()
        started.set()
        await state["stop"].wait()
        server.stop()
        if stop is not None:
            stop()

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    assert started.wait(30), "the test's server did not start"
    try:
        yield f"http://127.0.0.1:{state['port']}/"
    finally:
        state["loop"].call_soon_threadsafe(state["stop"].set)
        thread.join(10)
