"""Vändåtta on JupyterHub, for a school on one server: every pupil signs in and lands on the
dashboard; the lessons are theirs to work through in JupyterLab (``/user/NAME/lab``).

    jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Run it from a folder of its own (the hub keeps its database and cookie secret there), with
this package installed in the hub's Python (``pip install -e ".[hub]"`` in the repository)
and ``configurable-http-proxy`` from npm on the PATH (or in ``node_modules/.bin`` of the
repository, or in ``.ci/node``, where the CI installs it). On Kubernetes, use ``values.yaml`` beside this file instead.

What each pupil gets:

- a single-user Jupyter server of their own (its own process, its own kernels), started by
  the same Python as the hub, opening at the dashboard (Voilà, sources hidden, no
  tracebacks);
- their own copy of the lessons and the dashboard in ``~/vandatta`` (copied at their first
  sign-in, never overwritten afterwards: what they write in the lessons stays);
- kernels culled after 10 idle minutes and the server itself stopped after an idle hour,
  so a class leaving does not hold the machine's memory;
- tables to play at together ("Spela med andra" / "Play with others"): one service of the
  hub for the whole school (``vandatta_widgets.server.hub``, at ``/services/vandatta-tables/``), which
  signed-in pupils reach under their hub names; the dashboard in each pupil's server links to
  it (``VANDATTA_TABLES_URL`` in the server's environment). The tables are kept in
  ``vandatta-tables.sqlite`` beside the hub's own files, written at every move.

Sizing (benchmarks/bench_classroom.py and tests/browser/test_hub.py): a pupil's server is
about 110 MB with JupyterLab and Voilà loaded, plus 58–77 MB per open dashboard or lesson
kernel: count 250 MB a pupil, 8 GB for 30 at once, and 2 cores.

Settings from the environment (so the same file serves a school and the test):

``VANDATTA_HUB_IP`` / ``VANDATTA_HUB_PORT``  where pupils connect (default 0.0.0.0:8000)
``VANDATTA_HUB_API_PORT`` / ``VANDATTA_HUB_PROXY_API_PORT``  the hub's and the proxy's own
    ports on 127.0.0.1 (defaults 8081 / 8001)
``VANDATTA_HUB_TABLES_PORT``  the tables service's port on 127.0.0.1 (default 8082)
``VANDATTA_HUB_USERS``  ``system`` (default): pupils are accounts of the machine, signed in
    with their password (PAM), each server running as its pupil; ``trial``: any name, no
    password, every server running as the hub's user — for trying it out and for the test,
    never for a school (no isolation between pupils)
``VANDATTA_NOTEBOOKS``  the folder of lessons to hand out (default: this repository's)
"""

from __future__ import annotations

import os
import pwd
import shutil
import sys
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (given by JupyterHub)

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NOTEBOOKS = Path(os.environ.get("VANDATTA_NOTEBOOKS") or REPO / "notebooks")
FOLDER = "vandatta"  # in each pupil's home
TABLES = "vandatta-tables"  # the tables' service: /services/vandatta-tables/
USERS = os.environ.get("VANDATTA_HUB_USERS", "system")
if USERS not in ("system", "trial"):
    raise ValueError(f"VANDATTA_HUB_USERS must be 'system' or 'trial', not {USERS!r}")

# -- where the hub listens ------------------------------------------------------------------------

c.JupyterHub.ip = os.environ.get("VANDATTA_HUB_IP", "0.0.0.0")
c.JupyterHub.port = int(os.environ.get("VANDATTA_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("VANDATTA_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('VANDATTA_HUB_PROXY_API_PORT', '8001')}"


def _proxy() -> str:
    for candidate in (
        shutil.which("configurable-http-proxy"),
        REPO / "node_modules/.bin/configurable-http-proxy",
    ):
        if candidate and Path(candidate).exists():
            return str(candidate)
    raise FileNotFoundError(
        "configurable-http-proxy not found: npm install configurable-http-proxy (on the PATH, "
        "or in node_modules/ of the repository)"
    )


c.ConfigurableHTTPProxy.command = [_proxy()]

# -- who signs in, and as whom their server runs ----------------------------------------------------

if USERS == "trial":
    c.JupyterHub.authenticator_class = "dummy"
    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(Path.cwd() / "homes" / "{username}")
else:
    c.JupyterHub.authenticator_class = "pam"
    c.JupyterHub.spawner_class = "localprocess"
    c.Authenticator.allow_all = True  # every account of the machine: narrow it with allowed_users

# -- what every pupil gets ---------------------------------------------------------------------------

c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]  # the hub's Python and packages
c.Spawner.notebook_dir = f"~/{FOLDER}"
c.Spawner.default_url = "/voila/render/dashboard.ipynb"
c.Spawner.args = [
    # Voilà as in voila.json: no sources, no tracebacks for children
    "--VoilaConfiguration.strip_sources=True",
    "--VoilaConfiguration.show_tracebacks=False",
    "--VoilaConfiguration.theme=light",
    "--VoilaExecutor.timeout=120",
    "--VoilaExecutor.iopub_timeout=30",
    # a closed tab leaves its kernel behind (Voilà's shutdown beacon is refused): cull them
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_connected=False",
    # a pupil gone for an hour gives the memory back
    "--ServerApp.shutdown_no_activity_timeout=3600",
]
c.Spawner.environment = {
    # the dashboard's "Spela med andra" tab: the tables are the hub's service, not the pupil's server
    "VANDATTA_TABLES_URL": f"/services/{TABLES}/vandatta/table",
}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.JupyterHub.concurrent_spawn_limit = 30  # a class signing in together

if USERS == "trial" and os.geteuid() == 0:
    # Servers run as the hub's user; as root (a CI machine, a container) Jupyter refuses to
    # start without being told.
    c.Spawner.args.append("--allow-root")


def _hand_out_lessons(spawner) -> None:
    """Copy the lessons and the dashboard to the pupil's ``~/vandatta`` the first time."""
    if USERS == "trial":
        home, owner = Path(spawner.home_dir), None
    else:
        account = pwd.getpwnam(spawner.user.name)
        home, owner = Path(account.pw_dir), (account.pw_uid, account.pw_gid)
    target = home / FOLDER
    if target.exists():
        return
    shutil.copytree(NOTEBOOKS, target, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    if owner is not None:  # copied by the hub (root): the pupil's own files
        for path in [target, *target.rglob("*")]:
            os.chown(path, *owner)


c.Spawner.pre_spawn_hook = _hand_out_lessons

# -- the tables: one service for the whole school ----------------------------------------------------
# Started and restarted by the hub, as the hub's user, in the hub's folder; signed-in pupils
# reach it through the proxy at /services/vandatta-tables/ (JupyterHub's OAuth: no page asking
# "allow?"), under their hub names. One process and one SQLite file (--db): run one of it,
# on one machine (the README says how far that goes). Pupils' servers share the hub's
# address: where pupils may put pages of their own in their server (JupyterLab lets them),
# give each server its own host (c.JupyterHub.subdomain_host), so that no such page can act
# at the tables with another pupil's sign-in.

c.JupyterHub.services = [
    {
        "name": TABLES,
        "display": True,  # in the hub's Services menu
        "url": f"http://127.0.0.1:{os.environ.get('VANDATTA_HUB_TABLES_PORT', '8082')}",
        "command": [
            sys.executable,
            "-m",
            "vandatta_widgets.server.hub",
            "--db",
            str(Path.cwd() / "vandatta-tables.sqlite"),
        ],
        "cwd": str(Path.cwd()),
        "oauth_no_confirm": True,
    }
]
c.JupyterHub.load_roles = [
    # every pupil may use the tables (the default user role's "self", and access to the service)
    {"name": "user", "scopes": ["self", f"access:services!service={TABLES}"]},
]

# -- the hub's own files -------------------------------------------------------------------------------

c.JupyterHub.db_url = f"sqlite:///{Path.cwd() / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(Path.cwd() / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(Path.cwd() / "jupyterhub-proxy.pid")
