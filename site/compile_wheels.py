"""Add the browser's bytecode to the site's wheels: run by scripts/build_site.py in Pyodide
under Node (site/run_in_pyodide.mjs), so that the bytecode is that of the Python the browser
runs (Pyodide's, 3.14), whatever Python builds the site.

    /build/in/*.whl + /build/imports.json  ->  /build/out/*.whl   (same names)

The wheels are unpacked here as the browser unpacks them, the modules named in imports.json
(those the kernel imports when it starts and those the lessons import) are imported, and
each module that this loaded from a wheel, ``pkg/mod.py``, gets
``pkg/__pycache__/mod.cpython-314.pyc`` beside it in its wheel: an *unchecked-hash* pyc (PEP
552), which Python loads without comparing it with the source, whose date the browser's
unpacking does not keep. The sources stay (tracebacks show their lines). Without it the
browser compiles every one of those modules at every start. Modules nothing imports at the
start (most of pygments' lexers, prompt_toolkit, tests) keep their source only: compiled,
they would make the wheels three times bigger. The wheel's RECORD lists the new files; the
rest of the wheel is copied as it was.
"""

import base64
import hashlib
import importlib
import importlib.util
import json
import py_compile
import sys
import warnings
import zipfile
from pathlib import Path

WORK = Path("/build")
SITE_PACKAGES = f"/lib/python{sys.version_info.major}.{sys.version_info.minor}/site-packages"
SCRATCH = Path("/tmp/compile")


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def compiled(member: str, source: bytes) -> tuple[str, bytes] | None:
    """The pyc's name in the wheel and its bytes, or None if the module does not compile."""
    path = SCRATCH / member
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(source)
    target = importlib.util.cache_from_source(str(path))
    try:
        py_compile.compile(
            str(path),
            cfile=target,
            dfile=f"{SITE_PACKAGES}/{member}",
            doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
    except (py_compile.PyCompileError, SyntaxError, ValueError):
        return None
    name = Path(target).relative_to(SCRATCH).as_posix()
    return name, Path(target).read_bytes()


def imported(wheels: list[Path], names: list[str]) -> set[str]:
    """Unpack ``wheels`` into site-packages, import ``names``: the files (relative to
    site-packages) of every module this loaded from there."""
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(SITE_PACKAGES)
    importlib.invalidate_caches()
    streams = sys.stdout, sys.stderr  # (the kernel's module puts its own in their place)
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as error:  # one that fails here is only left uncompiled
            print(f"import {name}: {type(error).__name__}: {error}", file=streams[1])
    sys.stdout, sys.stderr = streams
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        if path.startswith(SITE_PACKAGES + "/") and path.endswith(".py"):
            files.add(path[len(SITE_PACKAGES) + 1 :])
    return files


def add_bytecode(wheel: Path, out: Path, wanted: set[str]) -> int:
    """Copy ``wheel`` to ``out`` with a pyc for each of its modules in ``wanted``; the number
    of pycs."""
    count = 0
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(out, "w") as copy:
        added: list[str] = []
        record = None
        for info in source.infolist():
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                record = (info, data)
                continue
            copy.writestr(info, data)
            if info.filename not in wanted:
                continue
            result = compiled(info.filename, data)
            if result is None:
                continue
            name, pyc = result
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            copy.writestr(entry, pyc)
            added.append(record_line(name, pyc))
            count += 1
        if record is not None:
            info, data = record
            copy.writestr(info, data + "".join(added).encode())
    return count


def main() -> None:
    warnings.simplefilter("ignore")  # (invalid escapes in some packages' docstrings)
    wheels = sorted((WORK / "in").glob("*.whl"))
    wanted = imported(wheels, json.loads((WORK / "imports.json").read_text(encoding="utf-8")))
    (WORK / "out").mkdir(exist_ok=True)
    total = 0
    for wheel in wheels:
        total += add_bytecode(wheel, WORK / "out" / wheel.name, wanted)
    print(f"compiled {total} modules of {len(wheels)} wheels to the browser's bytecode")


main()
