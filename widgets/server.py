"""Run Voilà with Nagle's algorithm off: ``python -m widgets.server NOTEBOOK [voila options]``.

Every widget message is a small websocket frame. Tornado switches TCP_NODELAY off again when
an HTTP connection is upgraded to a websocket, and jupyter_server's kernel channel never
turns it back on, so each reply waits for the browser's delayed ACK (about 40 ms here):
``benchmarks/bench_ui.py --nodelay`` measured a replay step at 55 ms with Nagle on and 22 ms
with it off. ``vandatta dashboard`` starts Voilà through this module.

Pages come from the project's own Voilà template, ``vandatta`` (``widgets/share/voila/
templates/vandatta``): Voilà's "lab" page without its link to Font Awesome on a CDN, so a page
asks nothing of another host — a classroom may have no internet, or a filter.
:func:`offline_template` puts the template where Voilà looks and chooses it, unless the
command line names another.

Before serving, the bytecode of ``vandatta`` and ``widgets`` is written once: every Voilà
kernel imports both, and where bytecode is not cached (``PYTHONDONTWRITEBYTECODE``, a fresh
checkout) each new kernel would compile some 35 modules again, about 120 ms of CPU per kernel
on the dashboard's first render, times 30 for a classroom.
"""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

import tornado.iostream

PACKAGES = ("vandatta", "widgets")
TEMPLATE = "vandatta"
SHARE = Path(__file__).resolve().parent / "share"  # holds voila/templates/vandatta


def keep_nodelay() -> None:
    """Make every tornado stream keep TCP_NODELAY on, whatever tornado asks for."""
    original = tornado.iostream.IOStream.set_nodelay
    if getattr(original, "_vandatta_nodelay", False):
        return

    def set_nodelay(self: tornado.iostream.IOStream, value: bool) -> None:
        original(self, True)

    set_nodelay._vandatta_nodelay = True  # type: ignore[attr-defined]
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


def offline_template(argv: list[str]) -> list[str]:
    """``argv`` with the project's template chosen (unless it names a template itself); its
    folder goes first on ``JUPYTER_PATH``, where Voilà looks for templates."""
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(SHARE) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(SHARE), *paths])
    if any(arg.startswith(("--template", "--VoilaConfiguration.template")) for arg in argv):
        return list(argv)
    return [*argv, f"--VoilaConfiguration.template={TEMPLATE}"]


def main() -> int:
    precompile()
    keep_nodelay()
    sys.argv = offline_template(sys.argv)
    from voila.app import main as voila_main

    return voila_main()


if __name__ == "__main__":
    sys.exit(main())
