"""The pupil's page for joining a class: the class code and a nickname first; then, when the
nickname is in the class (a child holding a printed sign-in card), their two pictures in order,
else two of nine new ones (:data:`vandatta_widgets.server.classes.PASSWORD_PICTURES`). On a hub
(``hub=True``: the visitor came through the hub's sign-in) no pictures at all: the hub's
sign-in is enough. The page keeps the device's sign-in (its token) in the browser's storage
under ``vandatta:class``; ``join.js`` does the rest.

>>> page = page_html(lang="en", base="/", code="AHCK7")
>>> "join.js" in page and "&quot;code&quot;: &quot;AHCK7&quot;" in page
True
>>> join_config(lang="sv", base="/", code=None, hub=True)["pictures"]  # the hub's sign-in instead
[]
"""

from __future__ import annotations

from ..base.i18n import LANGS, UI, t
from ..path.pictures import picture_name, picture_svg
from ..tables.page import shell_html
from .classes import PASSWORD_LENGTH, PASSWORD_PICTURES

__all__ = ["page_html", "join_config"]


def join_config(*, lang: str, base: str, code: str | None, hub: bool = False) -> dict:
    """What the script needs: the API's address, the pictures (drawn here; none on a hub), the
    words."""
    return {
        "lang": lang,
        "base": base,
        "code": code or "",
        "hub": hub,
        "length": PASSWORD_LENGTH,
        "pictures": [
            {"id": p, "name": picture_name(p, lang), "svg": picture_svg(p, lang, size=64)}
            for p in ([] if hub else PASSWORD_PICTURES)
        ],
        "words": {key: t(key, lang) for key in UI if key.startswith(("kj_", "kl_"))},
        "other": next(lg for lg in LANGS if lg != lang),
    }


def page_html(*, lang: str, base: str, code: str | None, hub: bool = False) -> str:
    static = base + "vandatta/join-static/"
    return shell_html(
        lang=lang,
        title=t("kj_title", lang),
        stylesheets=[static + "join.css"],
        root=("vd-join", "vd-join"),
        module=static + "join.js",
        mount="mount",
        config=join_config(lang=lang, base=base, code=code, hub=hub),
    )
