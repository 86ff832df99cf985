"""Build the lessons as a static JupyterLite site: files only, no server, no internet.

    python scripts/build_site.py DIR            # build the site into DIR (emptied first)
    python -m http.server -d DIR                # serve it; open http://localhost:8000/

The site opens on a Swedish/English start page linking every lesson and the dashboard
notebook. Each notebook runs in the visitor's browser, in Pyodide (Python compiled to
WebAssembly), with this package's own wheel installed when the kernel starts. Every file the
site needs is inside DIR, so it works from a school's intranet or a USB stick with the
network cut: the site requests nothing from any other host. Once a page has been opened, the
site's own service worker (``site/offline_worker.js``, registered by ``site/offline.js``) has
kept the files it used (as they passed through, or from the browser's HTTP cache: nothing is
downloaded twice), Python and every lesson's notebook, so the lessons open again with no
network at all.

Where the pieces come from, all pinned in ``site/`` so that a build is reproducible:

- Pyodide's runtime (WebAssembly, the standard library): npm package ``pyodide``
  (``site/package.json`` and its ``package-lock.json``, installed with ``npm ci``).
- The pure-Python wheels the kernel and the widgets need: PyPI, checked against the hashes in
  ``site/requirements.txt``. They are listed in a Pyodide lock file written by this script, so
  the kernel loads them from the site, never from Pyodide's CDN (whose lock file lists 350
  packages this site does not ship).
- The JupyterLab extensions (ipywidgets, anywidget, the Pyodide kernel): taken from those same
  pinned wheels, never from whatever happens to be installed where the site is built.
- The app itself: ``jupyterlite-core`` (the version in the ``site`` extra of pyproject.toml).

What makes a lesson start sooner (``benchmarks/bench_site.py --breakdown`` says where the time
goes): the kernel loads every package from the lock as Pyodide starts
(``loadPyodideOptions.packages``); the wheels carry the browser's bytecode for the modules the
kernel and the lessons import (compiled by the pinned Pyodide itself, under Node:
``site/compile_wheels.py``), so the browser does not compile them at every start; jedi comes
without its bundled type stubs (5 500 files to unpack); JupyterLite's service worker is off, so the
kernel mounts no drive, whose every import asked the page for a file; the Notebook pages
leave out viewers and tools no lesson uses. The build needs ``npm`` and ``node``.

Downloads and the build's scratch files go into a cache folder inside the clone
(``.site-cache/``, git-ignored); nothing is cached anywhere else.
"""

from __future__ import annotations

import argparse
import ast
import email.parser
import hashlib
import html
import json
import os
import re
import shutil
import string
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass, field
from importlib.metadata import version as installed_version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "site"
NOTEBOOKS = ROOT / "notebooks"
DEFAULT_CACHE = ROOT / ".site-cache"

#: Where the browser's Python runs: requirement markers are evaluated for this platform.
BROWSER_ENVIRONMENT = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "extra": "",
}

#: Requirements met by the front end, not by a Python wheel in the browser: ipywidgets asks for
#: its JupyterLab extension (the site holds it) and its classic-notebook one (not needed).
FRONT_END = {"jupyterlab-widgets", "widgetsnbextension"}

#: This package's requirements that only a server needs (Voilà, JupyterLab, the desktop
#: kernel; the class store of the school's server, widgets/server, which no lesson imports);
#: in the browser the Pyodide kernel stands in for the first three.
SERVER_ONLY = {"voila", "jupyterlab", "ipykernel", "sqlalchemy", "alembic", "psycopg"}

#: What the kernel loads when it starts (the names it checks to skip its own installs,
#: see jupyterlite-pyodide-kernel's worker) and what the lessons import.
PRELOAD = ["micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi"]
LESSON_PACKAGES = ["ipywidgets", "anywidget", "vandatta"]

#: Files of a pinned wheel the site leaves out: jedi's bundled type stubs (5 500 of its 5 600
#: files, 4.4 of its 4.9 MB), read only to complete names of third-party types. The kernel
#: needs jedi (IPython imports it for Tab completion), which still completes from the live
#: objects without them; unpacking those files in the browser took a second at every start.
SLIM = {"jedi": ("jedi/third_party/typeshed/", "jedi/third_party/django-stubs/")}

#: The JupyterLite service worker, disabled: it carries the kernel's synchronous file access to
#: the notebooks' folder (the "drive"), and with the drive mounted every Python import first
#: asks the page, through the worker, for a module of that name beside the notebook (78 such
#: round trips while lesson 1 starts). The lessons read no files; every other request would
#: only pass through it.
SERVICE_WORKER = "@jupyterlite/application-extension:service-worker-manager"

#: JupyterLab extensions the Notebook pages (where the lessons open) do without: viewers and
#: tools no lesson uses. JupyterLab (lab/, linked from the start page's footer) keeps them.
NOTEBOOK_UNUSED = [
    f"@jupyterlab/{name}-extension"
    for name in (
        "audio", "video", "pdf", "csvviewer", "htmlviewer", "imageviewer", "vega5", "mermaid",
        "debugger", "inspector", "lsp", "terminal", "running", "metadataform", "celltags",
        "toc", "pluginmanager", "settingeditor", "extensionmanager", "workspaces",
        "theme-dark", "theme-dark-high-contrast",
    )
]  # fmt: skip

#: What the kernel imports as it starts (its worker runs ``import piplite.piplite`` and
#: ``import pyodide_kernel``, which imports IPython): compiled ahead, see :func:`compile_wheels`.
KERNEL_IMPORTS = ["piplite.piplite", "pyodide_kernel"]

#: The kernel's own wheels, inside the jupyterlite-pyodide-kernel wheel.
KERNEL_WHEELS = ("piplite", "pyodide-kernel", "ipykernel")
KERNEL_EXTENSION = "@jupyterlite/pyodide-kernel-extension"

#: The files of the npm package ``pyodide`` the browser loads (not the type declarations,
#: source maps or demo consoles).
PYODIDE_RUNTIME = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

#: The pyodide kernel's display name, which JupyterLite matches against a notebook's kernelspec.
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


class BuildError(RuntimeError):
    """A step of the build failed; the message says which and why."""


# -- wheels ----------------------------------------------------------------------------------


@dataclass
class Wheel:
    """A wheel file and what the lock needs from its metadata."""

    path: Path
    name: str  # canonical (PEP 503)
    version: str
    requires: list[Requirement] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.path.read_bytes()).hexdigest()

    def browser_requires(self) -> list[Requirement]:
        """The requirements that apply in the browser (markers evaluated for Emscripten)."""
        return [r for r in self.requires if r.marker is None or r.marker.evaluate(BROWSER_ENVIRONMENT)]


def read_wheel(path: Path) -> Wheel:
    """Name, version, requirements and top-level import names of the wheel at ``path``."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        info = next((n for n in names if n.count("/") == 1 and n.endswith(".dist-info/METADATA")), None)
        if info is None:
            raise BuildError(f"{path.name}: no .dist-info/METADATA (not a wheel?)")
        meta = email.parser.BytesParser().parsebytes(archive.read(info))
        dist_info = info.split("/")[0]
        top_level = f"{dist_info}/top_level.txt"
        if top_level in names:
            imports = archive.read(top_level).decode().split()
        else:
            imports = sorted(
                {
                    n.split("/")[0].removesuffix(".py")
                    for n in names
                    if not n.split("/")[0].endswith((".dist-info", ".data"))
                    and (n.endswith(".py") or "/" in n)
                }
            )
    requires = [Requirement(text) for text in meta.get_all("Requires-Dist") or []]
    return Wheel(path, canonicalize_name(meta["Name"]), meta["Version"], requires, imports)


def read_pins(path: Path) -> dict[str, tuple[str, str]]:
    """``{canonical name: (version, sha256)}`` from a hashed requirements file."""
    pins = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})", line)
        if match is None:
            raise BuildError(f"{path.name}, line {number}: expected 'name==version --hash=sha256:…'")
        pins[canonicalize_name(match[1])] = (match[2], match[3])
    return pins


def check_closure(wheels: dict[str, Wheel]) -> dict[str, list[str]]:
    """Every wheel's browser requirements are met by the others (name and version): return
    each wheel's dependencies for the lock, or raise naming every unmet requirement."""
    problems = []
    depends: dict[str, list[str]] = {}
    for wheel in wheels.values():
        depends[wheel.name] = []
        for requirement in wheel.browser_requires():
            name = canonicalize_name(requirement.name)
            if name in FRONT_END or (wheel.name == "vandatta" and name in SERVER_ONLY):
                continue
            other = wheels.get(name)
            if other is None:
                problems.append(f"{wheel.name} {wheel.version} needs {requirement}: not in the site")
            elif not requirement.specifier.contains(other.version, prereleases=True):
                problems.append(
                    f"{wheel.name} {wheel.version} needs {requirement}: the site has {other.version}"
                )
            else:
                depends[wheel.name].append(name)
    if problems:
        raise BuildError(
            "the browser's packages do not fit together (site/requirements.txt):\n  " + "\n  ".join(problems)
        )
    return depends


def pyodide_lock(info: dict, wheels: dict[str, Wheel], file_names: dict[str, str]) -> dict:
    """A Pyodide lock file listing exactly the site's wheels (``file_names`` relative to the
    lock), with their hashes and dependencies. ``info`` is the runtime's own (ABI, Python)."""
    depends = check_closure(wheels)
    packages = {}
    for name in sorted(wheels):
        wheel = wheels[name]
        packages[name] = {
            "name": name,
            "version": wheel.version,
            "file_name": file_names[name],
            "install_dir": "site",
            "sha256": wheel.sha256,
            "package_type": "package",
            "imports": wheel.imports,
            "depends": sorted(depends[name]),
            "unvendored_tests": False,
        }
    return {"info": info, "packages": packages}


# -- the steps -------------------------------------------------------------------------------


def run(cmd: list[str], *, cwd: Path | None = None, what: str, env: dict | None = None) -> None:
    print("$", " ".join(str(c) for c in cmd), flush=True)
    result = subprocess.run(cmd, cwd=cwd, env=None if env is None else {**os.environ, **env})
    if result.returncode != 0:
        raise BuildError(f"{what} failed (exit {result.returncode}): {' '.join(str(c) for c in cmd)}")


def npm_pyodide(cache: Path) -> Path:
    """Install the pinned npm packages (``npm ci``) into ``cache/npm``; the pyodide folder."""
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed: it fetches Pyodide's runtime (apt-get install npm)")
    folder = cache / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    wanted = json.loads((PINS / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    installed = folder / "node_modules" / "pyodide" / "package.json"
    lock = (PINS / "package-lock.json").read_text(encoding="utf-8")
    fresh = (
        installed.exists()
        and json.loads(installed.read_text(encoding="utf-8"))["version"] == wanted
        and (folder / "package-lock.json").exists()
        and (folder / "package-lock.json").read_text(encoding="utf-8") == lock
    )
    if not fresh:
        shutil.copy2(PINS / "package.json", folder / "package.json")
        (folder / "package-lock.json").write_text(lock, encoding="utf-8")
        run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=folder, what="npm ci")
    return folder / "node_modules" / "pyodide"


def check_pyodide_pin() -> None:
    """The npm pin of Pyodide is the version the kernel was made for (its constants say)."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    pinned = json.loads((PINS / "package.json").read_text(encoding="utf-8"))["dependencies"]["pyodide"]
    if pinned != PYODIDE_VERSION:
        raise BuildError(
            f"site/package.json pins pyodide {pinned}, but jupyterlite-pyodide-kernel "
            f"{installed_version('jupyterlite-pyodide-kernel')} is made for {PYODIDE_VERSION}"
        )


def download_wheels(cache: Path) -> dict[str, Wheel]:
    """The pinned wheels from PyPI into ``cache/wheels`` (pip checks every hash)."""
    folder = cache / "wheels"
    pins = read_pins(PINS / "requirements.txt")
    run(
        [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-cache-dir",
            "--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none",
            "--python-version", BROWSER_ENVIRONMENT["python_version"],
            "--require-hashes", "-r", str(PINS / "requirements.txt"), "--dest", str(folder),
        ],
        what="downloading the pinned wheels",
    )  # fmt: skip
    wheels = {}
    for path in sorted(folder.glob("*.whl")):
        wheel = read_wheel(path)
        pin = pins.get(wheel.name)
        if pin is not None and pin == (wheel.version, wheel.sha256):
            wheels[wheel.name] = wheel
    missing = sorted(set(pins) - set(wheels))
    if missing:
        raise BuildError(f"pip did not leave these pinned wheels in {folder}: {', '.join(missing)}")
    return wheels


def own_wheel(cache: Path, epoch: int | None) -> Wheel:
    """This package's wheel, built from a clean copy of its sources (so that a stale
    ``build/`` folder cannot slip removed modules in), its files dated ``epoch`` (the last
    commit) so that the same commit gives the same wheel, byte for byte."""
    source = cache / "source"
    shutil.rmtree(source, ignore_errors=True)
    source.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("vandatta", "widgets"):
        shutil.copytree(ROOT / package, source / package, ignore=ignore)
    out = cache / "own"
    shutil.rmtree(out, ignore_errors=True)
    run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-cache-dir", "--wheel-dir", str(out), str(source)],
        what="building this package's wheel",
        env=None if epoch is None else {"SOURCE_DATE_EPOCH": str(epoch)},
    )  # fmt: skip
    (path,) = out.glob("vandatta-*.whl")
    return read_wheel(path)


def slim_wheel(wheel: Wheel, leave_out: tuple[str, ...], folder: Path) -> Wheel:
    """A copy of ``wheel`` in ``folder`` without the files under ``leave_out`` (nor their
    lines in its RECORD); the rest as it was, byte for byte (names, dates, compression)."""
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / wheel.path.name
    with zipfile.ZipFile(wheel.path) as source, zipfile.ZipFile(target, "w") as copy:
        for info in source.infolist():
            if info.filename.startswith(leave_out):
                continue
            data = source.read(info)
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode().splitlines(keepends=True)
                data = "".join(line for line in lines if not line.startswith(leave_out)).encode()
            copy.writestr(info, data)
    slim = read_wheel(target)
    if slim.imports != wheel.imports:
        raise BuildError(f"leaving {', '.join(leave_out)} out of {wheel.path.name} changed its imports")
    return slim


def lesson_imports() -> list[str]:
    """The modules the notebooks' code cells import (``import a.b``, ``from a.b import c``:
    ``a.b``), sorted."""
    names = set()
    for source in [*NOTEBOOKS.glob("*/*.ipynb"), NOTEBOOKS / "dashboard.ipynb"]:
        for cell in json.loads(source.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            try:
                tree = ast.parse("".join(cell["source"]))
            except SyntaxError:  # (IPython syntax: a magic; it imports nothing the site compiles)
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names.update(alias.name for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module)
    return sorted(names)


def compile_wheels(
    runtime: Path, wheels: dict[str, Wheel], cache: Path, imports: list[str]
) -> dict[str, Wheel]:
    """The wheels with the browser's bytecode of the modules that ``imports`` load, so that
    the browser does not compile them at every start: site/compile_wheels.py, run in the
    pinned Pyodide itself under Node (site/run_in_pyodide.mjs), since the bytecode must be
    its Python's. Same names, versions and imports; other files and hashes."""
    node = shutil.which("node")
    if node is None:
        raise BuildError(
            "node is not installed: it runs Pyodide to compile the wheels (apt-get install nodejs)"
        )
    work = cache / "compile"
    shutil.rmtree(work, ignore_errors=True)
    (work / "in").mkdir(parents=True)
    for wheel in wheels.values():
        shutil.copy2(wheel.path, work / "in" / wheel.path.name)
    (work / "imports.json").write_text(json.dumps(imports), encoding="utf-8")
    run(
        [node, str(PINS / "run_in_pyodide.mjs"), str(runtime), str(work), str(PINS / "compile_wheels.py")],
        what="compiling the wheels in Pyodide",
    )
    compiled = {}
    for name, wheel in wheels.items():
        path = work / "out" / wheel.path.name
        if not path.is_file():
            raise BuildError(f"compiling the wheels left no {path.name}")
        compiled[name] = read_wheel(path)
        if (compiled[name].name, compiled[name].version) != (wheel.name, wheel.version):
            raise BuildError(f"compiling {wheel.path.name} changed its name or version")
    return compiled


def kernel_wheels(kernel: Wheel, cache: Path) -> dict[str, Wheel]:
    """The kernel's own small wheels (piplite, pyodide-kernel, the ipykernel shim), taken out
    of the jupyterlite-pyodide-kernel wheel, whose extension serves them too."""
    folder = cache / "kernel-wheels"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    inside = f"{kernel.name.replace('-', '_')}-{kernel.version}.data/data/share/jupyter/labextensions/{KERNEL_EXTENSION}/static/pypi/"
    found = {}
    with zipfile.ZipFile(kernel.path) as archive:
        for member in archive.namelist():
            if member.startswith(inside) and member.endswith(".whl"):
                target = folder / member.rsplit("/", 1)[1]
                target.write_bytes(archive.read(member))
                wheel = read_wheel(target)
                if wheel.name in KERNEL_WHEELS:
                    found[wheel.name] = wheel
    missing = sorted(set(KERNEL_WHEELS) - set(found))
    if missing:
        raise BuildError(f"{kernel.path.name} holds no wheel for {', '.join(missing)}")
    return found


def lesson_title(notebook: dict, name: str) -> str:
    """A notebook's title: its metadata's ``title``, else its first heading without the '#'."""
    if notebook["metadata"].get("title"):
        return notebook["metadata"]["title"]
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    raise BuildError(f"{name} has neither a title in its metadata nor a heading for the start page")


#: The cell tag of a hint for JupyterLab only (run the cells, show the code): the site runs each
#: notebook by itself when it opens (site/run_on_open.js), so it leaves them out, as Voilà does.
JUPYTERLAB_ONLY = "jupyterlab-only"
#: The script that runs a notebook when its page opens (added to the Notebook pages).
RUN_ON_OPEN = "run_on_open.js"


def stage_notebooks(files: Path) -> dict[str, list[tuple[str, str]]]:
    """Copy the lessons and the dashboard into ``files`` with the in-browser kernel named in
    their metadata (else JupyterLite asks which kernel to start) and without the cells tagged
    :data:`JUPYTERLAB_ONLY`; ``{lang: [(path, title)]}``."""
    index: dict[str, list[tuple[str, str]]] = {}
    sources = [*sorted(NOTEBOOKS.glob("*/*.ipynb")), NOTEBOOKS / "dashboard.ipynb"]
    for source in sources:
        relative = source.relative_to(NOTEBOOKS).as_posix()
        notebook = json.loads(source.read_text(encoding="utf-8"))
        notebook["metadata"]["kernelspec"] = dict(KERNELSPEC)
        notebook["cells"] = [
            c for c in notebook["cells"] if JUPYTERLAB_ONLY not in c.get("metadata", {}).get("tags", [])
        ]
        target = files / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        lang = source.parent.name if source.parent != NOTEBOOKS else ""
        index.setdefault(lang, []).append((relative, lesson_title(notebook, relative)))
    return index


def notebook_url(path: str) -> str:
    return "notebooks/index.html?path=" + path


def start_page(index: dict[str, list[tuple[str, str]]]) -> str:
    """The start page (``site/start.html``) with a link to each lesson and the dashboard."""

    def links(lang: str) -> str:
        return "\n".join(
            f'        <li><a href="{html.escape(notebook_url(path))}">{html.escape(title)}</a></li>'
            for path, title in index[lang]
        )

    (dashboard,) = index[""]
    template = string.Template((PINS / "start.html").read_text(encoding="utf-8"))
    return template.substitute(
        lessons_sv=links("sv"),
        lessons_en=links("en"),
        dashboard=html.escape(notebook_url(dashboard[0])),
    )


def run_on_open(out: Path) -> None:
    """Give the Notebook pages (``out/notebooks/index.html``) the script that runs a notebook
    when it opens (:data:`RUN_ON_OPEN`, copied to the site's root): a child on a tablet has
    no Shift + Enter."""
    script = (PINS / RUN_ON_OPEN).read_bytes()
    (out / RUN_ON_OPEN).write_bytes(script)
    page = out / "notebooks" / "index.html"
    text = page.read_text(encoding="utf-8")
    stamp = hashlib.sha256(script).hexdigest()[:8]  # a new script is not taken from the cache
    tag = f'<script src="../{RUN_ON_OPEN}?_={stamp}" defer></script>'
    if text.count("</head>") != 1:
        raise BuildError(f"{page} has no single </head> to put {RUN_ON_OPEN} before")
    page.write_text(text.replace("</head>", f"  {tag}\n  </head>"), encoding="utf-8")


#: The site's own service worker (a template: the build writes its ``SITE`` line) and the script
#: the pages register it with, both at the site's root so that the worker's scope is the site.
OFFLINE_WORKER = "offline_worker.js"
OFFLINE_SCRIPT = "offline.js"
#: The pages that register the worker (the start page, the Notebook pages, JupyterLab, the file
#: browser): whichever a child opens, the files it uses are kept for offline use.
OFFLINE_PAGES = ("index.html", "notebooks/index.html", "lab/index.html", "tree/index.html")
#: Built files no browser asks for (the bundler's settings) and JupyterLite's own service
#: worker, which the site leaves off (:data:`SERVICE_WORKER`): not kept for offline use.
NOT_KEPT = re.compile(r"rspack\.config(\.\w+)?\.js|service-worker\.js")
_SITE_LINE = re.compile(r'^const SITE = \{ build: "unbuilt", files: \[\] \};.*$', re.MULTILINE)


def add_script(page: Path, src: str) -> None:
    """Put ``<script src=SRC defer>`` before the page's ``</head>``."""
    text = page.read_text(encoding="utf-8")
    if text.count("</head>") != 1:
        raise BuildError(f"{page} has no single </head> to put {src} before")
    page.write_text(
        text.replace("</head>", f'  <script src="{src}" defer></script>\n  </head>'), encoding="utf-8"
    )


def offline_files(out: Path) -> list[str]:
    """Every file of the built site a browser may ask for, relative to its root, sorted."""
    return sorted(
        p.relative_to(out).as_posix()
        for p in out.rglob("*")
        if p.is_file() and p.name != OFFLINE_WORKER and not NOT_KEPT.fullmatch(p.name)
    )


def offline_worker(out: Path) -> dict:
    """Make the site open again offline once it has been opened: the pages of
    :data:`OFFLINE_PAGES` register :data:`OFFLINE_WORKER`, written with the list of every file
    (:func:`offline_files`: the worker keeps only files of the build, those a page used) and a
    hash of the build (of those files' paths and contents), so a new build is a new worker with
    a new cache. Run last: the list holds the final pages. Returns ``{"build", "files",
    "bytes"}``: what a browser may keep."""
    script = (PINS / OFFLINE_SCRIPT).read_bytes()
    (out / OFFLINE_SCRIPT).write_bytes(script)
    stamp = hashlib.sha256(script).hexdigest()[:8]
    for name in OFFLINE_PAGES:
        page = out / name
        if page.exists():
            up = "../" * name.count("/")
            add_script(page, f"{up}{OFFLINE_SCRIPT}?_={stamp}")
    files = offline_files(out)
    digest = hashlib.sha256()
    size = 0
    for name in files:
        data = (out / name).read_bytes()
        size += len(data)
        digest.update(f"{name}\0{hashlib.sha256(data).hexdigest()}\n".encode())
    build = digest.hexdigest()[:16]
    template = (PINS / OFFLINE_WORKER).read_text(encoding="utf-8")
    site = json.dumps({"build": build, "files": files}, separators=(",", ":"))
    worker, count = _SITE_LINE.subn(lambda _: f"const SITE = {site};", template)
    if count != 1:
        raise BuildError(f"site/{OFFLINE_WORKER} has no single 'const SITE = ...' line to fill in")
    (out / OFFLINE_WORKER).write_text(worker, encoding="utf-8")
    return {"build": build, "files": len(files), "bytes": size}


def git_epoch() -> int | None:
    """The last commit's time, so a rebuild of the same commit stamps the same times."""
    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=ROOT, capture_output=True, text=True, check=True
        )
        return int(out.stdout.strip())
    except (OSError, subprocess.CalledProcessError, ValueError):
        return None


def lite_config(stage: Path, extension_wheels: list[Path], epoch: int | None) -> None:
    """jupyter_lite_config.json (how to build) and jupyter-lite.json (what the page loads)."""
    build = {
        "ignore_sys_prefix": True,
        "federated_extensions": [str(p) for p in extension_wheels],
        "contents": ["files"],
        "apps": ["lab", "notebooks", "tree"],
        "no_sourcemaps": True,
        "no_unused_shared_packages": True,
    }
    if epoch is not None:
        build["source_date_epoch"] = epoch
    (stage / "jupyter_lite_config.json").write_text(
        json.dumps({"LiteBuildConfig": build}, indent=2) + "\n", encoding="utf-8"
    )
    kernel = {
        # Every package is in the site's lock: never fall back to PyPI from the browser.
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": PRELOAD + LESSON_PACKAGES},
    }
    page = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Vändåtta",
            "disabledExtensions": [SERVICE_WORKER],
            "litePluginSettings": {f"{KERNEL_EXTENSION}:kernel": kernel},
        },
    }
    (stage / "jupyter-lite.json").write_text(
        json.dumps(page, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def stage_pyodide(stage: Path, runtime: Path, wheels: dict[str, Wheel]) -> None:
    """``static/pyodide``: the runtime, the wheels and a lock file naming only them. This
    package's wheel sits in a folder named by its hash: its file name does not change from one
    build to the next, and a browser must never pair a new lock with a cached old wheel."""
    target = stage / "static" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        if not (runtime / name).is_file():
            raise BuildError(f"the npm package pyodide has no {name} ({runtime})")
        shutil.copy2(runtime / name, target / name)
    file_names = {}
    for name, wheel in wheels.items():
        folder = f"{wheel.sha256[:16]}/" if name == "vandatta" else ""
        (target / folder).mkdir(exist_ok=True)
        shutil.copy2(wheel.path, target / folder / wheel.path.name)
        file_names[name] = folder + wheel.path.name
    info = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    lock = pyodide_lock(info, wheels, file_names)
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1) + "\n", encoding="utf-8")


def notebook_app(config: Path) -> None:
    """The Notebook pages' own settings (``notebooks/jupyter-lite.json``, merged over the
    site's): without the extensions of :data:`NOTEBOOK_UNUSED`, with the app exposed to
    :data:`RUN_ON_OPEN`."""
    settings = json.loads(config.read_text(encoding="utf-8"))
    data = settings["jupyter-config-data"]
    data["disabledExtensions"] = [*data.get("disabledExtensions", []), *NOTEBOOK_UNUSED]
    # the app in window.jupyterapp, where site/run_on_open.js finds it to run the notebook
    data["exposeAppInBrowser"] = "true"
    config.write_text(json.dumps(settings, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def external_urls(config: Path) -> list[str]:
    """http(s) URLs in a built jupyter-lite.json: the places the page would fetch from."""
    return sorted(set(re.findall(r"https?://[^\s\"']+", config.read_text(encoding="utf-8"))))


def build(out: Path, *, cache: Path = DEFAULT_CACHE) -> dict:
    """Build the site into ``out`` (emptied first); return a summary (sizes, versions)."""
    started = time.monotonic()
    cache = cache.resolve()
    out = out.resolve()
    if out == ROOT or ROOT.is_relative_to(out):
        raise BuildError(f"refusing to empty {out}: it holds the repository")
    check_pyodide_pin()
    runtime = npm_pyodide(cache)
    python = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]["python"]
    if python != BROWSER_ENVIRONMENT["python_full_version"]:
        raise BuildError(
            f"Pyodide runs Python {python}, the requirements are checked for "
            f"{BROWSER_ENVIRONMENT['python_full_version']}: update BROWSER_ENVIRONMENT"
        )
    pinned = download_wheels(cache)
    kernel = pinned.pop("jupyterlite-pyodide-kernel")
    front_end = [pinned.pop("jupyterlab-widgets").path, kernel.path, pinned["anywidget"].path]
    tool = installed_version("jupyterlite-pyodide-kernel")
    if tool != kernel.version:
        raise BuildError(
            f"the build uses jupyterlite-pyodide-kernel {tool} but the site pins {kernel.version}: "
            'install the pinned one (pip install -e ".[site]")'
        )
    for name, leave_out in SLIM.items():
        pinned[name] = slim_wheel(pinned[name], leave_out, cache / "slim")
    wheels = {**pinned, **kernel_wheels(kernel, cache)}
    epoch = git_epoch()
    mine = own_wheel(cache, epoch)
    wheels[mine.name] = mine
    wheels = compile_wheels(runtime, wheels, cache, KERNEL_IMPORTS + lesson_imports())

    stage = cache / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    index = stage_notebooks(stage / "files")
    stage_pyodide(stage, runtime, wheels)
    lite_config(stage, front_end, epoch)

    if out.exists():
        shutil.rmtree(out)
    run(
        [
            sys.executable,
            "-m",
            "jupyterlite_core",
            "build",
            "--lite-dir",
            str(stage),
            "--output-dir",
            str(out),
        ],
        cwd=stage,
        what="jupyter lite build",
    )
    (out / "index.html").write_text(start_page(index), encoding="utf-8")
    notebook_app(out / "notebooks" / "jupyter-lite.json")
    run_on_open(out)

    config = out / "jupyter-lite.json"
    urls = [
        u
        for p in [config, out / "notebooks" / "jupyter-lite.json", out / "lab" / "jupyter-lite.json"]
        if p.exists()
        for u in external_urls(p)
    ]
    if urls:
        raise BuildError(f"the built configuration points at other hosts: {', '.join(urls)}")
    kept = offline_worker(out)
    files = [p for p in out.rglob("*") if p.is_file()]
    return {
        "offline": kept,
        "site": str(out),
        "files": len(files),
        "bytes": sum(p.stat().st_size for p in files),
        "wheels": {name: wheel.version for name, wheel in sorted(wheels.items())},
        "pyodide": json.loads((runtime / "package.json").read_text(encoding="utf-8"))["version"],
        "seconds": round(time.monotonic() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="the folder to build the site in (emptied first)")
    parser.add_argument(
        "--cache", type=Path, default=DEFAULT_CACHE, help="downloads and scratch files (default .site-cache/)"
    )
    args = parser.parse_args(argv)
    try:
        summary = build(args.out, cache=args.cache)
    except BuildError as error:
        print(f"build_site: {error}", file=sys.stderr)
        return 1
    size = summary["bytes"] / 1e6
    print(
        f"built {summary['site']}: {summary['files']} files, {size:.1f} MB, Pyodide {summary['pyodide']}, "
        f"{len(summary['wheels'])} wheels, {summary['seconds']} s"
    )
    kept = summary["offline"]
    print(
        f"may be kept for offline use (build {kept['build']}): {kept['files']} files, {kept['bytes'] / 1e6:.1f} MB"
    )
    print(f"serve it with: python -m http.server -d {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
