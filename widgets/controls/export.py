"""Download links for a game: the record (JSON) and the narration (text), as ``data:`` URIs
in one HTML widget. Voilà serves no files beside a notebook, so the content travels in the
link itself and the browser saves it when the link is clicked.

>>> from vandatta.ai.simulate import play_random_game
>>> links = ExportLinks(play_random_game(2, seed=3), lang="sv")
>>> "download=" in links.value and "data:application/json;charset=utf-8;base64," in links.value
True
>>> "Spara omgången (JSON)" in links.value
True
>>> links.update(lang="en"); "Save the round (JSON)" in links.value
True
"""

from __future__ import annotations

import base64
import html
import json
from typing import Any

from vandatta import Game
from vandatta.record import narrate, write_record

from ..base.i18n import t
from ..base.safe import HTML

__all__ = ["ExportLinks", "data_uri", "download_link", "record_json", "narration_text"]


def data_uri(text: str, mime: str) -> str:
    """``text`` as a base64 ``data:`` URI of type ``mime`` in UTF-8."""
    payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return f"data:{mime};charset=utf-8;base64,{payload}"


def download_link(text: str, *, filename: str, label: str, mime: str, tooltip: str = "") -> str:
    """An ``<a download>`` that saves ``text`` as ``filename`` when clicked."""
    return (
        f'<a class="vd-download" download="{html.escape(filename)}" href="{data_uri(text, mime)}" '
        f'title="{html.escape(tooltip)}">↓ {html.escape(label)}</a>'
    )


def record_json(game: Game) -> str:
    """The game's record as JSON text (UTF-8, suits as ♠ ♥ ♦ ♣)."""
    return json.dumps(write_record(game), ensure_ascii=False, indent=1) + "\n"


def narration_text(game: Game, *, lang: str = "sv", hidden: bool = False) -> str:
    """The game told move by move (:func:`vandatta.record.narrate`), one line per move."""
    return "\n".join(narrate(game, lang=lang, hidden=hidden)) + "\n"


class ExportLinks(HTML):
    """Two download links: the record and the narration in the current language.

    ``hidden=True`` leaves the drawn cards out of the narration (one seat's view). The
    record is made once; each narration once per language and view.
    """

    def __init__(self, game: Game, *, lang: str = "sv", hidden: bool = False, **kwargs: Any) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"ExportLinks needs a vandatta.Game, not {type(game).__name__}")
        kwargs["_dom_classes"] = (*kwargs.get("_dom_classes", ()), "vd-export")
        super().__init__(**kwargs)
        self._game = game
        self._record: str | None = None
        self._narrations: dict[tuple[str, bool], str] = {}
        self._lang = lang
        self._hidden = hidden
        self.update(lang=lang, hidden=hidden)

    @property
    def filename_stem(self) -> str:
        return f"vandatta-{self._game.seed}"

    def update(self, *, lang: str | None = None, hidden: bool | None = None) -> None:
        """Rebuild the links for ``lang`` and ``hidden`` (unchanged when ``None``)."""
        if lang is not None:
            t("export_record", lang)  # validates the language
            self._lang = lang
        if hidden is not None:
            self._hidden = bool(hidden)
        lang, hidden = self._lang, self._hidden
        if self._record is None:
            self._record = record_json(self._game)
        key = (lang, hidden)
        if key not in self._narrations:
            self._narrations[key] = narration_text(self._game, lang=lang, hidden=hidden)
        stem = self.filename_stem
        self.value = (
            '<div class="vd-export-links">'
            + download_link(
                self._record,
                filename=f"{stem}.json",
                label=t("export_record", lang),
                mime="application/json",
                tooltip=t("export_record_tip", lang),
            )
            + download_link(
                self._narrations[key],
                filename=f"{stem}-{lang}.txt",
                label=t("export_narration", lang),
                mime="text/plain",
                tooltip=t("export_narration_tip", lang),
            )
            + "</div>"
        )
