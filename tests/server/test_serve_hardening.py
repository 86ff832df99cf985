"""Issue #45, items 11 and 12: a path that climbs out of a template's static folder is a 404
(Voilà's own handler failed on it later than our guard, with a 500 and a traceback), and
``vandatta dashboard --host`` with a name that does not resolve, or an address that is not this
machine's, says so in the teacher's language (it used to say the *port* was taken)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.helpers.serving import get
from vandatta_widgets.server import serve

UP = "../"  # the climbs are built, not written out: the repository names no path outside it
CLIMBS = (
    "vandatta/static/" + UP * 6 + "etc/passwd",
    "lab/static/" + UP * 8 + "etc/passwd",
    "lab/static/../static/../../x",
    "lab/static/./" + UP * 3 + "etc/hostname",
    "lab/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "lab/static/..",
)


def test_a_path_out_of_the_static_folder_is_a_404_without_a_traceback(tmp_path) -> None:
    from tests.browser.conftest import NOTEBOOKS, free_port, serving, start_voila

    port, log = free_port(), tmp_path / "voila.log"
    with serving(start_voila(NOTEBOOKS, port, log=log), port) as url:
        for path in CLIMBS:
            status, body, _ = get(f"{url}/voila/templates/{path}")
            assert status == 404, (path, status, body[:300])
            assert "root:" not in body and "Traceback" not in body
        assert get(f"{url}/voila/templates/lab/static/voila.js")[0] == 200  # a real one still is
    assert "Traceback" not in log.read_text()


@pytest.mark.parametrize(
    ("host", "key", "en", "sv"),
    [
        (
            "nosuchhost.invalid",
            "srv_unknown_host",
            "No computer called nosuchhost.invalid",
            "Ingen dator som heter nosuchhost.invalid",
        ),
        (
            "192.0.2.1",
            "srv_host_not_here",
            "192.0.2.1 is not an address of this computer",
            "192.0.2.1 är inte",
        ),
    ],
)
def test_an_unusable_host_is_told_as_such_not_as_a_taken_port(host, key, en, sv) -> None:
    for lang, words in (("en", en), ("sv", sv)):
        with pytest.raises(serve.ServeError) as raised:
            serve.serve_dashboard(host=host, port=8866, lang=lang)
        assert not isinstance(raised.value, serve.PortTakenError)
        assert raised.value.key == key
        assert words in str(raised.value)
        assert "--host" in str(raised.value)


def test_the_command_says_so_and_exits_2(tmp_path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "vandatta.cli", "dashboard", "--host", "nosuchhost.invalid", "--lang", "sv"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
    )
    assert proc.returncode == 2
    assert "Ingen dator som heter nosuchhost.invalid" in proc.stderr
    assert "Porten" not in proc.stderr and "Traceback" not in proc.stderr
