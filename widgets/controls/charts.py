"""Small SVG charts for the simulation lesson (standard library only — no matplotlib), and a
progress bar that a tournament's ``progress(done, total)`` callback can drive.

>>> c = bar_chart(["expert", "random"], [0.6, 0.1], intervals=[(0.5, 0.7), (0.05, 0.2)], title="Wins")
>>> c.svg.startswith("<svg") and "expert" in c.svg and "60 %" in c.svg
True
>>> p = Progress(total=10, lang="en")
>>> p.update(4, 10); p.bar.value, p.label.value
(4, '4 of 10 done')

Every picture carries a ``<title>`` and a ``<desc>`` with its numbers, so a screen reader (and
a test) can read it; values are written on the bars and at the ends of the lines, so nothing
is told by colour alone.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

import ipywidgets as w

from vandatta import svg as engine_svg
from vandatta.ai.simulate import wilson
from vandatta.lang import check_lang
from vandatta.messages import TERMS

from ..base.i18n import t, term
from ..base.safe import Label

if TYPE_CHECKING:
    from vandatta import Match
    from vandatta.ai.review import Review

__all__ = [
    "Chart",
    "bar_chart",
    "line_chart",
    "win_chart",
    "points_chart",
    "seat_chart",
    "review_chart",
    "Progress",
    "player_label",
]

# Okabe–Ito: told apart by every kind of colour vision; lines also get their own dash pattern.
COLOURS = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#8C6D31"]
DASHES = ["", "10 5", "3 4", "12 4 3 4", "6 3", "2 3", "14 6", "8 3 2 3"]
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
INK = "#222222"
GRID = "#d8d8d8"
TARGET = "#8e1b2c"


def svg_number(x: float) -> str:
    """A number for a chart's attribute: one decimal is enough at a chart's size."""
    return engine_svg.svg_number(x, places=1)


def svg_element(
    parent: ET.Element | None, tag: str, text: str | None = None, /, **attrs: object
) -> ET.Element:
    """The engine's :func:`vandatta.svg.svg_element`, its numbers to one decimal."""
    shortened = {
        name: svg_number(value) if isinstance(value, float) else value for name, value in attrs.items()
    }
    return engine_svg.svg_element(parent, tag, text, **shortened)


def _y_grid(
    root: ET.Element,
    levels: Iterable[float],
    y_of: Callable[[float], float],
    *,
    left: float,
    width: float,
    label: Callable[[float], str],
) -> None:
    """A grid line across the plot at each of ``levels``, named at the left by ``label``."""
    for k in levels:
        y = y_of(k)
        svg_element(root, "line", x1=left, x2=left + width, y1=y, y2=y, stroke=GRID, stroke_width=1)
        svg_element(root, "text", label(k), x=left - 8, y=y + 5, font_size=14, text_anchor="end", fill=INK)


def _steps(top: float, step: float) -> list[float]:
    """0, step, 2·step, … up to ``top`` (a little over, for rounding)."""
    out, k = [], 0.0
    while k <= top + 1e-9:
        out.append(k)
        k += step
    return out


def _y_label(root: ET.Element, text: str, middle: float) -> None:
    """The y axis's label, turned to read upwards along the axis at height ``middle``."""
    svg_element(
        root,
        "text",
        text,
        x=18,
        y=middle,
        font_size=15,
        text_anchor="middle",
        fill=INK,
        transform=f"rotate(-90 18 {svg_number(middle)})",
    )


def _nice_step(span: float, ticks: int = 5) -> float:
    raw = max(span, 1e-9) / ticks
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * power:
            return m * power
    return 10 * power  # pragma: no cover


class Chart:
    """An SVG picture that shows itself in a notebook; ``svg`` is the text.

    JupyterLab and Voilà show an ``image/svg+xml`` output as an ``<img>`` of the drawing's own
    width, wider than a phone; so the chart is shown as HTML holding the SVG inline, which
    shrinks to the width there is (its ``max-width:100%``), and offers the SVG besides."""

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return f'<div class="vd-chart" style="max-width:100%">{self.svg}</div>'

    def __str__(self) -> str:
        return self.svg


def _root(width: int, height: int, title: str, desc: str, *, lines: Sequence[str] = ()) -> ET.Element:
    root = svg_element(
        None,
        "svg",
        xmlns="http://www.w3.org/2000/svg",
        width=width,
        height=height,
        viewBox=f"0 0 {width} {height}",
        role="img",
        font_family=FONT,
        style="max-width:100%;height:auto",
    )
    root.set("aria-label", title)
    svg_element(root, "title", title)
    svg_element(root, "desc", desc)
    svg_element(root, "rect", x=0, y=0, width=width, height=height, fill="#ffffff")
    for n, line in enumerate(lines or [title]):  # ``lines``: the title wrapped
        svg_element(root, "text", line, x=16, y=28 + 24 * n, font_size=19, font_weight="bold", fill=INK)
    return root


def _wrap(label: str, room: float, size: float) -> list[str]:
    """``label`` on one line, or on two (split at the space nearest its middle) when it would
    be wider than ``room`` at font size ``size`` (an average letter is about 0.6 em wide)."""
    if len(label) * 0.6 * size <= room or " " not in label:
        return [label]
    spaces = [i for i, c in enumerate(label) if c == " "]
    cut = min(spaces, key=lambda i: abs(i - len(label) / 2))
    return [label[:cut], label[cut + 1 :]]


def _fmt(value: float, percent: bool) -> str:
    return f"{100 * value:.0f} %" if percent else svg_number(value)


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    intervals: Sequence[tuple[float, float]] | None = None,
    title: str = "",
    ylabel: str = "",
    percent: bool = True,
    note: str = "",
    reference: float | None = None,
    reference_label: str = "",
    width: int = 680,
    height: int = 360,
) -> Chart:
    """Bars with optional error bars (``intervals``: ``(low, high)`` per bar, e.g. a 95 %
    confidence interval). ``percent=True`` reads values as shares (0–1). ``reference`` draws
    a dashed line across the bars at that value (50 %: "equally good"), named by
    ``reference_label`` in a legend line under the bars."""
    if len(labels) != len(values) or not labels:
        raise ValueError("bar_chart needs one value per label, and at least one")
    if intervals is not None and len(intervals) != len(values):
        raise ValueError("bar_chart needs one interval per value")
    for v in values:
        if not isinstance(v, (int, float)) or not math.isfinite(v) or v < 0:
            raise ValueError(f"bar values must be non-negative numbers, not {v!r}")
    if reference is not None and (not math.isfinite(reference) or reference < 0):
        raise ValueError(f"the reference line must be a non-negative number, not {reference!r}")
    highs = [hi for _, hi in intervals] if intervals else []
    top = max([*values, *highs, reference or 0.0, 1e-9])
    if percent:
        top = min(1.0, top)
    step = _nice_step(top * 1.1)
    ymax = step * math.ceil(top * 1.1 / step)
    title_lines = _wrap(title, width - 32, 19 * 1.1)  # (bold letters are wider)
    left, right, upper = 70.0, 24.0, 56.0 + 24 * (len(title_lines) - 1)
    slot = (width - left - right) / len(values)
    label_lines = [_wrap(label, slot, 16) for label in labels]
    extra = 20 * (max(len(lines) for lines in label_lines) - 1) + 24 * (len(title_lines) - 1)
    lower = 64.0 + extra + (22 if note else 0) + (24 if reference_label else 0)
    height += extra
    pw, ph = width - left - right, height - upper - lower
    desc = "; ".join(
        f"{lab}: {_fmt(v, percent)}" + (f" ({_fmt(lo, percent)}–{_fmt(hi, percent)})" if intervals else "")
        for lab, v, (lo, hi) in zip(labels, values, intervals or [(0.0, 0.0)] * len(values))
    )
    root = _root(width, height, title, desc, lines=title_lines)

    def y_of(v: float) -> float:
        return upper + ph * (1 - v / ymax)

    _y_grid(root, _steps(ymax, step), y_of, left=left, width=pw, label=lambda k: _fmt(k, percent))
    if ylabel:
        _y_label(root, ylabel, upper + ph / 2)
    bar_w = min(110.0, slot * 0.6)
    for i, value in enumerate(values):
        cx = left + slot * (i + 0.5)
        g = svg_element(root, "g", class_="vd-bar")
        svg_element(g, "title", desc.split("; ")[i])
        y = y_of(value)
        svg_element(
            g,
            "rect",
            x=cx - bar_w / 2,
            y=y,
            width=bar_w,
            height=upper + ph - y,
            fill=COLOURS[i % len(COLOURS)],
            opacity=0.85,
        )
        label_y = y - 8
        if intervals:
            lo, hi = intervals[i]
            y_lo, y_hi = y_of(lo), y_of(hi)
            for x1, x2, y1, y2 in (
                (cx, cx, y_lo, y_hi),
                (cx - 12, cx + 12, y_lo, y_lo),
                (cx - 12, cx + 12, y_hi, y_hi),
            ):
                svg_element(g, "line", x1=x1, x2=x2, y1=y1, y2=y2, stroke=INK, stroke_width=2.5)
            label_y = min(label_y, y_hi - 8)
        svg_element(
            g,
            "text",
            _fmt(value, percent),
            x=cx + (18 if intervals else 0),
            y=label_y,
            font_size=16,
            font_weight="bold",
            text_anchor="start" if intervals else "middle",
            fill=INK,
        )
        for n, line in enumerate(label_lines[i]):
            svg_element(
                root,
                "text",
                line,
                x=cx,
                y=upper + ph + 24 + 20 * n,
                font_size=16,
                text_anchor="middle",
                fill=INK,
            )
    if reference is not None:  # over the bars, dashed, so it reads on any bar colour
        y = y_of(reference)
        marker = svg_element(root, "g", class_="vd-reference")
        if reference_label:
            svg_element(marker, "title", reference_label)
        dashed = {"stroke": INK, "stroke_width": 2, "stroke_dasharray": "8 6"}
        svg_element(
            marker, "line", x1=left, x2=left + pw, y1=y, y2=y, stroke="#ffffff", stroke_width=5, opacity=0.8
        )
        svg_element(marker, "line", x1=left, x2=left + pw, y1=y, y2=y, **dashed)
        if (
            reference_label
        ):  # named in a legend line under the bars' labels, where no bar or value can hide it
            ly = height - 14 - (22 if note else 0)
            svg_element(marker, "line", x1=left, x2=left + 38, y1=ly - 5, y2=ly - 5, **dashed)
            svg_element(marker, "text", reference_label, x=left + 46, y=ly, font_size=14, fill=INK)
    svg_element(
        root, "line", x1=left, x2=left + pw, y1=upper + ph, y2=upper + ph, stroke=INK, stroke_width=1.5
    )
    if note:
        svg_element(root, "text", note, x=left, y=height - 14, font_size=14, fill="#555555")
    return Chart(ET.tostring(root, encoding="unicode"))


def line_chart(
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    title: str = "",
    xlabel: str = "",
    ylabel: str = "",
    target: float | None = None,
    target_label: str = "",
    width: int = 720,
    height: int = 380,
) -> Chart:
    """Lines over x = 0, 1, 2, …: ``series`` is ``[(label, values), …]``. A ``target`` line
    (the 100 of the game to 100) is drawn dashed. Each line ends in its label and value."""
    if not series or any(len(vals) == 0 for _, vals in series):
        raise ValueError("line_chart needs at least one non-empty series")
    longest = max(len(vals) for _, vals in series)
    highest = max([*(v for _, vals in series for v in vals), target or 0, 1e-9])
    step = _nice_step(highest * 1.05)
    ymax = step * math.ceil(highest * 1.05 / step)
    left, right, upper, lower = 70.0, 170.0, 56.0, 60.0
    pw, ph = width - left - right, height - upper - lower
    desc = "; ".join(f"{label}: " + ", ".join(svg_number(v) for v in vals) for label, vals in series)
    root = _root(width, height, title, desc)

    def x_of(i: float) -> float:
        return left + (pw * i / (longest - 1) if longest > 1 else pw / 2)

    def y_of(v: float) -> float:
        return upper + ph * (1 - v / ymax)

    _y_grid(root, _steps(ymax, step), y_of, left=left, width=pw, label=svg_number)
    every = max(1, math.ceil(longest / 12))
    for i in range(0, longest, every):
        svg_element(
            root, "text", str(i), x=x_of(i), y=upper + ph + 22, font_size=14, text_anchor="middle", fill=INK
        )
    if xlabel:
        svg_element(
            root, "text", xlabel, x=left + pw / 2, y=height - 12, font_size=15, text_anchor="middle", fill=INK
        )
    if ylabel:
        _y_label(root, ylabel, upper + ph / 2)
    if target is not None:
        y = y_of(target)
        svg_element(
            root,
            "line",
            x1=left,
            x2=left + pw,
            y1=y,
            y2=y,
            stroke=TARGET,
            stroke_width=2,
            stroke_dasharray="8 5",
        )
        svg_element(
            root, "text", target_label or svg_number(target), x=left + 6, y=y - 6, font_size=14, fill=TARGET
        )
    ends: list[tuple[float, str, str]] = []
    for i, (label, vals) in enumerate(series):
        colour = COLOURS[i % len(COLOURS)]
        g = svg_element(root, "g", class_="vd-line")
        svg_element(g, "title", f"{label}: " + ", ".join(svg_number(v) for v in vals))
        points = " ".join(f"{svg_number(x_of(j))},{svg_number(y_of(v))}" for j, v in enumerate(vals))
        line = svg_element(g, "polyline", points=points, fill="none", stroke=colour, stroke_width=3)
        if DASHES[i % len(DASHES)]:
            line.set("stroke-dasharray", DASHES[i % len(DASHES)])
        for j, v in enumerate(vals):
            svg_element(g, "circle", cx=x_of(j), cy=y_of(v), r=3.5, fill=colour)
        ends.append((y_of(vals[-1]), f"{label} {vals[-1]:.0f}", colour))
    # the end labels, pushed apart so they never overlap
    ends.sort()
    placed: list[float] = []
    for y, _, _ in ends:
        y = max(y, placed[-1] + 20) if placed else y
        placed.append(y)
    shift = max(0.0, placed[-1] - (upper + ph)) if placed else 0.0
    for (_, text, colour), y in zip(ends, placed):
        svg_element(
            root,
            "text",
            text,
            x=left + pw + 10,
            y=y - shift + 5,
            font_size=15,
            font_weight="bold",
            fill=colour,
        )
    svg_element(
        root, "line", x1=left, x2=left + pw, y1=upper + ph, y2=upper + ph, stroke=INK, stroke_width=1.5
    )
    return Chart(ET.tostring(root, encoding="unicode"))


# -- the lesson's charts ------------------------------------------------------------------------


def player_label(label: str, lang: str = "sv") -> str:
    """A computer player's label in ``lang``: ``"random #2"`` → ``"slump 2"``."""
    check_lang(lang)
    name, _, number = label.partition(" #")
    key = f"kind_short.{name.split(':')[0]}"
    word = term(key, lang) if key in TERMS else name
    return f"{word} {number}" if number else word


def win_chart(result: dict, *, lang: str = "sv") -> Chart:
    """The win share of every player of a :func:`vandatta.ai.tournament` result, with
    its 95 % Wilson interval as an error bar."""
    check_lang(lang)
    entries = result["entries"]
    mode = "matches" if result.get("mode") == "matches" else "rounds"
    return bar_chart(
        [player_label(e["label"], lang) for e in entries],
        [float(e["win_rate"]) for e in entries],
        intervals=[(float(e["ci95"][0]), float(e["ci95"][1])) for e in entries],
        title=t(f"chart_wins_{mode}", lang, n=result["games"]),
        ylabel=t("chart_win_share", lang),
        note=t("chart_ci_note", lang),
    )


def points_chart(matches: Sequence[Match], *, labels: Sequence[str], lang: str = "sv") -> Chart:
    """How points pile up over a game to 100: each player's average total after every
    round, over ``matches`` (``vandatta.Match`` objects played to the end; a finished match
    keeps its final totals)."""
    check_lang(lang)
    histories = [m.history() for m in matches]
    if not histories or not all(histories):
        raise ValueError("points_chart needs finished matches")
    players = len(histories[0][0])
    if len(labels) != players:
        raise ValueError(f"points_chart needs {players} labels")
    longest = max(len(h) for h in histories)
    series = []
    for p in range(players):
        means = [0.0]
        for r in range(longest):
            means.append(sum(h[min(r, len(h) - 1)][p] for h in histories) / len(histories))
        series.append((player_label(labels[p], lang), means))
    target = getattr(matches[0], "target", 100)
    return line_chart(
        series,
        title=t("chart_points_title", lang, n=len(histories)),
        xlabel=t("chart_round", lang),
        ylabel=t("chart_average_total", lang),
        target=target,
        target_label=t("chart_target", lang, n=target),
    )


def seat_chart(result: dict, *, lang: str = "sv") -> Chart:
    """How often each seat won in a tournament (seat 1 deals, seat 2 begins), with 95 %
    Wilson intervals."""
    check_lang(lang)
    games = result["games"]
    wins = result["seat_wins"]
    labels = [t("chart_seat", lang, n=i + 1) for i in range(len(wins))]
    labels[0] += " " + t("chart_deals", lang)
    labels[1 % len(wins)] += " " + t("chart_begins", lang)
    return bar_chart(
        labels,
        [x / games for x in wins],
        intervals=[wilson(x, games) for x in wins],
        title=t("chart_seats_title", lang, n=games),
        ylabel=t("chart_win_share", lang),
        note=t("chart_ci_note", lang),
    )


class Progress(w.HBox):
    """A progress bar with "123 of 500 done"; pass :meth:`update` as a tournament's
    ``progress`` callback. Values are checked, so a bad call cannot break the bar."""

    def __init__(self, total: int = 100, *, lang: str = "sv") -> None:
        self.lang = check_lang(lang)
        self.bar = w.IntProgress(value=0, min=0, max=max(1, int(total)), layout=w.Layout(width="420px"))
        self.label = Label(value=t("chart_progress", lang, done=0, total=total))
        super().__init__([self.bar, self.label], layout=w.Layout(align_items="center"))
        self.add_class("vd-progress")

    def update(self, done: int, total: int) -> None:
        try:
            done, total = int(done), max(1, int(total))
        except (TypeError, ValueError):
            return
        done = min(max(done, 0), total)
        with self.hold_sync():
            self.bar.max = total
            self.bar.value = done
            self.bar.bar_style = "success" if done == total else ""
            self.label.value = t("chart_progress", self.lang, done=done, total=total)


# -- the game review's chart --------------------------------------------------------------------


def review_chart(
    review: Review,
    *,
    plies: int,
    players: int,
    names: Sequence[str] | None = None,
    lang: str = "sv",
    width: int = 760,
    height: int = 340,
) -> Chart:
    """The chance to win over a round, from a :class:`vandatta.ai.review.Review`: for each
    reviewed seat a line through its chances after each of its moves, with the 95 % band
    around it, and a mark on every decision — the verdict's own sign (! ✓ ?! ? ??) and a
    diamond for a move worth a look, as well as its colour, so that nothing is told by colour
    alone. ``plies`` is the number of moves of the round (the x axis), ``players`` gives the
    even chance (one in ``players``), drawn dashed. Several seats get a legend, each its own
    colour and dash. Every mark is a group ``<g class="vd-rv-pt" data-ply="…">`` with a
    ``<title>``; a view can make them clickable. ``width`` 400 suits a phone."""
    from vandatta.ai.review import Grade

    from ..base.style import PALETTE

    check_lang(lang)
    decisions = list(review.decisions)
    if names is None:
        names = [term("player", lang, n=s + 1, capital=True) for s in range(players)]
    seats = sorted({d.seat for d in decisions})
    legend = len(seats) > 1
    left, right, upper = 62.0, 18.0, 52.0
    narrow = width < 560  # a phone: the note under the chart takes two lines
    lower = 78.0 + (26 if legend else 0) + (16 if narrow else 0)
    pw, ph = width - left - right, height - upper - lower
    n = max(1, plies)

    def x_of(ply: float) -> float:
        return left + pw * ply / n

    def y_of(v: float) -> float:
        return upper + ph * (1 - min(1.0, max(0.0, v)))

    def name(seat: int) -> str:
        return names[seat] if seat < len(names) else str(seat + 1)

    desc = "; ".join(
        f"{d.ply}. {d.move} {d.grade.symbol} {d.grade.name_in(lang)}: {100 * d.after:.0f} % "
        f"(±{100 * d.spread:.0f})"
        for d in decisions
    )
    root = _root(width, height, t("rv_chart_title", lang), desc or t("rv_nothing", lang))
    _y_grid(root, (0.0, 0.25, 0.5, 0.75, 1.0), y_of, left=left, width=pw, label=lambda k: f"{100 * k:.0f} %")
    _y_label(root, t("rv_chart_y", lang), upper + ph / 2)
    step = _nice_step(n, max(3, int(pw // 80)))
    for k in _steps(n, step):
        svg_element(
            root,
            "text",
            svg_number(k),
            x=x_of(k),
            y=upper + ph + 22,
            font_size=14,
            text_anchor="middle",
            fill=INK,
        )
    svg_element(
        root,
        "text",
        t("rv_chart_x", lang),
        x=left + pw / 2,
        y=upper + ph + 42,
        font_size=15,
        text_anchor="middle",
        fill=INK,
    )
    even = 1 / max(2, players)
    y = y_of(even)
    svg_element(
        root,
        "line",
        x1=left,
        x2=left + pw,
        y1=y,
        y2=y,
        stroke="#555555",
        stroke_width=1.5,
        stroke_dasharray="6 5",
    )
    svg_element(
        root,
        "text",
        f"{t('rv_chart_even', lang)} ({100 * even:.0f} %)",
        x=left + 6,
        y=y - 6,
        font_size=13,
        fill="#444444",
        stroke="#ffffff",
        stroke_width=3,
        paint_order="stroke",
    )
    for i, seat in enumerate(seats):
        mine = [d for d in decisions if d.seat == seat]
        colour = COLOURS[seat % len(COLOURS)]
        dash = DASHES[i % len(DASHES)]
        group = svg_element(root, "g", class_="vd-rv-line")
        svg_element(group, "title", name(seat))
        top = [f"{svg_number(x_of(d.ply))},{svg_number(y_of(d.after + d.spread))}" for d in mine]
        bottom = [f"{svg_number(x_of(d.ply))},{svg_number(y_of(d.after - d.spread))}" for d in reversed(mine)]
        if len(mine) == 1:  # a band needs some width
            x = x_of(mine[0].ply)
            top = [
                f"{svg_number(x - 4)},{top[0].split(',')[1]}",
                f"{svg_number(x + 4)},{top[0].split(',')[1]}",
            ]
            bottom = [
                f"{svg_number(x + 4)},{bottom[0].split(',')[1]}",
                f"{svg_number(x - 4)},{bottom[0].split(',')[1]}",
            ]
        svg_element(
            group, "polygon", points=" ".join(top + bottom), fill=colour, fill_opacity=0.18, stroke="none"
        )
        path = svg_element(
            group,
            "polyline",
            points=" ".join(f"{svg_number(x_of(d.ply))},{svg_number(y_of(d.after))}" for d in mine),
            fill="none",
            stroke=colour,
            stroke_width=2.5,
        )
        if dash:
            path.set("stroke-dasharray", dash)
        if legend:
            lx = left + i * min(150.0, pw / len(seats))
            ly = height - 44 - (16 if narrow else 0)
            swatch = svg_element(
                root, "line", x1=lx, x2=lx + 30, y1=ly - 5, y2=ly - 5, stroke=colour, stroke_width=3
            )
            if dash:
                swatch.set("stroke-dasharray", dash)
            svg_element(root, "text", name(seat), x=lx + 36, y=ly, font_size=14, fill=INK)
    many = len(decisions) > 30
    for d in decisions:
        grade = d.grade
        colour = PALETTE[f"grade-{grade.value}"]
        g = svg_element(root, "g", class_=f"vd-rv-pt vd-rv-{grade.value}")
        g.set("data-ply", str(d.ply))
        svg_element(
            g,
            "title",
            f"{d.ply}. {name(d.seat)}: {d.move} – {grade.name_in(lang)} ({grade.symbol}), "
            f"{100 * d.before:.0f} % → {100 * d.after:.0f} %",
        )
        cx, cy = x_of(d.ply), y_of(d.after)
        bad = grade.severity >= Grade.INACCURACY.severity
        r = 7.0 if bad else 5.0
        # a larger target for a finger; its ring marks the decision shown
        svg_element(g, "circle", class_="vd-rv-hit", cx=cx, cy=cy, r=r + 9, fill="#ffffff", fill_opacity=0.01)
        if bad:  # a diamond: the shape says it too
            svg_element(
                g,
                "polygon",
                points=f"{svg_number(cx)},{svg_number(cy - r - 2)} {svg_number(cx + r + 2)},{svg_number(cy)} {svg_number(cx)},"
                f"{svg_number(cy + r + 2)} {svg_number(cx - r - 2)},{svg_number(cy)}",
                fill=colour,
                stroke="#ffffff",
                stroke_width=1.5,
            )
        else:
            svg_element(g, "circle", cx=cx, cy=cy, r=r, fill=colour, stroke="#ffffff", stroke_width=1.5)
        if bad or not many:
            svg_element(
                g,
                "text",
                grade.symbol,
                x=cx,
                y=cy - r - 6,
                font_size=15 if bad else 12,
                font_weight="bold",
                text_anchor="middle",
                fill=colour,
                stroke="#ffffff",
                stroke_width=3,
                paint_order="stroke",
            )
    svg_element(
        root, "line", x1=left, x2=left + pw, y1=upper + ph, y2=upper + ph, stroke=INK, stroke_width=1.5
    )
    band = COLOURS[seats[0] % len(COLOURS)] if seats else COLOURS[0]
    note = t("rv_chart_band", lang)
    lines = note.split(", ", 1) if narrow and ", " in note else [note]
    if len(lines) == 2:
        lines[0] += ","
    legend_y = height - 13 - 16 * (len(lines) - 1)
    svg_element(root, "rect", x=left, y=legend_y - 11, width=22, height=12, fill=band, fill_opacity=0.18)
    for j, line in enumerate(lines):
        svg_element(root, "text", line, x=left + 30, y=legend_y + 16 * j, font_size=13, fill="#444444")
    return Chart(ET.tostring(root, encoding="unicode"))
