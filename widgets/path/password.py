"""Two of nine pictures in order, the picture password of a class (as the class's join page,
``widgets/server/join.js``, asks for it), for the path's "Gå med i en klass" step: one
anywidget drawing the nine pictures as big buttons, so a child taps pictures, not words.

The browser writes only :attr:`PicturePassword.chosen`, checked here: pictures of the nine,
different, at most two, in the order tapped.

>>> box = PicturePassword(lang="en")
>>> box.set_state({"chosen": ["owl", "owl", "dragon", "fox", "cat"]})
>>> box.chosen
['owl', 'fox']
>>> box.set_state({"pictures": []}); len(box.pictures)
9
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets

from ..base.i18n import t
from ..base.safe import BrowserGuard
from ..learner.profiles import PICTURES
from .pictures import picture_name, picture_svg

__all__ = ["PicturePassword", "PASSWORD_PICTURES", "PASSWORD_LENGTH"]

_HERE = Path(__file__).resolve().parent

# the server's vandatta_widgets.server.classes.PASSWORD_PICTURES and PASSWORD_LENGTH (a test compares)
PASSWORD_PICTURES = PICTURES[:9]
PASSWORD_LENGTH = 2


class PicturePassword(BrowserGuard, anywidget.AnyWidget):
    """The nine pictures; :attr:`chosen` the ones tapped, in order."""

    _esm = _HERE / "password.js"
    _css = _HERE / "password.css"
    browser_writable = frozenset({"chosen"})

    pictures: traitlets.List[dict] = traitlets.List().tag(sync=True)  # [{"id", "name", "svg"}] drawn here
    words: traitlets.Dict[str, str] = traitlets.Dict().tag(sync=True)
    chosen = traitlets.List(traitlets.Unicode()).tag(sync=True)

    def __init__(self, *, lang: str = "sv", **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.relabel(lang)

    def relabel(self, lang: str) -> None:
        self.pictures = [
            {"id": p, "name": picture_name(p, lang), "svg": picture_svg(p, lang, size=56)}
            for p in PASSWORD_PICTURES
        ]
        self.words = {key: t(key, lang) for key in ("kj_pictures", "kj_first", "kj_second", "kj_again")}

    @traitlets.validate("chosen")
    def _checked(self, proposal: dict) -> list[str]:
        kept: list[str] = []
        for picture in proposal["value"] if isinstance(proposal["value"], list) else []:
            if picture in PASSWORD_PICTURES and picture not in kept and len(kept) < PASSWORD_LENGTH:
                kept.append(picture)
        return kept
