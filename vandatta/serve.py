"""``vandatta dashboard``: serve the Voilà dashboard on 127.0.0.1 (Voilà is imported only here,
in a child process, so the engine keeps no Jupyter dependency).

The child process is ``python -m widgets.server`` (the UI package shipped beside the engine):
Voilà itself, started after writing the packages' bytecode once and with TCP_NODELAY kept on
for the kernel websockets (see that module). Where ``widgets`` is not installed it is plain
``python -m voila``.

The settings come from ``voila.json`` beside the notebooks (kernel culling, because Voilà
leaks a kernel on every closed tab; an executor timeout, and a longer wait for a cell's
output so a busy machine does not serve a page without it; sources stripped; tracebacks
hidden), with the same values built in for an installed package without the repository.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

__all__ = ["serve_dashboard", "dashboard_command", "DEFAULT_SETTINGS"]

REPO = Path(__file__).resolve().parent.parent
DASHBOARD = REPO / "notebooks" / "dashboard.ipynb"

DEFAULT_SETTINGS: dict[str, dict[str, object]] = {
    "VoilaConfiguration": {"show_tracebacks": False, "strip_sources": True, "theme": "light"},
    # iopub_timeout: with a classroom's kernels starting at once, the dashboard's output can
    # arrive seconds after its cell finished; nbclient's default (4 s) then silently drops it
    # and the page comes without the dashboard.
    "VoilaExecutor": {"timeout": 120, "iopub_timeout": 30},
    "MappingKernelManager": {"cull_interval": 30, "cull_idle_timeout": 300, "cull_connected": False},
}

# What the dashboard notebook holds: one call (kept here too, so an installed
# package without the repository can still serve it).
_NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "id": "dashboard",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": ["from widgets.page import DashboardPage\n", "\n", "DashboardPage()"],
        },
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "title": "Vändåtta",  # the page's <title>; the dashboard's own header carries the heading
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}


# Kernels talk to the server over Unix sockets where there are any: with TCP, jupyter_client
# picks each kernel's ports by binding and releasing them, and kernels starting at the same
# moment (a classroom opening the page together) can pick the same port; the loser dies with
# "ZMQError: Address already in use" and its page never comes (papermill#511, positron#5799).
# Socket files are named after the kernel, so there is nothing to race for. (Not in
# voila.json: Windows has no such sockets.)
POSIX_SETTINGS: dict[str, dict[str, object]] = {"KernelManager": {"transport": "ipc"}}


def _settings(overrides: Mapping[str, Mapping[str, object]] | None = None) -> dict[str, dict[str, object]]:
    path = REPO / "voila.json"
    settings = {k: dict(v) for k, v in DEFAULT_SETTINGS.items()}
    if os.name == "posix":
        for section, values in POSIX_SETTINGS.items():
            settings.setdefault(section, {}).update(values)
    if path.exists():
        for section, values in json.loads(path.read_text(encoding="utf-8")).items():
            if section in settings:
                settings[section].update(values)
    for section, values in (overrides or {}).items():
        settings.setdefault(section, {}).update(values)
    return settings


def dashboard_command(
    *,
    host: str = "127.0.0.1",
    port: int = 8866,
    notebook: Path | None = None,
    settings: Mapping[str, Mapping[str, object]] | None = None,
) -> list[str]:
    """The Voilà command line that serves the dashboard (or ``notebook``) with the settings
    of ``voila.json``; ``settings`` overrides some of them, e.g. a short culling window for a
    test: ``{"MappingKernelManager": {"cull_interval": 5, "cull_idle_timeout": 20}}``."""
    if notebook is None:
        notebook = DASHBOARD if DASHBOARD.exists() else _write_notebook()
    cmd = [
        sys.executable,
        "-m",
        _server_module(),
        str(notebook),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={host}",
    ]
    for section, values in _settings(settings).items():
        for key, value in values.items():
            cmd.append(f"--{section}.{key}={value}")  # traitlets reads True/False and numbers
    return cmd


def _server_module() -> str:
    # Looked up without importing anything of it: the engine never imports the UI layer.
    spec = importlib.util.find_spec("widgets")
    folders = (spec.submodule_search_locations or []) if spec is not None else []
    return "widgets.server" if any((Path(f) / "server.py").is_file() for f in folders) else "voila"


def _write_notebook() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="vandatta-"))
    path = folder / "dashboard.ipynb"
    path.write_text(json.dumps(_NOTEBOOK, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def serve_dashboard(*, host: str = "127.0.0.1", port: int = 8866) -> int:
    """Start Voilà, print the address and block until it stops (Ctrl+C, or TERM)."""
    if not 0 < port < 65536:
        raise ValueError(f"port must be from 1 to 65535, not {port}")
    cmd = dashboard_command(host=host, port=port)
    shown = "localhost" if host in ("127.0.0.1", "::1") else f"[{host}]" if ":" in host else host
    print(f"Vändåtta dashboard: http://{shown}:{port}/  (Ctrl+C stops it)", flush=True)
    proc = subprocess.Popen(cmd)
    # A TERM sent to this process (a service manager, a test) stops Voilà too, rather than
    # leaving it running with its kernels.
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: proc.send_signal(signum))
    try:
        return proc.wait()
    except KeyboardInterrupt:  # stop Voilà cleanly (it shuts its kernels down on TERM)
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
