"""Run Voilà with Nagle's algorithm off: ``python -m widgets.server NOTEBOOK [voila options]``.

Every widget message is a small websocket frame. Tornado switches TCP_NODELAY off again when
an HTTP connection is upgraded to a websocket, and jupyter_server's kernel channel never
turns it back on, so each reply waits for the browser's delayed ACK (about 40 ms here):
``benchmarks/bench_ui.py --nodelay`` measured a replay step at 55 ms with Nagle on and 22 ms
with it off. ``vandatta dashboard`` starts Voilà through this module.
"""

from __future__ import annotations

import sys

import tornado.iostream


def keep_nodelay() -> None:
    """Make every tornado stream keep TCP_NODELAY on, whatever tornado asks for."""
    original = tornado.iostream.IOStream.set_nodelay
    if getattr(original, "_vandatta_nodelay", False):
        return

    def set_nodelay(self: tornado.iostream.IOStream, value: bool) -> None:
        original(self, True)

    set_nodelay._vandatta_nodelay = True  # type: ignore[attr-defined]
    tornado.iostream.IOStream.set_nodelay = set_nodelay  # type: ignore[method-assign]


def main() -> int:
    keep_nodelay()
    from voila.app import main as voila_main

    return voila_main()


if __name__ == "__main__":
    sys.exit(main())
