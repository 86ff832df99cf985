"""A process's children, whether it still runs, and its memory, read from Linux's ``/proc``:
for the tests and the benchmark of ``vandatta simulate``'s workers (tests/ai/test_simulate.py,
benchmarks/bench_simulate_memory.py)."""

from __future__ import annotations

import os


def children(pid: int) -> set[int]:
    """The process ids whose parent is ``pid`` (none once it is gone)."""
    found: set[int] = set()
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found.update(int(x) for x in f.read().split())
    except OSError:
        pass
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie waiting for its parent."""
    try:
        with open(f"/proc/{pid}/status") as f:
            return "\nState:\tZ" not in f.read()
    except OSError:
        return False


def status_kb(pid: int, key: str) -> int | None:
    """A field of ``/proc/<pid>/status`` counted in kB (``VmRSS``, ``VmHWM``), ``None`` if the
    process or the field is not there."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(f"{key}:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None
