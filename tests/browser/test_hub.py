"""A school on JupyterHub (``deploy/jupyterhub/jupyterhub_config.py``), for real: the hub on
127.0.0.1 with its proxy (``configurable-http-proxy`` from npm: on the PATH, or where
``.ci/run`` installs it, ``.ci/node/node_modules/.bin`` in the clone), pupils signing in with any
name (the configuration's ``trial`` mode: a test authenticator, servers as local processes),
three of them at once in Chromium. Each must land on a working dashboard (cards on the table,
a step forward) in a kernel of their own that no other pupil can reach, with the address of
the hub's tables in their server's environment.

The same hub runs the tables as its service (``vandatta_widgets.server.hub``): two pupils sign in on
two devices (browser contexts), one makes a table on the service's page, the other joins it
with the code, and both play, each under their hub name; a visitor not signed in gets nothing;
the service killed mid-round comes back (the hub starts it again) with the table at the same
move and the pupils still signed in.
"""

from __future__ import annotations

import contextlib
import json
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

from .conftest import _missing, free_port, show_replay, wait_for_port, watch_errors

pytestmark = [pytest.mark.hub, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
READY = ".vd-dash .vd-rp-table svg"
LABEL = ".vd-replay .vd-ply-label"
PUPILS = ("alva", "bo", "cyrus")
TABLES = "/services/vandatta-tables/vandatta/table"
KERNEL_ID = re.compile(r'"kernelId": "([0-9a-f-]{36})"')


def _proxy() -> str | None:
    local = ROOT / ".ci" / "node" / "node_modules" / ".bin" / "configurable-http-proxy"
    return shutil.which("configurable-http-proxy") or (str(local) if local.exists() else None)


def _server_environ(user: str) -> dict[str, str]:
    """The environment of ``user``'s single-user server (a process of this machine's)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes()
            raw = (proc / "environ").read_bytes()
        except OSError:
            continue
        environ = dict(item.split("=", 1) for item in raw.decode(errors="replace").split("\0") if "=" in item)
        if b"jupyterhub.singleuser" in cmdline and environ.get("JUPYTERHUB_USER") == user:
            return environ
    raise AssertionError(f"no server of {user} running")


def _service_pid(folder: Path) -> int | None:
    """The process of the hub's tables service (started with its SQLite file in ``folder``)."""
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if (
            b"vandatta_widgets.server.hub" in cmdline
            and str(folder / "vandatta-tables.sqlite").encode() in cmdline
        ):
            return int(proc.name)
    return None


def _sign_in(page, url: str, address: str, name: str) -> None:
    """Open ``address``; the hub asks who it is (its sign-in page), then sends it back."""
    page.goto(url + address, timeout=60_000)
    page.wait_for_url(re.compile(r"/hub/login"), timeout=60_000)
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", "any")
    page.click("[type=submit]")
    page.wait_for_url(re.compile(re.escape(address) + r"(\?.*)?$"), timeout=60_000)


def _wait_for_hub(
    url: str, proc: subprocess.Popen, log: Path, timeout: float = 120, path: str = "/hub/api/"
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"JupyterHub stopped ({proc.returncode}):\n{log.read_text()[-4000:]}")
        with (
            contextlib.suppress(OSError, urllib.error.URLError),
            urllib.request.urlopen(url + path, timeout=5) as answer,
        ):
            if answer.status == 200:
                return
        time.sleep(0.5)
    raise AssertionError(f"JupyterHub did not answer {path} within {timeout} s:\n{log.read_text()[-4000:]}")


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
    port, api_port, proxy_api_port, tables_port = free_port(), free_port(), free_port(), free_port()
    env = dict(
        os.environ,
        VANDATTA_HUB_USERS="trial",
        VANDATTA_HUB_IP="127.0.0.1",
        VANDATTA_HUB_PORT=str(port),
        VANDATTA_HUB_API_PORT=str(api_port),
        VANDATTA_HUB_PROXY_API_PORT=str(proxy_api_port),
        VANDATTA_HUB_TABLES_PORT=str(tables_port),
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
        _wait_for_hub(url, proc, log, path="/services/vandatta-tables/vandatta/table-static/client.js")
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
            watch_errors(page, errors)
            page.goto(f"{url}/hub/login", timeout=60_000)
            page.fill("input[name=username]", name)
            page.fill("input[name=password]", "any")
            page.click("[type=submit]", no_wait_after=True)
        kernels = {}
        for name, page in pages.items():
            page.wait_for_url(re.compile(rf"/user/{name}/voila/render/dashboard\.ipynb"), timeout=180_000)
            show_replay(page, timeout=180_000)
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
            # the dashboard's "Spela med andra" tab finds the hub's tables there
            assert _server_environ(name).get("VANDATTA_TABLES_URL") == TABLES, name
        assert errors == []
    finally:
        for ctx in contexts.values():
            ctx.close()


def _status(url: str, *, method: str = "GET", body: bytes | None = None) -> tuple[int, dict, bytes]:
    """A request without any cookie (a visitor not signed in): status, headers, body."""
    request = urllib.request.Request(
        url, data=body, method=method, headers={"Content-Type": "application/json"}
    )

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=30) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as answer:
        return answer.code, {k.lower(): v for k, v in answer.headers.items()}, answer.read()


def test_two_pupils_play_at_a_table_of_the_hubs_tables_service(browser, hub) -> None:
    from playwright.sync_api import expect

    url, folder = hub
    api = url + "/services/vandatta-tables/vandatta/api/tables"
    # not signed in: the page sends the visitor to the hub, the API and the websocket refuse
    status, headers, _ = _status(url + TABLES)
    assert status == 302 and "/hub/api/oauth2/authorize" in headers.get("location", ""), (status, headers)
    status, _, body = _status(api, method="POST", body=b'{"seats": ["person", "expert"]}')
    assert status == 403 and json.loads(body)["error"] == "tb_sign_in", (status, body)
    status, _, _ = _status(api + "/ABCDE")
    assert status == 403
    status, _, _ = _status(api + "/ABCDE/ws")
    assert status == 403
    # the page's script is the repository's own file, there for the dashboard's tab
    status, _, _ = _status(url + "/services/vandatta-tables/vandatta/table-static/client.js")
    assert status == 200

    sizes = {"dana": {"width": 1024, "height": 768}, "elis": {"width": 390, "height": 844}}
    contexts = {name: browser.new_context(viewport=size) for name, size in sizes.items()}
    pages = {name: ctx.new_page() for name, ctx in contexts.items()}
    errors: list[str] = []
    try:
        for page in pages.values():
            watch_errors(page, errors)
        dana, elis = pages["dana"], pages["elis"]
        # Dana makes a table of two people and a computer: her hub name is already in the box
        _sign_in(dana, url, TABLES, "dana")
        expect(dana.locator("#vd-tb-myname")).to_have_value("dana", timeout=30_000)
        dana.locator(".vd-tb-create").click()
        code_box = dana.locator(".vd-tb-header .vd-tb-code")
        expect(code_box).to_have_text(re.compile(r"^[A-Z0-9]{4,9}$"), timeout=30_000)
        code = code_box.text_content()
        expect(dana.locator(".vd-tb-strip")).to_contain_text("dana")

        # Elis joins on her own device with the code; she types another name, and her seat
        # still carries her hub name (the service takes the name from the hub, not the page)
        _sign_in(elis, url, f"{TABLES}/{code}", "elis")
        expect(elis.locator("#vd-tb-name")).to_have_value("elis", timeout=30_000)
        elis.fill("#vd-tb-name", "Någon annan")
        elis.locator(".vd-tb-sit").first.click()
        expect(dana.locator(".vd-tb-strip")).to_contain_text("elis", timeout=30_000)
        expect(dana.locator(".vd-tb-strip")).not_to_contain_text("Någon annan")

        # Dana starts; both see the game, each with a hand of their own
        dana.locator(".vd-tb-begin").click()
        for page in pages.values():
            expect(page.locator(".vd-tb-title")).to_have_attribute("data-status", "playing", timeout=30_000)
            expect(page.locator(".vd-tb-hand .vd-tb-card-button").first).to_be_visible(timeout=30_000)
            expect(page.locator(".vd-tb-strip")).to_contain_text("dana")
            expect(page.locator(".vd-tb-strip")).to_contain_text("elis")
        # a signed-in pupil's page reaches the API (its cookie)
        seen = contexts["elis"].request.get(f"{api}/{code}")
        assert seen.ok, seen.status

        # The service killed mid-round (kill -9) on a person's turn: the hub starts it again,
        # the table goes on at the same move with the same seats, and the pupils stay signed in.
        person_to_move = """() => { const seat = document.querySelector('.vd-tb-seat.vd-tb-moving');
            return !!seat && /dana|elis/.test(seat.textContent); }"""
        dana.wait_for_function(person_to_move, timeout=60_000)
        ply = dana.locator(".vd-tb-title").get_attribute("data-ply")
        old = _service_pid(folder)
        assert old is not None
        os.kill(old, signal.SIGKILL)
        expect(dana.locator(".vd-tb-online")).to_be_visible(timeout=30_000)  # the page noticed
        deadline = time.monotonic() + 90  # the hub polls its services every 30 s

        def back() -> bool:
            script = url + "/services/vandatta-tables/vandatta/table-static/client.js"
            return _service_pid(folder) not in (None, old) and _status(script)[0] == 200

        while not back() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert back(), "the hub did not start the tables again"
        answer = elis.reload(timeout=60_000)  # her seat's token is in her browser
        assert answer is not None and answer.ok and answer.request.redirected_from is None  # no new sign-in
        for page in pages.values():
            expect(page.locator(".vd-tb-online")).to_be_hidden(timeout=60_000)
            title = page.locator(".vd-tb-title")
            expect(title).to_have_attribute("data-status", "playing", timeout=60_000)
            expect(title).to_have_attribute("data-ply", ply)
            expect(page.locator(".vd-tb-hand .vd-tb-card-button").first).to_be_visible()
            expect(page.locator(".vd-tb-strip")).to_contain_text("elis")
        assert errors == []
    finally:
        for ctx in contexts.values():
            ctx.close()
