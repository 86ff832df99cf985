"""Read-aloud: a button that reads a text with the browser's own speech (``speech.js``, the Web
Speech API's ``speechSynthesis``), in Swedish with an sv-SE voice or in English. Nothing leaves
the device; where it has no voice for the language the button is hidden.

>>> button = ReadAloud(lang="en")
>>> button.say("<p>Lay a <b>seven</b> &amp; win.</p>"); button.text
'Lay a seven & win.'
>>> button.labels["sv"], button.labels["en"]
('Läs upp', 'Read aloud')
>>> button.set_state({"text": "something else"}); button.text  # the page writes nothing
'Lay a seven & win.'
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import anywidget
import traitlets as tr

from ..base.i18n import LANGS, t
from ..base.safe import BrowserGuard
from ..base.screen import Lang

__all__ = ["ReadAloud", "plain_text"]

_HERE = Path(__file__).resolve().parent
_UNSAID = str.maketrans(dict.fromkeys("✔✘✓✗★☆◆▶◀❙❚⚠↓", " "))


def _is_chip(attrs: list) -> bool:
    # a rule's or a word's chip (vandatta_widgets.base.chips): tapped to be read, not read out with the text
    return any(name == "class" and "vd-chip" in (value or "").split() for name, value in attrs)


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in ("style", "script", "svg") or (tag == "details" and _is_chip(attrs)):
            self.skip += 1
        elif tag in ("p", "li", "br", "div", "h1", "h2", "h3"):
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script", "svg", "details") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def plain_text(fragment: str) -> str:
    """The words of an HTML fragment as one line (pictures, styles and scripts left out).

    >>> plain_text('<h2>Tips</h2><p>Lägg <span class="vd-rule">R4</span> 7♥.</p><svg><text>7</text></svg>')
    'Tips Lägg R4 7♥.'
    >>> plain_text('<p>Samma valör.</p><details class="vd-chip vd-chip-rule"><summary>R4</summary>Lägg …</details>')
    'Samma valör.'
    """
    parser = _Text()
    parser.feed(fragment)
    parser.close()
    return " ".join("".join(parser.parts).split())


class ReadAloud(BrowserGuard, anywidget.AnyWidget):
    """The "Läs upp" / "Read aloud" button for one text (set with :meth:`say`, HTML or plain)."""

    _esm = _HERE / "speech.js"
    lang = Lang().tag(sync=True)
    text = tr.Unicode("").tag(sync=True)
    labels = tr.Dict().tag(sync=True)

    def __init__(self, *, lang: str = "sv", **kwargs: object) -> None:
        super().__init__(lang=lang, labels={lg: t("read_aloud", lg) for lg in LANGS}, **kwargs)
        self.add_class("vd-read-aloud-box")

    def say(self, fragment: str) -> None:
        """The text the button reads from now on (HTML is reduced to its words, the marks that
        only decorate it left out: a voice would say "heavy check mark").

        >>> button = ReadAloud(lang="en"); button.say("<b>✔ Right!</b> ▶ Your turn"); button.text
        'Right! Your turn'
        """
        self.text = " ".join(plain_text(fragment).translate(_UNSAID).split())

    def follow(self, *views: tr.HasTraits) -> ReadAloud:
        """Read what ``views`` (HTML widgets: an instruction, an explanation) show, kept up to
        date as their ``value`` changes; returns the button.

        >>> from vandatta_widgets.base.safe import HTML
        >>> task, feedback = HTML("<p>Lägg ett kort.</p>"), HTML("")
        >>> button = ReadAloud().follow(task, feedback)
        >>> feedback.value = "<b>Rätt!</b>"; button.text
        'Lägg ett kort. Rätt!'
        """

        def again(_change: object = None) -> None:
            self.say(" ".join(str(getattr(view, "value", "")) for view in views))

        for view in views:
            view.observe(again, names="value")
        again()
        return self
