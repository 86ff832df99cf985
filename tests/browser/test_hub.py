"""A school on JupyterHub (``deploy/jupyterhub/jupyterhub_config.py``), for real: the hub on
127.0.0.1 with its proxy (``configurable-http-proxy`` from npm: on the PATH, or where
``.ci/run`` installs it, ``.ci/node/node_modules/.bin`` in the clone), pupils signing in with any
name (the configuration's ``trial`` mode: a test authenticator, servers as local processes),
three of them at once in Chromium. Each must land on a working dashboard (cards on the table,
a step forward) in a kernel of their own that no other pupil can reach.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .conftest import _missing, free_port, wait_for_port

pytestmark = [pytest.mark.hub, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
READY = ".vd-dash .vd-rp-table svg"
LABEL = ".vd-replay .vd-ply-label"
PUPILS = ("alva", "bo", "cyrus")
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


def _proxy() -> str | None:
    local = ROOT / ".ci" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
    return shutil.which("configurable-http-proxy") or (str(local) if local.exists() else None)


def _wait_for_hub(url: str, proc: subprocess.Popen, log: Path, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"JupyterHub stopped ({proc.returncode}):\n{log.read_text()[-4000:]}")
        with (
            contextlib.suppress(OSError, urllib.error.URLError),
            urllib.request.urlopen(f"{url}/hub/api/", timeout=5) as answer,
        ):
            if answer.status == 200:
                return
        time.sleep(0.5)
    raise AssertionError(f"JupyterHub did not answer within {timeout} s:\n{log.read_text()[-4000:]}")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        _missing("jupyterhub is not installed (pip install -e .[test])")
    proxy = _proxy()
    if proxy is None:
        _missing("configurable-http-proxy is not installed (npm install configurable-http-proxy)")
    folder = tmp_path_factory.mktemp("hub")
    port, api_port, proxy_api_port = free_port(), free_port(), free_port()
    env = dict(
        os.environ,
        VANDATTA_HUB_USERS="trial",
        VANDATTA_HUB_IP="127.0.0.1",
        VANDATTA_HUB_PORT=str(port),
        VANDATTA_HUB_API_PORT=str(api_port),
        VANDATTA_HUB_PROXY_API_PORT=str(proxy_api_port),
        PATH=os.pathsep.join([str(Path(proxy).parent), os.environ.get("PATH", "")]),
        PYTHONUNBUFFERED="1",
    )
    log = folder / "jupyterhub.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
        cwd=folder,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,  # the hub, its proxy and the pupils' servers: one group to stop
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_for_port(port, timeout=120)
        _wait_for_hub(url, proc, log)
        yield url, folder
    finally:
        proc.send_signal(signal.SIGTERM)  # the hub stops the pupils' servers and its proxy
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=60)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # whatever of this group is left


def test_three_pupils_sign_in_and_each_gets_a_dashboard_of_their_own(browser, hub) -> None:
    from playwright.sync_api import expect

    url, folder = hub
    contexts = {name: browser.new_context(viewport={"width": 1024, "height": 768}) for name in PUPILS}
    pages = {name: ctx.new_page() for name, ctx in contexts.items()}
    errors: list[str] = []
    try:
        # the class signs in together: every form is sent before any dashboard is waited for
        for name, page in pages.items():
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(f"{url}/hub/login", timeout=60_000)
            page.fill("input[name=username]", name)
            page.fill("input[name=password]", "any")
            page.click("[type=submit]", no_wait_after=True)
        kernels = {}
        for name, page in pages.items():
            page.wait_for_url(re.compile(rf"/user/{name}/voila/render/dashboard\.ipynb"), timeout=180_000)
            page.wait_for_selector(READY, timeout=180_000)
            titles = page.eval_on_selector_all(f"{READY} title", "els => els.map(e => e.textContent)")
            assert any(re.fullmatch(r"(spader|hjärter|ruter|klöver) \w+", t or "") for t in titles), titles[
                :8
            ]
            expect(page.locator(LABEL)).to_have_text(re.compile(r"^Drag 0 av \d+$"), timeout=60_000)
            page.locator(".vd-replay .vd-rp-next").click()
            expect(page.locator(LABEL)).to_have_text(re.compile(r"^Drag 1 av \d+$"), timeout=60_000)
            found = KERNEL_ID.search(page.content())
            assert found, f"no kernel id in {name}'s page"
            kernels[name] = found.group(1)
        assert len(set(kernels.values())) == len(PUPILS), kernels

        for name, ctx in contexts.items():
            # each pupil's server runs exactly the kernel of their page...
            answer = ctx.request.get(f"{url}/user/{name}/api/kernels")
            assert answer.ok, (name, answer.status)
            assert [k["id"] for k in answer.json()] == [kernels[name]]
            # ...and nobody else's server lets them in
            other = PUPILS[(PUPILS.index(name) + 1) % len(PUPILS)]
            foreign = ctx.request.get(f"{url}/user/{other}/api/kernels", max_redirects=0)
            assert foreign.status in (302, 403, 404), (name, other, foreign.status)
            # the lessons are theirs, copied at the first sign-in
            assert (folder / "homes" / name / "vandatta" / "dashboard.ipynb").exists()
            assert (folder / "homes" / name / "vandatta" / "sv").is_dir()
        assert errors == []
    finally:
        for ctx in contexts.values():
            ctx.close()
