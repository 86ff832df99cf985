"""The dashboard's "Spela med andra" / "Play with others" tab: the tables' own page mounted in
a widget (its front end, ``tab.js``, loads ``client.js`` from the server the dashboard runs in,
so a page of the dashboard plays at a table exactly as the table's own address does).

>>> tab = TablesTab(lang="en")
>>> tab.words["tbc_join"]
{'sv': 'Gå med', 'en': 'Join'}
>>> tab.lang = "sv"; tab.lang
'sv'

The kernel takes no part in the game: the page talks to the tables on the server
(:mod:`vandatta_widgets.server.table_handlers`), which sends it only what its seat may see.
"""

from __future__ import annotations

import os
from pathlib import Path

import anywidget
import traitlets as tr

from vandatta.lang import check_lang

from ..base.safe import BrowserGuard
from ..base.screen import Lang
from .page import client_config

__all__ = ["TablesTab", "tables_base"]

_HERE = Path(__file__).resolve().parent


def tables_base() -> str:
    """Where the tables and the class answering live: on a school's JupyterHub the hub's
    service (deploy/jupyterhub; its address comes in the environment), else "" (the page's
    own server)."""
    url = os.environ.get("VANDATTA_TABLES_URL", "")
    return url.removesuffix("vandatta/table") if url.endswith("vandatta/table") else ""


class TablesTab(BrowserGuard, anywidget.AnyWidget):
    """The tables' page in the dashboard; ``lang`` follows the dashboard's switch."""

    _esm = _HERE / "tab.js"
    lang = Lang().tag(sync=True)
    base = tr.Unicode("").tag(sync=True)  # "" : the page's own server
    words = tr.Dict().tag(sync=True)

    def __init__(self, *, lang: str = "sv", **kwargs: object) -> None:
        check_lang(lang)
        words = client_config(lang=lang, base="/")["words"]
        super().__init__(lang=lang, base=tables_base(), words=words, **kwargs)
