"""``asyncio.run`` for tests, in a thread of its own: the test session's main thread may hold an
event loop already (the browser tests' Playwright leaves its loop running there), and
``asyncio.run`` refuses to start inside a running loop — whether it does would then depend on
which test files ran before in the same worker."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from typing import Any


def in_a_fresh_loop(main: Callable[[], Coroutine[Any, Any, Any]], *, timeout: float = 600) -> Any:
    """``asyncio.run(main())`` in a new thread; its result, or its exception raised here."""
    out: dict = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(main())
        except BaseException as error:  # re-raised in the test's thread
            out["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=timeout)
    if thread.is_alive():
        raise TimeoutError(f"the coroutine did not finish within {timeout} s")
    if "error" in out:
        raise out["error"]
    return out["value"]
