"""The score board of a match to 100 (S2): a table of totals per player after every round,
and a line chart of those totals drawn here as SVG (standard library only), with the 100
line marked and eliminated players labelled.

>>> import vandatta as v
>>> m = v.Match(players=3, seed=1)
>>> board = ScoreBoard(m, lang="en")
>>> "No rounds played yet" in board.html.value
True
>>> "100" in chart_svg([[0, 0], [30, 110]], names=["A", "B"], target=100, lang="en")
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

import ipywidgets as w

from vandatta.lang import check_lang

if TYPE_CHECKING:
    from vandatta import Match

from ..base.i18n import LANGS, counted, join_words, language_switch, t, term
from ..base.safe import HTML
from ..base.screen import Lang
from ..base.style import stylesheet
from .charts import (  # the same small SVG helpers as the lessons' charts
    svg_element,
    svg_number,
)

__all__ = ["ScoreBoard", "chart_svg", "score_table_html"]

# Okabe–Ito colours (told apart by every kind of colour vision), each with its own marker
# shape and dash pattern, so no line is known by colour alone.
_COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D31"]
_MARKERS = ["circle", "square", "triangle", "diamond", "down", "plus", "cross", "star"]
_DASHES = ["", "10 5", "3 4", "12 4 3 4", "6 3", "2 3", "14 6", "8 3 2 3"]
_FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_INK = "#222222"
_TARGET = "#8e1b2c"


def _marker(parent: ET.Element, kind: str, x: float, y: float, colour: str, r: float = 6.5) -> None:
    common = {"fill": colour, "stroke": "#fff", "stroke_width": 1.5}
    if kind == "circle":
        svg_element(parent, "circle", cx=x, cy=y, r=r, **common)
    elif kind == "square":
        svg_element(parent, "rect", x=x - r * 0.9, y=y - r * 0.9, width=r * 1.8, height=r * 1.8, **common)
    elif kind in ("triangle", "down"):
        s = -1 if kind == "triangle" else 1
        pts = f"{svg_number(x)},{svg_number(y + s * r * 1.15)} {svg_number(x - r * 1.1)},{svg_number(y - s * r * 0.75)} {svg_number(x + r * 1.1)},{svg_number(y - s * r * 0.75)}"
        svg_element(parent, "polygon", points=pts, **common)
    elif kind == "diamond":
        pts = f"{svg_number(x)},{svg_number(y - r * 1.25)} {svg_number(x + r)},{svg_number(y)} {svg_number(x)},{svg_number(y + r * 1.25)} {svg_number(x - r)},{svg_number(y)}"
        svg_element(parent, "polygon", points=pts, **common)
    elif kind in ("plus", "cross"):
        d = (
            f"M{svg_number(x - r)},{svg_number(y)}H{svg_number(x + r)}M{svg_number(x)},{svg_number(y - r)}V{svg_number(y + r)}"
            if kind == "plus"
            else f"M{svg_number(x - r)},{svg_number(y - r)}L{svg_number(x + r)},{svg_number(y + r)}M{svg_number(x - r)},{svg_number(y + r)}L{svg_number(x + r)},{svg_number(y - r)}"
        )
        svg_element(parent, "path", d=d, stroke=colour, stroke_width=3.5, stroke_linecap="round", fill="none")
    else:  # star
        corners = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r * 1.3 if k % 2 == 0 else r * 0.55
            corners.append(f"{svg_number(x + rr * math.cos(a))},{svg_number(y + rr * math.sin(a))}")
        svg_element(parent, "polygon", points=" ".join(corners), **common)


def _text_width(text: str, size: float) -> float:
    """A generous estimate of the width of bold DejaVu Sans text."""
    width = 0.0
    for ch in text:
        width += (
            0.72 if ch.isupper() or ch in "★–" else 0.66 if ch.isdigit() else 0.38 if ch in " il.,:" else 0.64
        )
    return width * size


def _nice_step(span: float) -> int:
    for step in (10, 20, 25, 50, 100, 200, 250, 500):
        if span / step <= 7:
            return step
    return 1000


def _spread(ys: list[float], gap: float, low: float, high: float) -> list[float]:
    """Move label positions apart (at least ``gap``), keeping them between low and high
    where there is room."""
    order = sorted(range(len(ys)), key=lambda i: ys[i])
    out = list(ys)
    prev = low - gap
    for i in order:
        out[i] = max(out[i], prev + gap)
        prev = out[i]
    nxt = high + gap
    for i in reversed(order):
        out[i] = min(out[i], nxt - gap)
        nxt = out[i]
    return out


def chart_svg(
    history: Sequence[Sequence[int]],
    *,
    names: Sequence[str],
    target: int = 100,
    lang: str = "sv",
    winners: Sequence[int] = (),
    width: int = 720,
    height: int = 380,
) -> str:
    """A line chart of the totals after each round (``history[r][p]``: player ``p``'s total
    after round ``r + 1``), starting from 0; the ``target`` line is marked, a player who
    reached it is labelled "out" at that round, ``winners`` get a ★."""
    check_lang(lang)
    players = len(names)
    rows = [[0] * players, *[list(r) for r in history]]
    for row in rows:
        if len(row) != players:
            raise ValueError("every row of history needs one total per player")
    rounds = len(rows) - 1
    labels = []
    for p in range(players):
        out_at = next((r for r in range(1, rounds + 1) if rows[r][p] >= target), None)
        last = out_at if out_at is not None else rounds
        text = f"{names[p]} {rows[last][p]}"
        if out_at is not None and p not in winners:
            text += " – " + t("pt_out_short", lang)
        if p in winners:
            text = "★ " + text
        labels.append((text, out_at, last))
    widest = max((_text_width(text, 16.0) for text, _, _ in labels), default=0.0)
    left, right, top, bottom = 62.0, max(110.0, widest + 44.0), 40.0, 58.0
    pw, ph = width - left - right, height - top - bottom
    highest = max([target, *[v for r in rows for v in r]])
    step = _nice_step(highest * 1.1)
    ymax = step * math.ceil(highest * 1.08 / step)
    if ymax <= target:
        ymax = target + step

    def x_of(r: int) -> float:
        return left + (pw * r / rounds if rounds else pw / 2)

    def y_of(v: float) -> float:
        return top + ph * (1 - v / ymax)

    title = t("pt_chart_title", lang)
    root = svg_element(
        None,
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=str(width),
        height=str(height),
        viewBox=f"0 0 {width} {height}",
        role="img",
        aria_label=title,
        font_family=_FONT,
    )
    root.set("class", "vd-chart")
    svg_element(root, "title", title)
    svg_element(root, "rect", x=0.0, y=0.0, width=str(width), height=str(height), fill="#fff", rx=10.0)
    svg_element(root, "text", title, x=left, y=26.0, font_size=19.0, font_weight="bold", fill=_INK)
    # grid and axes
    grid = svg_element(root, "g", class_="vd-grid")
    v = 0
    while v <= ymax:
        y = y_of(v)
        svg_element(grid, "line", x1=left, x2=left + pw, y1=y, y2=y, stroke="#d0d0d0", stroke_width=1.0)
        svg_element(grid, "text", str(v), x=left - 8, y=y + 6, font_size=16.0, text_anchor="end", fill="#444")
        v += step
    for r in range(rounds + 1):
        x = x_of(r)
        svg_element(grid, "line", x1=x, x2=x, y1=top + ph, y2=top + ph + 6, stroke="#444", stroke_width=1.5)
        label = t("pt_start_short", lang) if r == 0 else str(r)
        svg_element(
            grid, "text", label, x=x, y=top + ph + 24, font_size=16.0, text_anchor="middle", fill="#444"
        )
    svg_element(
        grid,
        "text",
        t("round", lang),
        x=left + pw / 2,
        y=height - 8.0,
        font_size=17.0,
        text_anchor="middle",
        fill=_INK,
    )
    svg_element(
        root, "line", x1=left, x2=left + pw, y1=top + ph, y2=top + ph, stroke="#444", stroke_width=1.5
    )
    svg_element(root, "line", x1=left, x2=left, y1=top, y2=top + ph, stroke="#444", stroke_width=1.5)
    # the target line
    ty = y_of(target)
    tg = svg_element(root, "g", class_="vd-target")
    svg_element(
        tg,
        "line",
        x1=left,
        x2=left + pw,
        y1=ty,
        y2=ty,
        stroke=_TARGET,
        stroke_width=3.0,
        stroke_dasharray="9 5",
    )
    svg_element(
        tg,
        "text",
        t("pt_target_line", lang, n=target),
        x=left + 6,
        y=ty - 7,
        font_size=16.0,
        font_weight="bold",
        fill=_TARGET,
    )
    # one line per player; after reaching the target the player is out and the line stops
    label_ys, label_texts, ends = [], [], []
    for p in range(players):
        colour, marker, dash = _COLOURS[p % 8], _MARKERS[p % 8], _DASHES[p % 8]
        text, out_at, last = labels[p]
        g = svg_element(root, "g", class_="vd-line")
        g.set("data-player", str(p))
        svg_element(g, "title", f"{names[p]}: {rows[last][p]}")
        pts = " ".join(f"{svg_number(x_of(r))},{svg_number(y_of(rows[r][p]))}" for r in range(last + 1))
        attrs = {"stroke_dasharray": dash} if dash else {}
        svg_element(
            g,
            "polyline",
            points=pts,
            fill="none",
            stroke=colour,
            stroke_width=3.5,
            stroke_linejoin="round",
            **attrs,
        )
        for r in range(last + 1):
            _marker(g, marker, x_of(r), y_of(rows[r][p]), colour)
        ends.append((x_of(last), y_of(rows[last][p]), colour, marker))
        label_ys.append(y_of(rows[last][p]))
        label_texts.append((text, colour, p))
    placed = _spread(label_ys, 21.0, top, top + ph + 10)
    for (text, colour, p), y, (x_end, y_end, _, _kind) in zip(label_texts, placed, ends):
        lx = left + pw + 16
        g = svg_element(root, "g", class_="vd-label")
        g.set("data-player", str(p))
        if x_end < left + pw - 1:  # an eliminated player's line stopped early: lead the eye
            svg_element(
                g,
                "line",
                x1=x_end + 8,
                x2=lx - 4,
                y1=y_end,
                y2=y,
                stroke=colour,
                stroke_width=1.2,
                stroke_dasharray="2 3",
            )
        else:
            svg_element(g, "line", x1=x_end + 8, x2=lx - 4, y1=y_end, y2=y, stroke=colour, stroke_width=1.2)
        _marker(g, _MARKERS[p % 8], lx + 6, y, colour, r=5.5)
        svg_element(
            g,
            "text",
            text,
            x=lx + 16,
            y=y + 6,
            font_size=16.0,
            font_weight="bold",
            fill=colour if colour != "#E69F00" else "#9a6700",
        )
    return ET.tostring(root, encoding="unicode")


def score_table_html(
    history: Sequence[Sequence[int]],
    *,
    names: Sequence[str],
    target: int = 100,
    lang: str = "sv",
    winners: Sequence[int] = (),
    alive: Sequence[int] | None = None,
    places: Sequence[Sequence[int | None]] | None = None,
) -> str:
    """An HTML table: one row per player, the total after each round (with that round's
    points, and under rule O10 the place each player took in it), the total now, and who is
    out of the game or has won."""
    check_lang(lang)
    players = len(names)
    if not history:
        return f'<p class="vd-no-rounds">{escape(t("pt_no_rounds", lang))}</p>'
    # the looks are style.css's (.vd-score-table): one place for them
    head = f'<th class="vd-score-name">{escape(t("pt_player_col", lang))}</th>'
    for r in range(len(history)):
        head += f'<th title="{escape(t("round", lang))} {r + 1}">{r + 1}</th>'
    head += f"<th>{escape(t('total', lang))}</th>"
    body = []
    final = history[-1]
    for p in range(players):
        status = ""
        if p in winners:
            status = f'<div class="vd-win">★ {escape(t("pt_winner_word", lang))}</div>'
        elif final[p] >= target or (alive is not None and p not in alive):
            status = f'<div class="vd-out">✕ {escape(t("out_of_game", lang))}</div>'
        row = f'<td class="vd-score-name">{escape(names[p])}{status}</td>'
        prev = 0
        for r in range(len(history)):
            total = history[r][p]
            gained = total - prev
            prev = total
            place = places[r][p] if places is not None and r < len(places) else None
            where = (
                f'<div class="vd-score-place">{escape(t("pt_place", lang, n=place))}</div>' if place else ""
            )  # rule O10
            row += f'<td>{total}<div class="vd-score-gained">+{gained}</div>{where}</td>'
        row += f'<td class="vd-score-total">{final[p]}</td>'
        body.append(f'<tr data-player="{p}">{row}</tr>')
    caption = f'<p class="vd-score-caption">{escape(t("pt_totals_caption", lang))}</p>'
    return (
        f'{caption}<div class="vd-score-scroll"><table class="vd-score-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>"
    )


class ScoreBoard(w.VBox):
    """The match to 100: a table of totals per player per round and a chart of the totals
    round by round (``vandatta.Match.history()``). Call :meth:`update` after each round.

    ``names`` label the match's players (default "Spelare 1" … / "Player 1" …);
    ``language_switch=False`` leaves the sv/en switch out (a play table carries its own).
    """

    lang = Lang()

    def __init__(
        self,
        match: Match | None = None,
        *,
        lang: str = "sv",
        names: Sequence[str] | None = None,
        language_switch: bool = True,
        **kwargs: object,
    ):
        super().__init__(**kwargs)
        self.add_class("vd-scoreboard")
        self.add_class("vd-ui")
        self.match = match
        self.names = list(names) if names is not None else None
        self.title = HTML()
        self.html = HTML(layout=w.Layout(max_width="100%"))
        self.switch = _switch(lang) if language_switch else None
        head = [self.title] + ([self.switch] if self.switch is not None else [])
        self.children = [
            stylesheet(),
            w.HBox(head, layout=w.Layout(justify_content="space-between", align_items="center")),
            self.html,
        ]
        self.lang = lang
        if self.switch is not None:
            self.switch.observe(self._on_switch, names="value")
        self.observe(lambda _: self._render(), names="lang")
        self._render()

    def _on_switch(self, change: dict) -> None:
        if change["new"] in LANGS:
            self.lang = change["new"]

    def update(
        self, match: Match | None = None, *, lang: str | None = None, names: Sequence[str] | None = None
    ) -> None:
        """Redraw for ``match`` (default: the one given before)."""
        if match is not None:
            self.match = match
        if names is not None:
            self.names = list(names)
        if lang is not None and lang != self.lang:
            self.lang = lang  # redraws
            return
        self._render()

    def _player_names(self, players: int) -> list[str]:
        if self.names is not None and len(self.names) == players:
            return self.names
        return [term("player", self.lang, n=p + 1, capital=True) for p in range(players)]

    def _render(self) -> None:
        lang = self.lang
        if self.switch is not None and self.switch.value != lang:
            self.switch.value = lang
        self.title.value = f'<h3 class="vd-score-title">{escape(t("pt_scoreboard_title", lang))}</h3>'
        m = self.match
        if m is None:
            self.html.value = f'<p class="vd-no-rounds">{escape(t("pt_no_rounds", lang))}</p>'
            return
        history = m.history()
        names = self._player_names(m.players)
        target = getattr(m, "target", 100)
        winners = list(m.winners)
        places = m.places() if m.rules.play_for_places else None  # rule O10
        table = score_table_html(
            history, names=names, target=target, lang=lang, winners=winners, places=places
        )
        chart = chart_svg(history, names=names, target=target, lang=lang, winners=winners)
        banner = ""
        if winners:
            who = join_words([names[p] for p in winners], lang)
            over = counted("match_over", len(winners), lang, players=who)
            banner = f'<div class="vd-match-over">★ {escape(over)}</div>'
        self.html.value = (
            f'<div class="vd-score">{banner}{table}<div class="vd-chart-box">{chart}</div></div>'
        )


def _switch(lang: str) -> w.ToggleButtons:
    return language_switch(lang)
