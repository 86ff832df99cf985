"""What importing a module loads, seen from a fresh interpreter (so nothing the test process
imported before can hide or add a module)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JUPYTER = ("ipywidgets", "anywidget", "traitlets", "IPython", "ipykernel", "comm")


def jupyter_modules_loaded_by(*modules: str) -> list[str]:
    """The Jupyter packages' modules that ``import <module>`` loads (an empty list: none)."""
    imports = "".join(f"import {m}\n" for m in modules)
    code = (
        f"import json, sys\n{imports}"
        f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {JUPYTER!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.splitlines()[-1])
