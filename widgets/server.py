"""Run Voilà with Nagle's algorithm off: ``python -m widgets.server NOTEBOOK [voila options]``.

Every widget message is a small websocket frame. Tornado switches TCP_NODELAY off again when
an HTTP connection is upgraded to a websocket, and jupyter_server's kernel channel never
turns it back on, so each reply waits for the browser's delayed ACK (about 40 ms here):
``benchmarks/bench_ui.py --nodelay`` measured a replay step at 55 ms with Nagle on and 22 ms
with it off. ``vandatta dashboard`` starts Voilà through this module.

Before serving, the bytecode of ``vandatta`` and ``widgets`` is written once: every Voilà
kernel imports both, and where bytecode is not cached (``PYTHONDONTWRITEBYTECODE``, a fresh
checkout) each new kernel would compile some 35 modules again, about 120 ms of CPU per kernel
on the dashboard's first render, times 30 for a classroom.
"""

from __future__ import annotations

import compileall
import sys
from pathlib import Path

import tornado.iostream

PACKAGES = ("vandatta", "widgets")


def keep_nodelay() -> None:
    """Make every tornado stream keep TCP_NODELAY on, whatever tornado asks for."""
    original = tornado.iostream.IOStream.set_nodelay
    if getattr(original, "vandatta_nodelay", False):
        return

    def set_nodelay(self: tornado.iostream.IOStream, value: bool) -> None:
        original(self, True)

    set_nodelay.vandatta_nodelay = True  # type: ignore[attr-defined]  (a marker: patched once)
    tornado.iostream.IOStream.set_nodelay = set_nodelay  # type: ignore[method-assign]


def precompile() -> bool:
    """Write the bytecode of the two packages the kernels import (where it is stale or
    missing); False if a folder could not be written (the kernels then compile as usual)."""
    root = Path(__file__).resolve().parent.parent
    ok = True
    for name in PACKAGES:
        try:
            ok = bool(compileall.compile_dir(root / name, quiet=2, workers=1)) and ok
        except OSError:
            ok = False
    return ok


def main() -> int:
    precompile()
    keep_nodelay()
    from voila.app import main as voila_main

    return voila_main()


if __name__ == "__main__":
    sys.exit(main())
