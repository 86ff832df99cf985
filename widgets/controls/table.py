"""The pile and talon, and the seats round the table: two HTML widgets drawn with
``vandatta.svg``. Both only *read* a :class:`vandatta.Game`; call ``update(game, lang=…)``
after every move.

>>> import vandatta as v
>>> g = v.Game.from_position(hands=["7♥ 2♣", "K♠ 5♦"], top="8♣=K♥", talon="9♠ 4♦")
>>> pile = PileView(g, lang="en")
>>> 'data-top="8♣"' in pile.value and 'data-declared="K♥"' in pile.value
True
>>> seats = TableView(g, lang="sv", view="seats", viewer=0)
>>> "Spelare 2" in seats.value and "2 kort" in seats.value
True
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from vandatta import svg
from vandatta.lang import check_lang

from ..base.chips import chip_row_html, without_citations
from ..base.i18n import count, t
from ..base.safe import HTML

if TYPE_CHECKING:
    from vandatta import Game, Rank, Suit

__all__ = ["PileView", "TableView", "seat_name", "pile_html", "pile_svg", "declaration_text"]


def seat_name(game: Game, seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """The name shown for ``seat``: ``names[seat]`` when given, else the engine's own
    ("Spelare 2" / "Player 2"), so labels and the engine's sentences agree."""
    if names is not None:
        return str(names[seat])
    return game.player_name(seat, lang)


def declaration_text(declaration: tuple[Suit, Rank | None] | None) -> str:
    """An eight's declaration as it is written after "=": ``"K♥"``, ``"♥"`` (O1), ``""`` for none."""
    if declaration is None:
        return ""
    suit, rank = declaration
    return ("" if rank is None else rank.symbol) + suit.symbol


class PileView(HTML):
    """The centre of the table: the talon with its count, the pile's top card with an eight's
    declaration badge, an owed ace follow-up and the draws made this turn.

    The outer ``<div>`` carries ``data-top``, ``data-declared``, ``data-talon`` and ``data-ply`` for tests
    and tools; a newly laid top card drops in briefly, where it lands (the stylesheet animates
    the card's own group inside the placed one, see :mod:`vandatta_widgets.base.style`).
    """

    def __init__(self, game: Game | None = None, *, lang: str = "sv", size: float = 110, **kwargs: object):
        super().__init__(**kwargs)
        self.add_class("vd-pile-view")
        self.lang = check_lang(lang)
        self.size = size
        self.deck = "classic"  # or "four" (vandatta.svg.DECKS)
        self._seen: tuple | None = None
        if game is not None:
            self.update(game)

    def update(self, game: Game, *, lang: str | None = None) -> None:
        """Redraw from ``game`` (anything with ``top``, ``pile``, ``declaration``,
        ``talon_size``, ``follow_up_suit``, ``draws_this_turn``, ``must_draw``)."""
        self.lang = lang = check_lang(lang or self.lang)
        pile = game.pile
        top = pile[-1] if pile else None
        declared = game.declaration
        seen = (len(pile), top, declared)
        fresh = self._seen is not None and seen != self._seen and len(pile) >= self._seen[0]
        self._seen = seen
        self.value = pile_html(game, lang=lang, size=self.size, fresh=fresh, deck=self.deck)


def pile_svg(
    game: Game, *, lang: str, size: float = 110, deck: str = "classic", talon_known: bool = True
) -> str:
    """The talon and the pile's top card of ``game`` as one SVG (:func:`vandatta.svg.pile`).
    ``talon_known=False``: a position whose talon was never kept (a learner's mistake, its
    talon dealt anew), the talon face down and not counted."""
    pile = game.pile
    return svg.pile(
        pile[-1] if pile else None,
        declared=game.declaration,
        talon_size=int(game.talon_size) if talon_known else None,
        follow_up=game.follow_up_suit,
        # the draws of the turn no longer matter once an ace has been laid: its card must follow
        draws=0 if game.follow_up_suit is not None else int(game.draws_this_turn),
        max_draws=game.draw_limit,  # R8's three, or what rule O8 says
        size=size,
        lang=lang,
        deck=deck,
    )


def pile_html(game: Game, *, lang: str, size: float = 110, fresh: bool = False, deck: str = "classic") -> str:
    """The centre of the table as HTML (what :class:`PileView` shows), with ``data-`` fields."""
    pile = game.pile
    top = pile[-1] if pile else None
    declared = game.declaration
    picture = pile_svg(game, lang=lang, size=size, deck=deck)
    extra = ""
    if getattr(game, "must_draw", False) and not game.is_over:
        note, rules = without_citations(t("pt_must_draw_note", lang))  # the rule: a chip, not in the sentence
        extra = f'<div class="vd-pile-note">{escape(note)}{chip_row_html(rules, lang)}</div>'
    return (
        f'<div class="vd-pile-box{" vd-fresh" if fresh else ""}" '
        f'data-top="{escape(str(top) if top else "")}" data-declared="{escape(declaration_text(declared))}" '
        f'data-talon="{int(game.talon_size)}" data-ply="{int(getattr(game, "ply", 0))}">'
        f"{picture}{extra}</div>"
    )


class TableView(HTML):
    """Every seat: its name, whose turn it is (▶ and a gold frame), its hand (face up for
    ``viewer`` or with ``open_hands``, else backs) with the number of cards, who called
    lappen (V3) or varning (O9), the winner, and the points so far.

    ``view="felt"`` draws the whole table as one SVG (``vandatta.svg.table``: the pile in
    the middle, seats round it) with a line of names and points under it. ``view="seats"``
    draws a row of seat boxes without the pile, for a play table that shows the pile and
    the player's own hand itself (``skip`` leaves seats out).
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        lang: str = "sv",
        view: str = "felt",
        viewer: int | None = None,
        open_hands: bool = False,
        size: float = 90,
        **kwargs: object,
    ):
        super().__init__(**kwargs)
        if view not in ("felt", "seats"):
            raise ValueError(f"view must be 'felt' or 'seats', not {view!r}")
        self.add_class("vd-table-view")
        self.lang = check_lang(lang)
        self.view = view
        self.viewer = viewer
        self.open_hands = bool(open_hands)
        self.size = size
        self.deck = "classic"  # or "four" (vandatta.svg.DECKS)
        if game is not None:
            self.update(game)

    def update(
        self,
        game: Game,
        *,
        lang: str | None = None,
        names: Sequence[str] | None = None,
        roles: Sequence[str] | None = None,
        totals: Sequence[int | None] | None = None,
        skip: Sequence[int] = (),
        open_hands: bool | None = None,
    ) -> None:
        """Redraw from ``game``. ``names``/``roles`` label each seat ("Spelare 2", "dator ·
        expert"); ``totals`` are the points so far per seat (``None`` hides one)."""
        self.lang = lang = check_lang(lang or self.lang)
        players = game.players
        for label, seq in (("names", names), ("roles", roles), ("totals", totals)):
            if seq is not None and len(seq) != players:
                raise ValueError(f"{label} must have one entry per seat ({players})")
        show_all = self.open_hands if open_hands is None else bool(open_hands)
        if self.view == "felt":
            self.value = self._felt(game, lang, names, roles, totals, show_all)
        else:
            self.value = self._seats(game, lang, names, roles, totals, set(skip), show_all)

    # -- the whole table as one picture ---------------------------------------------------

    def _felt(self, game, lang, names, roles, totals, show_all) -> str:
        picture = svg.table(
            game, lang=lang, open_hands=show_all, viewer=self.viewer, size=self.size, deck=self.deck
        )
        parts = []
        for seat in range(game.players):
            text = f"<b>{escape(seat_name(game, seat, lang, names))}</b>"
            if roles is not None and roles[seat]:
                text += f" ({escape(roles[seat])})"
            if totals is not None and totals[seat] is not None:
                text += f" · {escape(t('pt_points_n', lang, n=totals[seat]))}"
            parts.append(f'<span class="vd-legend-seat" data-seat="{seat}">{text}</span>')
        legend = '<div class="vd-legend">' + "".join(parts) + "</div>"
        return f'<div class="vd-felt">{picture}{legend}</div>'

    # -- a row of seat boxes -------------------------------------------------------------

    def _seats(self, game, lang, names, roles, totals, skip, show_all) -> str:
        over = bool(game.is_over)
        winner = game.winner if over else None
        lappen = tuple(game.lappen_called)
        varning = tuple(game.varning_called)
        boxes = []
        for seat in range(game.players):
            if seat in skip:
                continue
            cards = tuple(game.hand(seat))
            moving = seat == game.to_move and not over
            face_up = show_all or seat == self.viewer
            n = len(cards)
            name = seat_name(game, seat, lang, names)
            head = ("▶ " if moving else "") + name
            text = [f'<div class="vd-seat-name">{escape(head)}</div>']
            if roles is not None and roles[seat]:
                text.append(f'<div class="vd-seat-role">{escape(roles[seat])}</div>')
            facts = [count("cards", n, lang, digits=True)]
            if totals is not None and totals[seat] is not None:
                facts.append(t("pt_points_n", lang, n=totals[seat]))
            tags = ""
            if seat < len(varning) and varning[seat]:
                tags += f'<span class="vd-tag vd-varning-tag">{escape(t("pt_varning_tag", lang))}</span>'
            if seat < len(lappen) and lappen[seat]:
                tags += f'<span class="vd-tag vd-lappen-tag">{escape(t("pt_lappen_tag", lang))}</span>'
            if winner == seat:
                tags += f'<span class="vd-tag vd-winner-tag">{escape(t("pt_winner_tag", lang))}</span>'
            text.append(f'<div class="vd-seat-facts">{escape(" · ".join(facts))}{tags}</div>')
            block = f'<div class="vd-seat-text">{"".join(text)}</div>'
            if n and face_up:  # the round is over (or open hands): the cards under the text
                overlap = 0.0 if n <= 3 else min(0.8, max(0.4, 1 - 210 / (n - 1) / 70))
                picture = svg.hand(cards, size=70, overlap=round(overlap, 3), lang=lang, deck=self.deck)
                inner = block + f'<div class="vd-seat-hand vd-open">{picture}</div>'
            elif n:  # one back with the count: clear, and light to send
                picture = svg.back(size=64, count=n, lang=lang)
                inner = f'<div class="vd-seat-hand">{picture}</div>' + block
            else:
                inner = block
            title = t("pt_seat_to_move", lang, player=name) if moving else name
            classes = "vd-seat-box vd-to-move" if moving else "vd-seat-box"
            boxes.append(
                f'<div class="{classes}" data-seat="{seat}" data-cards="{n}" title="{escape(title)}">{inner}</div>'
            )
        return f'<div class="vd-seats vd-on-dark-boxes">{"".join(boxes)}</div>'
