"""``vandatta dashboard``: serve the Voilà dashboard on 127.0.0.1 (Voilà is imported only here,
in a child process, so the engine keeps no Jupyter dependency).

The settings come from ``voila.json`` beside the notebooks (kernel culling, because Voilà
leaks a kernel on every closed tab; an executor timeout; sources stripped; tracebacks
hidden), with the same values built in for an installed package without the repository.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["serve_dashboard", "dashboard_command", "DEFAULT_SETTINGS"]

REPO = Path(__file__).resolve().parent.parent
DASHBOARD = REPO / "notebooks" / "dashboard.ipynb"

DEFAULT_SETTINGS: dict[str, dict[str, object]] = {
    "VoilaConfiguration": {"show_tracebacks": False, "strip_sources": True, "theme": "light"},
    "VoilaExecutor": {"timeout": 120},
    "MappingKernelManager": {"cull_interval": 30, "cull_idle_timeout": 300, "cull_connected": False},
}

# What the dashboard notebook holds: a title and one call (kept here too, so an installed
# package without the repository can still serve it).
_NOTEBOOK = {
    "cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# Vändåtta"]},
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": ["from widgets.dashboard import Dashboard\n", "\n", "Dashboard()"],
        },
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


def _settings() -> dict[str, dict[str, object]]:
    path = REPO / "voila.json"
    settings = {k: dict(v) for k, v in DEFAULT_SETTINGS.items()}
    if path.exists():
        for section, values in json.loads(path.read_text(encoding="utf-8")).items():
            if section in settings:
                settings[section].update(values)
    return settings


def dashboard_command(
    *, host: str = "127.0.0.1", port: int = 8866, notebook: Path | None = None
) -> list[str]:
    """The Voilà command line that serves the dashboard."""
    if notebook is None:
        notebook = DASHBOARD if DASHBOARD.exists() else _write_notebook()
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={host}",
    ]
    for section, values in _settings().items():
        for key, value in values.items():
            cmd.append(f"--{section}.{key}={value}")  # traitlets reads True/False and numbers
    return cmd


def _write_notebook() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="vandatta-"))
    path = folder / "dashboard.ipynb"
    path.write_text(json.dumps(_NOTEBOOK, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def serve_dashboard(*, host: str = "127.0.0.1", port: int = 8866) -> int:
    """Start Voilà and block until it stops (Ctrl+C)."""
    if not 0 < port < 65536:
        raise ValueError(f"port must be from 1 to 65535, not {port}")
    cmd = dashboard_command(host=host, port=port)
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    print(f"Vändåtta dashboard: http://{shown}:{port}/  (Ctrl+C stops it)", flush=True)
    try:
        return subprocess.call(cmd)
    except KeyboardInterrupt:
        return 0
