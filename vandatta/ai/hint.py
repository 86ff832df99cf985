"""The hint advisor: "what would a good player do here, and why?"

>>> import vandatta as v
>>> game = v.Game.from_position(
...     hands=["7♥ 7♣ 8♠ K♥ 2♣", "2♦ 3♦", "Q♠ 4♣ 9♥"], top="7♦", talon="9♠ 4♦ 2♣ 5♥ J♣ 6♠ 10♦ 3♥"
... )
>>> h = v.hint(game, playouts=2000, seed=1)
>>> h.seat, h.playouts >= 2000, len(h.candidates) > 2
(0, True, True)
>>> print(h.best.reason("en"))   # doctest: +ELLIPSIS
Gets rid of two sevens at once...

:func:`hint` asks the same search the ``strong`` player uses, from the seat's own view (the
advice never peeks at other hands or the talon): each candidate move is played out on the
same random deals of the hidden cards, and the candidates are ranked by how often the seat
then won the round. A playout runs 14 moves with a fast expert-like policy; if the round is
not over by then, the seat's chance is estimated from the hands (a model fitted to simulated
games), so a ``win`` is part counting, part estimate. Each candidate also gets a short
reason in Swedish and English, written from what the move does (goes out, keeps the eight,
makes the others draw, leaves the last card of a suit …), not from the numbers.
"""

from __future__ import annotations

import html
import random
import time
from dataclasses import dataclass, field
from functools import partial

from ..cards import plural as rank_plural
from ..explain import declaration_words, n_cards
from ..game import Game
from ..lang import LANGS, LocalText, check_lang, number_word, percent, plural
from ..messages import CITES, MESSAGES, ORDINALS, term
from ..moves import Move
from .features import MoveFeatures, move_features
from .players import DEPTH, SeatView, candidate_moves, search

__all__ = ["hint", "Hint", "HintCandidate"]


def _num(n: int, lang: str) -> str:
    return number_word(n, lang)


def _say(key: str, lang: str, **params: object) -> str:
    """A phrase of the engine's catalog (``hint_`` + ``key``) with the rule ids it cites."""
    key = "hint_" + key
    rules = CITES.get(key, ())
    return MESSAGES[key][lang].format(**params) + (f" ({', '.join(rules)})" if rules else "")


def _sentence(parts: list[str]) -> str:
    text = "; ".join(p for p in parts if p)
    return text[:1].upper() + text[1:] + "."


def _reasons(view: SeatView, move: Move, lang: str) -> str:
    """A short sentence on what ``move`` does for the seat of ``view``."""
    return _describe(move_features(view, move), move, lang, view.rules.drawing)


def _describe(f: MoveFeatures, move: Move, lang: str, drawing: str = "three") -> str:
    parts: list[str] = []
    if f.kind == "draw":
        key = {"v2": "draw_v2", "forced": "draw_forced", "only_eight": "draw_only_eight"}
        if drawing != "three":  # rule O8: not "of at most three"
            key = {"v2": "draw_v2", "forced": "draw_forced_o8", "only_eight": "draw_only_eight_o8"}
        nth = ORDINALS[lang][f.draw_number] if f.draw_number < len(ORDINALS[lang]) else str(f.draw_number)
        parts.append(_say(key.get(f.draw or "", "draw_voluntary"), lang, nth=nth))
        return _sentence(parts)
    if f.kind == "pass":
        parts.append(_say({"three": "pass_three", "one": "pass_one"}.get(f.passes or "", "pass_empty"), lang))
        if f.lappen:
            parts.append(_say("lappen", lang))
        return _sentence(parts)
    if f.v2_not_out:
        return _sentence([_say("v2_not_out", lang)])
    if f.goes_out:
        return _sentence([_say("goes_out", lang)])
    assert f.rank is not None
    if f.follows_ace is not None:
        parts.append(_say("follow_up", lang, suit=f.follows_ace.name_in(lang)))
    if f.laid > 1:
        parts.append(_say("group", lang, n=_num(f.laid, lang), plural=rank_plural(f.rank, lang)))
    if f.ace:
        ace_key = plural(f.others, lang, one="ace_other", other="ace_others")
        parts.append(_say(ace_key, lang, n=_num(f.others, lang)))
        if f.danger:
            parts[-1] += " " + _say("ace_danger", lang, cards=n_cards(f.min_others, lang))
        if f.follow_card is not None and f.top_suit is not None:
            parts.append(_say("ace_follow", lang, card=f.follow_card, suit=f.top_suit.name_in(lang)))
    elif f.eight is not None:
        parts.append(_say("eight_spent" if f.eight == "spent" else "eight_needed", lang))
        if f.declaration is not None:
            suit, rank = f.declaration
            parts.append(
                _say(
                    "declare_suit" if rank is None else "declare",
                    lang,
                    decl=declaration_words(suit, rank, lang),
                    k=_num(f.declared_more, lang),
                    suit=suit.name_in(lang),
                )
            )
    else:
        assert f.top_suit is not None
        if f.eights_kept:
            parts.append(_say(plural(f.eights_kept, lang, one="eight_kept", other="eights_kept"), lang))
        if f.last_of_suit:  # nothing but an eight could follow the new top
            parts.append(
                _say("last_of_suit_eight" if f.eights_kept else "last_of_suit", lang, sym=f.top_suit.symbol)
            )
        elif len(parts) < 2:
            keeps = plural(f.fits_after, lang, one="keeps_suit_one", other="keeps_suit")
            parts.append(_say(keeps, lang, suit=f.top_suit.name_in(lang), cards=n_cards(f.fits_after, lang)))
    if f.high_points:
        parts.append(_say("high_points", lang, p=f.points))
    if f.special_only:
        parts.append(_say("special_only", lang))
    elif f.one_turn:
        parts.append(_say("one_turn", lang))
    if f.lappen:
        parts.append(_say("lappen", lang))
    return _sentence(parts[:4])


# -- the value -------------------------------------------------------------------------------


@dataclass(frozen=True)
class HintCandidate:
    """One candidate move: its estimated chance to win the round (``win``, from ``playouts``
    playouts) and a short reason in Swedish and English."""

    move: Move
    win: float
    playouts: int
    why: LocalText  # the reason, in every language

    def reason(self, lang: str = "en") -> str:
        return self.why.text(lang)

    def to_dict(self) -> dict:
        return {
            "move": str(self.move),
            "win": self.win,
            "playouts": self.playouts,
            "reason": dict(sorted(self.why.to_dict().items())),  # "en" before "sv", as it has been
        }


_TITLE = {lang: MESSAGES["hint_title"][lang] for lang in LANGS}
_HEAD = {lang: tuple(MESSAGES[f"hint_head_{k}"][lang] for k in ("move", "chance", "why")) for lang in LANGS}


@dataclass(frozen=True)
class Hint:
    """Ranked advice for the seat to move (best first). ``candidates`` are
    :class:`HintCandidate`; ``playouts`` is the total run; ``lang`` the language
    ``str()`` and the notebook display use. ``seconds`` (how long it took) is left out of
    comparisons."""

    seat: int
    candidates: tuple[HintCandidate, ...]
    playouts: int
    lang: str = "en"
    seconds: float = field(default=0.0, compare=False)

    @property
    def best(self) -> HintCandidate:
        return self.candidates[0]

    @property
    def move(self) -> Move:
        """The recommended move."""
        return self.candidates[0].move

    def text(self, lang: str | None = None) -> str:
        """The advice as plain text, one line per candidate."""
        lang = lang or self.lang
        check_lang(lang)
        lines = [
            _TITLE[lang].format(
                player=term("player", lang, n=self.seat + 1), n=len(self.candidates), p=self.playouts
            )
        ]
        width = max(len(str(c.move)) for c in self.candidates)
        for i, c in enumerate(self.candidates, 1):
            lines.append(
                f"{i:>2}. {c.move!s:<{width}}  {percent(c.win, lang, places=1):>6}  {c.reason(lang)}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "playouts": self.playouts,
            "candidates": [c.to_dict() for c in self.candidates],
        }

    def _repr_html_(self) -> str:
        lang = self.lang
        e = html.escape
        head = _HEAD[lang]
        rows = []
        top = max(c.win for c in self.candidates) or 1.0
        for i, c in enumerate(self.candidates):
            bar = round(100 * c.win / top)
            weight = "font-weight:bold;" if i == 0 else ""
            rows.append(
                f"<tr style='{weight}'><td style='padding:2px 8px;font-size:18px'>{_move_html(c.move)}</td>"
                f"<td style='padding:2px 8px;text-align:right'>{percent(c.win, lang, places=1)}"
                f"<div role='img' aria-label='{percent(c.win, lang)}' style='height:6px;background:#2e7d32;"
                f"width:{bar}px'></div></td>"
                f"<td style='padding:2px 8px'>{e(c.reason(lang))}</td></tr>"
            )
        title = _TITLE[lang].format(
            player=term("player", lang, n=self.seat + 1), n=len(self.candidates), p=self.playouts
        )
        return (
            "<div class='vandatta-hint' style='font-size:16px'>"
            f"<div style='font-weight:bold;margin-bottom:4px'>{e(title)}</div>"
            "<table style='border-collapse:collapse'>"
            f"<thead><tr><th style='text-align:left;padding:2px 8px'>{e(head[0])}</th>"
            f"<th style='text-align:right;padding:2px 8px'>{e(head[1])}</th>"
            f"<th style='text-align:left;padding:2px 8px'>{e(head[2])}</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table></div>"
        )


def _move_html(move: Move) -> str:
    text = html.escape(str(move))
    for sym in ("♥", "♦"):
        text = text.replace(sym, f"<span style='color:#c62828'>{sym}</span>")
    return f"<span style='font-family:monospace'>{text}</span>"


# -- the advisor -------------------------------------------------------------------------------


def hint(
    game: Game,
    *,
    playouts: int = 2000,
    seed: int = 0,
    lang: str = "en",
    max_plies: int | None = None,
) -> Hint:
    """Ranked advice for the player to move in ``game``.

    Every candidate move (each distinct play, an eight with a few sensible declarations,
    draw or pass) is played out on the same random deals of the cards this seat cannot see,
    at least ``playouts`` playouts in all, with the fast expert-like policy, each cut after
    ``max_plies`` moves (default 14) and then scored by an estimate; a candidate's ``win`` is
    its average result, ranked best first (a draw while a card could be laid must beat the
    best play by 3 points to rank first). The same ``seed`` gives the same hint. Only the seat's own view is used: the hint never looks at other hands or the
    talon. ``lang`` ("en" or "sv") is the language of ``str()`` and the notebook display;
    both languages are always there (``candidate.reason("sv")``).
    """
    check_lang(lang)
    if game.is_over:
        raise ValueError("the round is over: there is no move to advise")
    started = time.perf_counter()
    view = SeatView.of(game, game.to_move)
    moves = candidate_moves(view)
    results = search(
        view,
        moves,
        playouts=playouts,
        rng=random.Random(seed),
        halving=False,
        max_plies=DEPTH if max_plies is None else max_plies,
    )
    candidates = tuple(
        HintCandidate(
            move=r.move,
            win=r.win,
            playouts=r.n,
            why=LocalText.of(partial(_reasons, view, r.move)),
        )
        for r in results
    )
    return Hint(
        seat=view.seat,
        candidates=candidates,
        playouts=sum(r.n for r in results),
        lang=lang,
        seconds=time.perf_counter() - started,
    )
