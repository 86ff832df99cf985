"""Verdicts: the engine's answer about a move — legal or not, the rule ids it rests on, and
its reasons in Swedish and English — and the events that happen without a decision.

A verdict holds *reasons*: a message key, its parameters and the rule ids it rests on (data
from the catalog, :data:`vandatta.messages.CITES`, never read back from a text). It formats
them only when a text is asked for, so checking moves in a simulation builds no strings.

>>> import vandatta as v
>>> g = v.Game.from_position(hands=["7♥ K♠ 2♣", "5♦"], top="7♣", talon="9♠")
>>> verdict = g.check("7♥")
>>> verdict.legal, verdict.rules
(True, ('R4',))
>>> print(verdict.text("en"))
7♥ on 7♣: same rank — hearts is now the suit (R4).
>>> print(verdict.text("sv"))
7♥ på 7♣: samma valör – nu gäller hjärter (R4).
>>> print(g.check("K♠").text("en"))
K♠ does not fit: it has neither the suit ♣ nor the rank 7 (R4).

A long explanation also comes as short lines, one sentence each, for a reader who takes one
at a time:

>>> g = v.Game.from_position(hands=["A♥ 5♥ 2♣", "4♦", "3♦"], top="7♥", talon="9♠ 9♦")
>>> for line in g.check("A♥").lines("sv"): print(line)
A♥ på 7♥: samma färg, hjärter (R4).
Alla andra drar ett kort (R7).
Sedan måste du lägga ett kort i hjärter i samma tur (R7).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple, cast

from .cards import Card, Rank, Suit, plural
from .lang import check_lang, number_word
from .messages import CITES, MESSAGES, ORDINALS, count, term

if TYPE_CHECKING:
    from .moves import Move

__all__ = [
    "Verdict",
    "move_words",
    "Reason",
    "Event",
    "IllegalMoveError",
    "message",
    "MESSAGES",
    "n_cards",
    "declaration_words",
]


def n_cards(n: int, lang: str) -> str:
    """``n_cards(2, "sv") == "två kort"``; ``n_cards(1, "en") == "one card"`` (the term's count)."""
    return count("cards", n, lang)


def declaration_words(suit: Suit, rank: Rank | None, lang: str) -> str:
    """``"hjärter kung"`` / ``"king of hearts"``, or just the suit's word under O1."""
    if rank is None:
        return suit.name_in(lang)
    return Card(rank, suit).name(lang)


def move_words(move: Move, lang: str = "en", *, phrase: bool = False) -> str:
    """A move in words, as every list, log, chart and sentence says it: a play in its
    notation, with its calls (``9♣ varning``); drawing and passing in words, the calls after
    them as the notation says them. ``phrase=True``: as a sentence names it ("better than
    drawing a card"), an eight's declaration in words.

    >>> from vandatta import Move
    >>> move_words(Move.parse("draw"), "sv"), move_words(Move.parse("pass lappen"), "sv")
    ('dra ett kort', 'stå över lappen')
    >>> move_words(Move.parse("7♥ 7♣ varning"), "en"), move_words(Move.parse("8♠=K♥"), "en")
    ('7♥ 7♣ varning', '8♠=K♥')
    >>> move_words(Move.parse("8♠=K♥"), "sv", phrase=True), move_words(Move.parse("draw"), "en", phrase=True)
    ('8♠ (räknas som hjärter kung)', 'drawing a card')
    """
    check_lang(lang)
    form = "move_phrase_" if phrase else "move_"
    if move.is_draw:
        return MESSAGES[form + "draw"][lang]
    if move.is_pass:
        return MESSAGES[form + "pass"][lang] + move.calls_text
    if not phrase or move.declared_suit is None:
        return str(move)
    cards = " ".join(str(c) for c in move.cards)
    decl = declaration_words(move.declared_suit, move.declared_rank, lang)
    return MESSAGES["move_phrase_eight"][lang].format(card=cards, decl=decl) + move.calls_text


def _format_value(name: str, value: object, lang: str) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return value.symbol if name.endswith("_sym") else value.name_in(lang)
    if isinstance(value, Rank):
        return value.symbol
    if name == "decl":
        suit, rank = cast("tuple[Suit, Rank | None]", value)
        return declaration_words(suit, rank, lang)
    if name == "n_cards":
        return n_cards(int(cast("int | str", value)), lang)
    if name == "count":
        return number_word(cast(int, value), lang)
    if name == "nth":
        return ORDINALS[lang][value] if isinstance(value, int) and 0 < value < 4 else str(value)
    if name == "player":
        if isinstance(value, int):
            return term("player", lang, n=value + 1)
        return str(value)
    if name == "cards":
        return " ".join(str(c) for c in cast("Iterable[Card]", value))
    return str(value)


def _citation(rules: Sequence[str]) -> str:
    return f" ({', '.join(rules)})" if rules else ""


def message(key: str, lang: str = "en", *, actor: str | None = None, **params: object) -> str:
    """One catalog message with its citation: ``message("round_over", "sv") == "omgången är
    slut (R9)"``.

    With ``actor`` (a player's name) a sentence addressed to the player is told about them:
    ``message("goes_out", "en", actor="Anna")`` → ``"that was the last card: Anna goes out …"``.
    """
    return _phrase(key, params, CITES.get(key, ()), check_lang(lang), actor)


def _phrase(key: str, params: dict, rules: Sequence[str], lang: str, actor: str | None) -> str:
    template = MESSAGES[key][lang]
    if actor is not None:
        told = MESSAGES.get(key + ".actor")
        if told is not None:
            template = told[lang]
            params = {**params, "actor": actor}
    if "rank" in params and (key == "group" or key == "hint_group"):
        params = {**params, "plural": plural(params["rank"], lang)}
    if params.get("top_decl") is not None and "top" in params:
        top_suit, top_rank = params["top_decl"]
        top = MESSAGES["counts_as"][lang].format(
            card=params["top"],
            decl=declaration_words(top_suit, top_rank, lang),
        )
        params = {**params, "top": top}
    if key == "not_a_move":
        return template.format(text=params["text"], error=params["error"])
    values = {name: _format_value(name, value, lang) for name, value in params.items()}
    if "{cite}" in template:
        return template.format(cite=_citation(rules), **values)
    return template.format(**values) + _citation(rules)


def _sentence(parts: Iterable[str]) -> str:
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


def _line(phrase: str) -> str:
    return phrase[:1].upper() + phrase[1:] + "."


class Reason(NamedTuple):
    """One reason of a verdict: a catalog key, its parameters and the rule ids it rests on.

    >>> r = Reason.of("no_match", card=Card.parse("K♠"), suit_sym=Suit.HEARTS, rank=Rank.SEVEN)
    >>> r.rules, r.text("sv")
    (('R4',), 'K♠ har varken färgen ♥ eller valören 7 (R4)')
    """

    key: str
    params: tuple[tuple[str, object], ...]
    rules: tuple[str, ...]

    @classmethod
    def of(cls, key: str, **params: object) -> Reason:
        """The reason ``key`` with ``params``, citing the catalog's rule ids for it."""
        if key not in MESSAGES:
            raise ValueError(f"no message {key!r} in the catalog")
        return cls(key, tuple(params.items()), CITES.get(key, ()))

    def text(self, lang: str = "en", *, actor: str | None = None) -> str:
        """The reason as a phrase with its citation, e.g. ``"the round is over (R9)"``."""
        return _phrase(self.key, dict(self.params), self.rules, check_lang(lang), actor)


class Event(NamedTuple):
    """Something that happened without a decision: a forced draw (R7, R11, V3), a reshuffle
    (R10), a lapsed draw, the card turned up, a player going out, a blocked round.

    ``kind`` is one of ``draw`` (the card a ``draw`` move took), ``ace_draw``,
    ``starter_draw``, ``penalty``, ``reshuffle``, ``lapse``, ``starter_back``, ``turn_up``,
    ``out``, ``blocked``. A named tuple: cheap to make in simulations.
    """

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    count: int = 0  # type: ignore[assignment]  # the field hides tuple.count, as it always has
    rule: str = ""

    def reason(
        self, *, names: Sequence[str] | None = None, hidden: bool = False, you: int | None = None
    ) -> Reason:
        """The event as a :class:`Reason` (its catalog key, parameters and rule ids); told to
        the seat it happened to (its ``key.you`` form) when that seat is ``you``."""
        player = (names[self.seat] if names else self.seat) if self.seat is not None else None
        kind = self.kind
        params: dict[str, object] = {"player": player}
        if kind in ("draw", "ace_draw", "starter_draw"):
            key = f"ev_{kind}_hidden" if hidden else f"ev_{kind}"
            params["card"] = self.cards[0]
        elif kind == "penalty":  # rule V3, or O9 (the varning call)
            base = {"O9": "ev_penalty_varning", "O14": "ev_penalty_early"}.get(self.rule, "ev_penalty")
            if not self.cards:
                key = base + "_lapsed"
            else:
                key = base + "_hidden" if hidden else base
                params["cards"] = self.cards
                params["n_cards"] = len(self.cards)
        elif kind == "reshuffle":
            key, params = "ev_reshuffle", {"n": self.count}
        elif kind == "starter_back":
            key = "ev_starter_back" if self.rule == "R11" else "ev_starter_back_special"
            params = {"card": self.cards[0]}
        elif kind == "turn_up":
            key, params = "ev_turn_up", {"card": self.cards[0]}
        elif kind == "out" and self.rule == "O10":  # rule O10: a place, and the others play on
            key, params["place"] = "ev_out_place", self.count
        else:
            key = f"ev_{kind}"
        reason = Reason.of(key, **params)
        if you is not None and you == self.seat and f"{key}.you" in MESSAGES:
            return reason._replace(key=f"{key}.you")  # the same rules, said to "you"
        return reason

    def text(
        self,
        lang: str = "en",
        *,
        names: Sequence[str] | None = None,
        hidden: bool = False,
        you: int | None = None,
    ) -> str:
        """The event as a sentence. ``hidden=True`` leaves out which cards were drawn;
        ``you`` is the seat of the person reading, whose own events are told to them.

        >>> drawn = Event("draw", seat=0, cards=(Card.parse("3♦"),))
        >>> drawn.text("sv", names=["Alva", "Bo"]), drawn.text("sv", names=["Alva", "Bo"], you=0)
        ('Alva drar 3♦ (R8).', 'Du drar 3♦ (R8).')
        """
        return _line(self.reason(names=names, hidden=hidden, you=you).text(lang))


_tuple_new = tuple.__new__


class Verdict(tuple):
    """Whether a move is legal here, the rule ids that decide it, and why — in two languages.

    ``bool(verdict)`` is ``verdict.legal``. ``verdict.text("sv")`` explains in Swedish as one
    sentence; ``verdict.lines("sv")`` gives the same as short sentences, one per reason (and,
    for the verdict :meth:`Game.play` returns, one per event that followed). Illegal verdicts
    carry one reason (the first thing that fails); legal ones carry the reason the play fits
    and what follows from it (draws, a follow-up owed, a penalty …). ``events`` holds what
    happened when the move was played (empty for :meth:`Game.check`).

    Immutable; the reasons of a played move are worked out when first asked for.
    """

    __slots__ = ()

    # Fields read by itemgetter (C speed); each annotation is the type the field reads as.
    legal: bool = property(itemgetter(0), doc="whether the move is legal")  # type: ignore[assignment]  # see above
    move: Move | None = property(itemgetter(1), doc="the move judged")  # type: ignore[assignment]  # see above
    events: tuple[Event, ...] = property(  # type: ignore[assignment]  # see above
        itemgetter(4), doc="what happened when the move was played (R7, R8, R10, V3 …)"
    )

    def __new__(
        cls,
        legal: bool,
        move: Move | None,
        reasons: Iterable[Reason | tuple] = (),
        *,
        events: Iterable[Event] = (),
    ) -> Verdict:
        fixed = tuple(r if isinstance(r, Reason) else Reason.of(r[0], **dict(r[1])) for r in reasons)
        return _tuple_new(cls, (bool(legal), move, fixed, None, tuple(events), None))

    @classmethod
    def lazy(
        cls,
        move: Move,
        explain: Callable[[Move, tuple], Sequence[Reason]],
        before: tuple,
        events: Sequence[Event] = (),
    ) -> Verdict:
        """A legal verdict whose reasons ``explain(move, before)`` works out when they are
        first needed (the engine's own, for :meth:`Game.play` and :meth:`Game.check`:
        ``before`` is the position the move is made from)."""
        return _tuple_new(cls, (True, move, None, explain, events, before))

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """The reasons, in the order they are told."""
        reasons = self[2]
        if reasons is None:
            reasons = tuple(self[3](self[1], self[5]))
        return reasons

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids cited, in order of first mention: ``("R7",)``."""
        found: list[str] = []
        for reason in self.reasons:
            for rule_id in reason.rules:
                if rule_id not in found:
                    found.append(rule_id)
        return tuple(found)

    def phrases(self, lang: str = "en", *, player: str | None = None) -> list[str]:
        """Each reason as its own phrase, uncapitalized and without a full stop."""
        check_lang(lang)
        return [reason.text(lang, actor=player) for reason in self.reasons]

    def lines(
        self,
        lang: str = "en",
        *,
        player: str | None = None,
        names: Sequence[str] | None = None,
        hidden: bool | Callable[[int | None], bool] = False,
        you: int | None = None,
    ) -> list[str]:
        """The explanation as short sentences, one per reason — then, for a verdict of a
        played move, one per event that followed (an event already told by a reason, such as
        going out, is not told twice). ``names`` names the seats in the events; ``hidden``
        (or ``hidden(seat)``) leaves out which cards were drawn; the events of seat ``you``
        are told to its person ("you draw K♠").

        >>> import vandatta as v
        >>> g = v.Game.from_position(hands=["5♥", "4♦"], top="7♥")
        >>> g.play("5♥").lines("en", player="Anna")
        ['5♥ on 7♥: same suit, hearts (R4).', 'That was the last card: Anna goes out and wins the round (R9).']
        """
        out = [_line(p) for p in self.phrases(lang, player=player)]
        told = {reason.key for reason in self.reasons}
        for event in self.events:
            if event.kind == "out" and "goes_out" in told:
                continue
            secret = hidden(event.seat) if callable(hidden) else hidden
            out.append(event.text(lang, names=names, hidden=secret, you=you))
        return out

    def text(self, lang: str = "en", *, player: str | None = None) -> str:
        """The explanation as one sentence in ``lang`` (``"sv"`` or ``"en"``), addressed to
        the player ("you go out"), or told about ``player`` ("Anna goes out") when a name is
        given — for replays and narrations."""
        return _sentence(self.phrases(lang, player=player))

    def __bool__(self) -> bool:
        return self[0]

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        state = "legal" if self.legal else "illegal"
        return f"<Verdict {state} {str(self.move) if self.move else ''!r}: {self.text('en')!r}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return (self.legal, self.move, self.reasons) == (other.legal, other.move, other.reasons)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash((self.legal, self.move, self.reasons))

    def __len__(self) -> int:
        raise TypeError("a Verdict has no length: use verdict.reasons")

    def __iter__(self):
        raise TypeError("a Verdict is not a sequence: use verdict.reasons or verdict.lines()")

    def __reduce__(self):
        return (_rebuild, (self.legal, self.move, self.reasons, self.events))

    def _repr_html_(self, lang: str = "en") -> str:
        mark = "✔" if self.legal else "✘"
        word = MESSAGES["legal" if self.legal else "illegal"][check_lang(lang)]
        colour = "#1b5e20" if self.legal else "#b71c1c"
        rules = " ".join(self.rules)
        return (
            f'<div class="vd-verdict" style="font-size:18px;line-height:1.4;border-left:6px solid {colour};'
            f'padding:6px 10px;background:#fafafa">'
            f'<strong style="color:{colour}">{mark} {word}</strong> '
            f"<code>{html.escape(str(self.move or ''))}</code> "
            f'<span style="color:#555">[{html.escape(rules)}]</span><br>{html.escape(self.text(lang))}</div>'
        )


def _rebuild(legal: bool, move: Move | None, reasons: tuple, events: tuple) -> Verdict:
    return Verdict(legal, move, reasons, events=events)


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow here. ``verdict`` says why; the game
    is unchanged."""

    def __init__(self, verdict: Verdict, *, lang: str = "en") -> None:
        super().__init__(f"illegal move {str(verdict.move)!r}: {verdict.text(lang)}")
        self.verdict = verdict
