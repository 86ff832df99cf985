"""Short sounds for a card laid, an ace and a round won, made in the browser (``sound.js``: Web
Audio oscillators, no sound files), with a mute switch the device remembers. Off until switched
on in classroom mode; nothing is played before the person has tapped or pressed something.

>>> cue = SoundCue(lang="en")
>>> cue.play("ace"); cue.cue
{'kind': 'ace', 'n': 1}
>>> cue.play("card"); cue.cue["n"]
2
>>> cue.play("fanfare")
Traceback (most recent call last):
...
ValueError: a sound is one of card, ace, win, not 'fanfare'
"""

from __future__ import annotations

from pathlib import Path

import anywidget
import traitlets as tr

from ..base.i18n import LANGS, t
from ..base.safe import BrowserGuard
from ..base.screen import Lang

__all__ = ["SoundCue", "CUES"]

_HERE = Path(__file__).resolve().parent
CUES = ("card", "ace", "win")


class SoundCue(BrowserGuard, anywidget.AnyWidget):
    """The sound switch, and the sounds the kernel asks for with :meth:`play` (the page keeps
    the switch's state; the kernel never learns it)."""

    _esm = _HERE / "sound.js"
    lang = Lang().tag(sync=True)
    classroom = tr.Bool(False).tag(sync=True)
    words = tr.Dict().tag(sync=True)
    cue = tr.Dict().tag(sync=True)  # {"kind": "card", "n": how many asked so far}

    def __init__(self, *, lang: str = "sv", **kwargs: object) -> None:
        words = {lg: {"on": t("sound_on", lg), "off": t("sound_off", lg)} for lg in LANGS}
        super().__init__(lang=lang, words=words, **kwargs)
        self.add_class("vd-sound-box")

    def play(self, kind: str) -> None:
        """Ask the page for a sound: ``"card"``, ``"ace"`` or ``"win"``."""
        if kind not in CUES:
            raise ValueError(f"a sound is one of {', '.join(CUES)}, not {kind!r}")
        self.cue = {"kind": kind, "n": self.cue.get("n", 0) + 1}
