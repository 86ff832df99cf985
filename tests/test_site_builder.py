"""The static site's builder (scripts/build_site.py), the parts that need no network: the
pinned requirements, the check that the browser's packages fit together, the Pyodide lock it
writes, the notebooks it stages and the start page. The built site itself is tested in a
browser by tests/browser/test_site.py."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("build_site", ROOT / "scripts" / "build_site.py")
build_site = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = build_site  # (its dataclasses look their module up there)
_spec.loader.exec_module(build_site)


def make_wheel(
    folder: Path, name: str, version: str, requires: list[str] = (), top: str | None = None
) -> Path:
    """A minimal wheel with METADATA (and a module) for the metadata readers."""
    dist = f"{name.replace('-', '_')}-{version}"
    path = folder / f"{dist}-py3-none-any.whl"
    meta = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    meta += [f"Requires-Dist: {r}" for r in requires]
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(f"{dist}.dist-info/METADATA", "\n".join(meta) + "\n")
        module = top or name.replace("-", "_")
        archive.writestr(f"{module}/__init__.py", "")
    return path


def wheels(folder: Path, specs: dict[str, tuple[str, list[str]]]) -> dict:
    return {
        name: build_site.read_wheel(make_wheel(folder, name, version, requires))
        for name, (version, requires) in specs.items()
    }


def test_the_pins_are_exact_and_hashed():
    pins = build_site.read_pins(ROOT / "site" / "requirements.txt")
    assert {"ipywidgets", "anywidget", "ipython", "micropip", "jupyterlab-widgets"} <= set(pins)
    assert all(re.fullmatch(r"[0-9a-f]{64}", sha) for _, sha in pins.values())
    # the npm pin is exact too, and its lock agrees
    package = json.loads((ROOT / "site" / "package.json").read_text(encoding="utf-8"))
    lock = json.loads((ROOT / "site" / "package-lock.json").read_text(encoding="utf-8"))
    wanted = package["dependencies"]["pyodide"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", wanted)
    assert lock["packages"]["node_modules/pyodide"]["version"] == wanted
    assert lock["packages"]["node_modules/pyodide"]["integrity"].startswith("sha512-")


def test_the_pins_match_the_desktop_versions_of_the_widgets():
    """The browser runs the ipywidgets and anywidget the tests run on the desktop (the
    front-end extension and the Python side of a widget library must match)."""
    from importlib.metadata import version

    pins = build_site.read_pins(ROOT / "site" / "requirements.txt")
    for name in ("ipywidgets", "anywidget", "jupyterlab-widgets"):
        assert pins[name][0] == version(name), name


def test_a_bad_pin_line_is_named(tmp_path):
    bad = tmp_path / "requirements.txt"
    bad.write_text("# fine\nipywidgets>=8 --hash=sha256:" + "0" * 64 + "\n", encoding="utf-8")
    with pytest.raises(build_site.BuildError, match=r"requirements.txt, line 2: expected 'name==version"):
        build_site.read_pins(bad)


def test_closure_gives_each_wheels_dependencies_for_the_browser(tmp_path):
    found = wheels(
        tmp_path,
        {
            "ipython": ("9.18.1", ['psutil>=7; sys_platform != "emscripten"', "traitlets>=5.13"]),
            "traitlets": ("5.16.1", ['pytest; extra == "test"']),
            "ipywidgets": ("8.1.9", ["traitlets>=4.3.1", "widgetsnbextension~=4.0.14"]),
            "vandatta": ("0.1.0", ["ipywidgets>=8.1.5,<9", "voila>=0.5.8,<0.6", "jupyterlab>=4.2,<5"]),
        },
    )
    depends = build_site.check_closure(found)
    # psutil is not needed in Emscripten, widgetsnbextension is the front end's, Voilà the server's
    assert depends == {
        "ipython": ["traitlets"],
        "traitlets": [],
        "ipywidgets": ["traitlets"],
        "vandatta": ["ipywidgets"],
    }


def test_closure_names_every_missing_or_wrong_version(tmp_path):
    found = wheels(
        tmp_path,
        {
            "anywidget": ("0.11.0", ["psygnal>=0.8.1", "typing-extensions>=4.2.0"]),
            "typing-extensions": ("4.1.0", []),
            "ipykernel": ("6.9.2", ["voila"]),  # only this package may leave Voilà to the server
        },
    )
    with pytest.raises(build_site.BuildError) as error:
        build_site.check_closure(found)
    text = str(error.value)
    assert "anywidget 0.11.0 needs psygnal>=0.8.1: not in the site" in text
    assert "needs typing-extensions>=4.2.0: the site has 4.1.0" in text
    assert "ipykernel 6.9.2 needs voila: not in the site" in text


def test_the_lock_lists_exactly_the_site_wheels_with_hashes(tmp_path):
    found = wheels(tmp_path, {"comm": ("0.2.3", ["traitlets>=4"]), "traitlets": ("5.16.1", [])})
    info = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.2"}
    lock = build_site.pyodide_lock(info, found, {n: w.path.name for n, w in found.items()})
    assert lock["info"] == info
    assert sorted(lock["packages"]) == ["comm", "traitlets"]
    comm = lock["packages"]["comm"]
    assert comm["file_name"] == "comm-0.2.3-py3-none-any.whl"
    assert comm["depends"] == ["traitlets"] and comm["imports"] == ["comm"]
    assert comm["sha256"] == found["comm"].sha256 and comm["install_dir"] == "site"


def test_notebooks_are_staged_for_the_browser_kernel_and_the_start_page_links_them(tmp_path):
    index = build_site.stage_notebooks(tmp_path)
    lessons = sorted(p.name for p in (ROOT / "notebooks" / "sv").glob("*.ipynb"))
    assert [Path(p).name for p, _ in index["sv"]] == lessons
    assert len(index["en"]) == len(lessons) and index[""] == [("dashboard.ipynb", "Vändåtta")]
    for path, _ in index["sv"] + index["en"] + index[""]:
        staged = json.loads((tmp_path / path).read_text(encoding="utf-8"))
        assert staged["metadata"]["kernelspec"]["name"] == "python"  # the Pyodide kernel's name
        source = json.loads((ROOT / "notebooks" / path).read_text(encoding="utf-8"))
        # every cell but the hints for JupyterLab (run the cells): the site runs them itself
        tag = build_site.JUPYTERLAB_ONLY
        assert staged["cells"] == [c for c in source["cells"] if tag not in c["metadata"].get("tags", [])]
        shown = " ".join("".join(c["source"]) for c in staged["cells"] if c["cell_type"] == "markdown")
        assert not re.search(r"Shift|\bkör rutorna|\brun the cells", shown), path
    assert any(
        build_site.JUPYTERLAB_ONLY in c["metadata"].get("tags", [])
        for c in json.loads(
            (ROOT / "notebooks" / "sv" / "01-goal-and-deal.ipynb").read_text(encoding="utf-8")
        )["cells"]
    ), "lesson 1 keeps its hint for JupyterLab"
    page = build_site.start_page(index)
    # a lesson runs by itself when it opens: the start page asks for no key a tablet lacks
    assert "Shift" not in page and "startar av sig själv" in page and "starts by itself" in page
    assert page.count('href="notebooks/index.html?path=sv/') == len(lessons)
    assert page.count('href="notebooks/index.html?path=en/') == len(lessons)
    assert 'href="notebooks/index.html?path=dashboard.ipynb"' in page
    assert "Lektion 1: Målet och given" in page and "Lesson 1: The goal and the deal" in page
    # JupyterLite's pages read their settings from the root page: the element must be there
    assert 'id="jupyter-config-data"' in page
    assert not re.search(r"(src|href)=\"https?://", page), "nothing from another host"


def test_the_notebook_pages_run_a_notebook_when_it_opens(tmp_path):
    """The built Notebook page loads site/run_on_open.js from the site itself, once."""
    (tmp_path / "notebooks").mkdir()
    page = tmp_path / "notebooks" / "index.html"
    page.write_text("<html><head><title>x</title></head><body></body></html>", encoding="utf-8")
    build_site.run_on_open(tmp_path)
    text = page.read_text(encoding="utf-8")
    assert re.search(r'<script src="\.\./run_on_open\.js\?_=[0-9a-f]{8}" defer></script>\s*</head>', text)
    script = (tmp_path / "run_on_open.js").read_text(encoding="utf-8")
    assert script == (ROOT / "site" / "run_on_open.js").read_text(encoding="utf-8")
    assert "notebook:run-all-cells" in script and not re.search(r"https?://", script)
    page.write_text("<html><body></body></html>", encoding="utf-8")
    with pytest.raises(build_site.BuildError):
        build_site.run_on_open(tmp_path)


def test_pyodide_is_pinned_to_the_version_the_kernel_is_made_for():
    pytest.importorskip("jupyterlite_pyodide_kernel", reason='the site extra: pip install -e ".[site]"')
    build_site.check_pyodide_pin()  # raises BuildError naming both versions when they differ


def test_jedi_is_shipped_without_its_bundled_stubs(tmp_path):
    """The kernel needs jedi, not its 5 500 type stubs (IPython completes from live objects):
    the site's copy leaves them out, and their RECORD lines, and keeps the rest as it was."""
    assert build_site.SLIM["jedi"] == ("jedi/third_party/typeshed/", "jedi/third_party/django-stubs/")
    path = make_wheel(tmp_path, "jedi", "0.20.1")
    stub = "jedi/third_party/typeshed/stdlib/os.pyi"
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("jedi/api.py", "def complete(): ...\n")
        archive.writestr(stub, "def getcwd() -> str: ...\n")
        archive.writestr("jedi/third_party/django-stubs/db.pyi", "\n")
        archive.writestr(
            "jedi-0.20.1.dist-info/RECORD",
            f"jedi/api.py,sha256=x,20\n{stub},sha256=y,26\njedi-0.20.1.dist-info/RECORD,,\n",
        )
    wheel = build_site.read_wheel(path)
    slim = build_site.slim_wheel(wheel, build_site.SLIM["jedi"], tmp_path / "slim")
    assert slim.path.name == path.name and slim.path != path
    assert (slim.name, slim.version, slim.imports) == ("jedi", "0.20.1", ["jedi"])
    with zipfile.ZipFile(slim.path) as archive:
        names = archive.namelist()
        record = archive.read("jedi-0.20.1.dist-info/RECORD").decode()
        assert archive.read("jedi/api.py") == b"def complete(): ...\n"
    assert "jedi/api.py" in names and not [n for n in names if "third_party" in n]
    assert record == "jedi/api.py,sha256=x,20\njedi-0.20.1.dist-info/RECORD,,\n"


def test_the_pages_settings_preload_the_packages_and_leave_the_service_worker_out(tmp_path):
    """The kernel loads every package the lessons need as Pyodide starts (from the site's
    lock, never PyPI); the service worker is off, so the kernel mounts no drive (whose every
    import asked the page for a file); the Notebook pages leave unused viewers and tools out."""
    build_site.lite_config(tmp_path, [], None)
    data = json.loads((tmp_path / "jupyter-lite.json").read_text(encoding="utf-8"))["jupyter-config-data"]
    assert data["disabledExtensions"] == ["@jupyterlite/application-extension:service-worker-manager"]
    kernel = data["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    preload = kernel["loadPyodideOptions"]["packages"]
    # the names the kernel's worker checks before installing its own with piplite, and the lessons'
    assert {"micropip", "piplite", "pyodide-kernel", "ipykernel", "comm", "ipython", "jedi"} <= set(preload)
    assert {"ipywidgets", "anywidget", "vandatta"} <= set(preload)

    notebooks = tmp_path / "notebooks.json"
    notebooks.write_text('{"jupyter-config-data": {"appUrl": "/notebooks"}}', encoding="utf-8")
    build_site.notebook_app(notebooks)
    disabled = json.loads(notebooks.read_text(encoding="utf-8"))["jupyter-config-data"]["disabledExtensions"]
    assert "@jupyterlab/debugger-extension" in disabled and "@jupyterlab/terminal-extension" in disabled
    # what a lesson shows and is run with stays
    for kept in ("notebook", "mainmenu", "rendermime", "markedparser", "codemirror", "apputils"):
        assert f"@jupyterlab/{kept}-extension" not in disabled


def test_the_lessons_imports_are_found_for_compiling():
    names = build_site.lesson_imports()
    assert "vandatta" in names
    assert any(n.startswith("vandatta_widgets.") for n in names), names
    assert names == sorted(set(names))
    assert all(n.split(".")[0] in {"vandatta", "vandatta_widgets", "IPython", "ipywidgets"} for n in names), (
        names
    )
    assert build_site.KERNEL_IMPORTS == ["piplite.piplite", "pyodide_kernel"]


def test_wheels_get_the_browsers_bytecode_for_what_is_imported(tmp_path):
    """In the pinned Pyodide under Node: a module the start imports gets an unchecked-hash
    pyc of Pyodide's Python beside its source (listed in RECORD); one nothing imports does not."""
    import shutil

    runtime = build_site.DEFAULT_CACHE / "npm" / "node_modules" / "pyodide"
    if shutil.which("node") is None or not (runtime / "pyodide.asm.wasm").exists():
        pytest.skip("needs node and Pyodide's npm package (python scripts/build_site.py DIR installs it)")
    path = make_wheel(tmp_path, "demo", "1.0", top="demo")
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("demo/used.py", "ANSWER = 42\n")
        archive.writestr("demo/unused.py", "X = 1\n")
        archive.writestr("demo-1.0.dist-info/RECORD", "demo/used.py,sha256=a,12\n")
    wheel = build_site.read_wheel(path)
    out = build_site.compile_wheels(runtime, {"demo": wheel}, tmp_path / "cache", ["demo.used"])
    compiled = out["demo"]
    assert compiled.path.name == path.name and (compiled.name, compiled.version) == ("demo", "1.0")
    lock = json.loads((runtime / "pyodide-lock.json").read_text(encoding="utf-8"))
    tag = "cpython-" + "".join(lock["info"]["python"].split(".")[:2])
    with zipfile.ZipFile(compiled.path) as archive:
        names = set(archive.namelist())
        pyc = archive.read(f"demo/__pycache__/used.{tag}.pyc")
        record = archive.read("demo-1.0.dist-info/RECORD").decode()
        assert archive.read("demo/used.py") == b"ANSWER = 42\n"  # the source stays
    assert f"demo/__pycache__/unused.{tag}.pyc" not in names
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, source not checked (PEP 552)
    assert f"demo/__pycache__/used.{tag}.pyc,sha256=" in record


def built_worker_site(root: Path, chunk: str = "chunk") -> dict:
    """A tiny built site in ``root`` with the pages and files of a real one; the summary."""
    for name in build_site.OFFLINE_PAGES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("<html><head><title>x</title></head><body></body></html>", encoding="utf-8")
    (root / "build").mkdir()
    (root / "build" / "4680.34db628.js").write_text(chunk, encoding="utf-8")
    (root / "rspack.config.js").write_text("bundler", encoding="utf-8")
    (root / "service-worker.js").write_text("JupyterLite's, off", encoding="utf-8")
    return build_site.offline_worker(root)


def worker_site(root: Path) -> dict:
    worker = (root / "offline_worker.js").read_text(encoding="utf-8")
    return json.loads(re.search(r"^const SITE = (\{.*\});$", worker, re.MULTILINE).group(1))


def test_the_pages_register_a_worker_that_keeps_every_file_of_the_build(tmp_path):
    """Every page registers the site's service worker (site/offline.js, from the site itself);
    the worker is written with the build's hash and every file a browser may ask for — the
    final pages and the registering script included, the bundler's settings, JupyterLite's
    own (disabled) worker and the worker itself not."""
    summary = built_worker_site(tmp_path)
    for name in build_site.OFFLINE_PAGES:
        page = (tmp_path / name).read_text(encoding="utf-8")
        up = "../" * name.count("/")
        assert re.search(
            rf'<script src="{re.escape(up)}offline\.js\?_=[0-9a-f]{{8}}" defer></script>\s*</head>', page
        )
    site = worker_site(tmp_path)
    assert site["files"] == [
        "build/4680.34db628.js", "index.html", "lab/index.html", "notebooks/index.html", "offline.js", "tree/index.html",
    ]  # fmt: skip
    assert re.fullmatch(r"[0-9a-f]{16}", site["build"])
    assert summary == {
        "build": site["build"],
        "files": 6,
        "bytes": sum((tmp_path / f).stat().st_size for f in site["files"]),
    }
    worker = (tmp_path / "offline_worker.js").read_text(encoding="utf-8")
    template = (ROOT / "site" / "offline_worker.js").read_text(encoding="utf-8")
    assert worker.replace(
        re.search(r"^const SITE = .*$", worker, re.MULTILINE).group(0), ""
    ) == template.replace(re.search(r"^const SITE = .*$", template, re.MULTILINE).group(0), ""), (
        "only the SITE line is written"
    )
    assert not re.search(r"https?://", worker + (tmp_path / "offline.js").read_text(encoding="utf-8"))


def test_a_changed_file_is_a_new_build_and_a_bad_template_is_named(tmp_path, monkeypatch):
    """A new build's worker names a new cache (the old one is dropped when it activates); the
    same files give the same hash."""
    first, second, third = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    for root in (first, second, third):
        root.mkdir()
        built_worker_site(root, chunk="another chunk" if root == third else "chunk")
    assert worker_site(first)["build"] == worker_site(second)["build"]
    assert worker_site(third)["build"] != worker_site(first)["build"]

    pins = tmp_path / "pins"
    pins.mkdir()
    (pins / "offline.js").write_text("", encoding="utf-8")
    (pins / "offline_worker.js").write_text("const SITE = {};\n", encoding="utf-8")
    monkeypatch.setattr(build_site, "PINS", pins)
    fourth = tmp_path / "d"
    fourth.mkdir()
    with pytest.raises(build_site.BuildError, match="const SITE"):
        built_worker_site(fourth)
