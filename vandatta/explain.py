"""Verdicts: the engine's answer about a move, with the rule ids it rests on and its reasons in
Swedish and English.

A verdict holds *reasons* — a message key and its parameters — and formats them only when a
text is asked for, so checking moves in a simulation costs no string building.

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
K♠ matches neither ♣ nor 7 (R4).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from typing import NamedTuple

from .cards import Card, Rank, Suit, plural
from .moves import Move

__all__ = ["Verdict", "Reason", "message", "MESSAGES", "Event"]

# A reason: (message key, parameters). Parameters are cards, suits, ranks, ints, strings.
Reason = tuple[str, tuple[tuple[str, object], ...]]

_NUMBERS = {
    "en": ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"],
    "sv": ["inga", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta"],
}

# Every sentence the engine says, in both languages. {name} fields are filled by _format_value:
# a Card prints as its notation, a Suit as its word ("hearts"/"hjärter") unless the field
# ends in _sym, a Rank as its symbol, a declaration as words.
MESSAGES: dict[str, dict[str, str]] = {
    # -- legal plays ------------------------------------------------------------------
    "same_suit": {
        "en": "{card} on {top}: same suit, {suit} (R4)",
        "sv": "{card} på {top}: samma färg, {suit} (R4)",
    },
    "same_rank": {
        "en": "{card} on {top}: same rank — {suit} is now the suit (R4)",
        "sv": "{card} på {top}: samma valör – nu gäller {suit} (R4)",
    },
    "same_rank_same_suit": {
        "en": "{card} on {top}: same suit and same rank (R4)",
        "sv": "{card} på {top}: samma färg och samma valör (R4)",
    },
    "eight_wild": {
        "en": "{card} is an eight and may be laid on anything; it now counts as {decl} (R6)",
        "sv": "{card} är en åtta och får läggas på vad som helst; den räknas nu som {decl} (R6)",
    },
    "follow_up_ok": {
        "en": "{card} follows the ace with its suit, {suit} (R7)",
        "sv": "{card} följer esset i samma färg, {suit} (R7)",
    },
    "group": {
        "en": "{count} {plural} at once; the last one laid, {last}, sets the suit: {suit} (R5)",
        "sv": "{count} {plural} på en gång; det sista kortet, {last}, bestämmer färgen: {suit} (R5)",
    },
    "group_eights": {
        "en": "{count} eights at once; the declaration belongs to the last one, {last} (R5, R6)",
        "sv": "{count} åttor på en gång; det är den sista, {last}, som bestäms (R5, R6)",
    },
    "ace_draws": {
        "en": "every other player draws {n_cards} (R7)",
        "sv": "alla andra drar {n_cards} (R7)",
    },
    "ace_owes": {
        "en": "then you must lay a card of {suit} in the same turn (R7)",
        "sv": "sedan måste du lägga ett kort i {suit} i samma tur (R7)",
    },
    "goes_out": {
        "en": "that was your last card: you go out and win the round (R9)",
        "sv": "det var ditt sista kort: du går ut och vinner omgången (R9)",
    },
    "v2_must_draw": {
        "en": "your last card is a special card, so you do not go out: you must draw (V2)",
        "sv": "ditt sista kort är ett specialkort, så du går inte ut: du måste dra kort (V2)",
    },
    "lappen_called": {
        "en": "you call “lappen”: one more turn could empty your hand (V3)",
        "sv": "du säger ”lappen”: nästa tur kan du bli av med alla kort (V3)",
    },
    "lappen_penalty": {
        "en": "you could go out next turn but did not call “lappen”: you draw three cards as a penalty (V3)",
        "sv": "du kan gå ut nästa tur men sa inte ”lappen”: du drar tre kort i straff (V3)",
    },
    "turn_passes": {
        "en": "the turn goes to {player} (R3)",
        "sv": "turen går över till {player} (R3)",
    },
    "draw_ok": {
        "en": "you draw a card — number {n} of at most three this turn (R8)",
        "sv": "du drar ett kort – nummer {n} av högst tre den här turen (R8)",
    },
    "draw_reshuffle": {
        "en": "the talon is empty, so the pile under the top card is shuffled into a new talon (R10)",
        "sv": "talongen är tom, så högen under det översta kortet blandas om till en ny talong (R10)",
    },
    "draw_after_special": {
        "en": "you laid a special card last and did not go out, so you draw (V2)",
        "sv": "du lade ett specialkort sist och gick inte ut, så du drar (V2)",
    },
    "draw_may_play": {
        "en": "after the draw you may lay any legal card or draw again",
        "sv": "efter dragningen får du lägga vilket tillåtet kort som helst eller dra igen",
    },
    "pass_after_three": {
        "en": "you have drawn three cards and pass (R8)",
        "sv": "du har dragit tre kort och står över (R8)",
    },
    "pass_nothing_to_draw": {
        "en": "nothing is left to draw, so you pass (R10)",
        "sv": "det finns inget kvar att dra, så du står över (R10)",
    },
    "pass_blocks": {
        "en": "nobody has laid or drawn a card for a whole round of turns: the round is blocked (R10)",
        "sv": "ingen har lagt eller dragit något kort på ett helt varv: omgången är låst (R10)",
    },
    # -- illegal ----------------------------------------------------------------------
    "round_over": {
        "en": "the round is over (R9)",
        "sv": "omgången är slut (R9)",
    },
    "round_blocked": {
        "en": "the round is over: it is blocked (R10)",
        "sv": "omgången är slut: den är låst (R10)",
    },
    "not_held": {
        "en": "you hold no {card}",
        "sv": "du har ingen {card} på handen",
    },
    "not_held_enough": {
        "en": "you hold only {n_held} × {card}, not {n_laid}",
        "sv": "du har bara {n_held} × {card} på handen, inte {n_laid}",
    },
    "mixed_ranks": {
        "en": "{card} and {other} differ in rank: cards laid together must be of one rank (R5)",
        "sv": "{card} och {other} har olika valör: kort som läggs tillsammans måste ha samma valör (R5)",
    },
    "no_match": {
        "en": "{card} matches neither {suit_sym} nor {rank} (R4)",
        "sv": "{card} har varken färgen {suit_sym} eller valören {rank} (R4)",
    },
    "no_match_suit_only": {
        "en": "{card} is not {suit_sym}, and only {suit_sym} or an eight may follow {top} (O1)",
        "sv": "{card} är inte {suit_sym}, och på {top} får bara {suit_sym} eller en åtta läggas (O1)",
    },
    "follow_up_wrong_suit": {
        "en": "after the ace you must lay a card of {suit}, and {card} is not one (R7)",
        "sv": "efter esset måste du lägga ett kort i {suit}, och {card} är inte det (R7)",
    },
    "follow_up_eight_other_suit": {
        "en": "an eight of another suit does not count: the ace must be followed by {suit} (R7)",
        "sv": "en åtta i en annan färg räknas inte: esset måste följas av {suit} (R7)",
    },
    "follow_up_owed": {
        "en": "after an ace you must lay a card of {suit}; you may not draw or pass (R7)",
        "sv": "efter ett ess måste du lägga ett kort i {suit}; du får inte dra eller stå över (R7)",
    },
    "ace_needs_follow_up": {
        "en": "an ace needs a card of its suit to follow (R7): after {card} you would hold no {suit} to lay",
        "sv": "ett ess måste följas av ett kort i samma färg (R7): efter {card} skulle du inte ha "
        "någon {suit} att lägga",
    },
    "special_on_special": {
        "en": "{card} is a special card and may not be laid on the special card {top} (V1)",
        "sv": "{card} är ett specialkort och får inte läggas på specialkortet {top} (V1)",
    },
    "special_group": {
        "en": "{card} may not be laid on {other}: no special card on a special card (V1)",
        "sv": "{card} får inte läggas på {other}: inget specialkort på ett specialkort (V1)",
    },
    "eight_undeclared": {
        "en": "an eight must be declared: say which suit and rank it counts as, e.g. {card}=K♥ (R6)",
        "sv": "en åtta måste bestämmas: säg vilken färg och valör den räknas som, t.ex. {card}=K♥ (R6)",
    },
    "eight_undeclared_suit": {
        "en": "an eight must name a suit, e.g. {card}=♥ (R6, O1)",
        "sv": "en åtta måste bestämmas till en färg, t.ex. {card}=♥ (R6, O1)",
    },
    "eight_needs_rank": {
        "en": "an eight counts as a suit and a rank: write e.g. {card}=K♥ (R6)",
        "sv": "en åtta räknas som både färg och valör: skriv t.ex. {card}=K♥ (R6)",
    },
    "eight_suit_only": {
        "en": "with suit-only eights an eight names a suit only: write e.g. {card}=♥ (O1)",
        "sv": "när åttan bara bestämmer färg anges ingen valör: skriv t.ex. {card}=♥ (O1)",
    },
    "draw_limit": {
        "en": "you have already drawn three cards: lay a card or pass (R8)",
        "sv": "du har redan dragit tre kort: lägg ett kort eller stå över (R8)",
    },
    "draw_nothing": {
        "en": "there is nothing to draw: the talon is empty and the pile has only its top card (R10)",
        "sv": "det finns inget att dra: talongen är tom och i högen ligger bara det översta kortet (R10)",
    },
    "pass_too_early": {
        "en": "you may pass only after drawing three cards — you have drawn {n} (R8)",
        "sv": "du får stå över först när du har dragit tre kort – du har dragit {n} (R8)",
    },
    "pass_must_draw_v2": {
        "en": "your last card was a special card, so you must draw — you have drawn {n} of three (V2)",
        "sv": "ditt sista kort var ett specialkort, så du måste dra – du har dragit {n} av tre (V2)",
    },
    "lappen_off": {
        "en": "lappen is not in play in this game: the lappen rule is off (V3)",
        "sv": "lappen används inte i det här spelet: lappen-regeln är avslagen (V3)",
    },
    "lappen_not_ready": {
        "en": "you cannot call “lappen”: your hand could not be emptied in one turn (V3)",
        "sv": "du kan inte säga ”lappen”: handen kan inte tömmas på en tur (V3)",
    },
    "lappen_turn_goes_on": {
        "en": "lappen is called with the move that ends the turn, and after this the turn goes on (V3)",
        "sv": "lappen sägs med draget som avslutar turen, och efter det här fortsätter turen (V3)",
    },
    "lappen_going_out": {
        "en": "a play that goes out cannot carry the lappen call (R9)",
        "sv": "den som går ut säger inte ”lappen” (R9)",
    },
    "not_a_move": {
        "en": "{text!r} is not a move: {error}",
        "sv": "{text!r} är inget drag: {error}",
    },
    # -- events (forced draws and other things that happen without a decision) ---------
    "ev_draw": {"en": "{player} draws {card} (R8)", "sv": "{player} drar {card} (R8)"},
    "ev_draw_hidden": {"en": "{player} draws a card (R8)", "sv": "{player} drar ett kort (R8)"},
    "ev_ace_draw": {
        "en": "{player} draws {card} for the ace (R7)",
        "sv": "{player} drar {card} för esset (R7)",
    },
    "ev_ace_draw_hidden": {
        "en": "{player} draws a card for the ace (R7)",
        "sv": "{player} drar ett kort för esset (R7)",
    },
    "ev_starter_draw": {
        "en": "{player} draws {card} for the ace turned up (R11)",
        "sv": "{player} drar {card} för det uppvända esset (R11)",
    },
    "ev_starter_draw_hidden": {
        "en": "{player} draws a card for the ace turned up (R11)",
        "sv": "{player} drar ett kort för det uppvända esset (R11)",
    },
    "ev_penalty": {
        "en": "{player} draws {cards} as a penalty for not calling lappen (V3)",
        "sv": "{player} drar {cards} i straff för att inte ha sagt lappen (V3)",
    },
    "ev_penalty_hidden": {
        "en": "{player} draws {n_cards} as a penalty for not calling lappen (V3)",
        "sv": "{player} drar {n_cards} i straff för att inte ha sagt lappen (V3)",
    },
    "ev_reshuffle": {
        "en": "the talon is empty: the pile's {n} cards under the top are shuffled into a new talon (R10)",
        "sv": "talongen är slut: högens {n} kort under det översta blandas om till en ny talong (R10)",
    },
    "ev_lapse": {
        "en": "nothing is left to draw, so {player}'s draw lapses (R10)",
        "sv": "det finns inget kvar att dra, så {player} drar inget kort (R10)",
    },
    "ev_starter_back": {
        "en": "{card} was turned up first; it is shuffled back into the talon ({rule})",
        "sv": "{card} vändes upp först; det blandas tillbaka i talongen ({rule})",
    },
    "ev_turn_up": {
        "en": "{card} is turned up and starts the pile (R2)",
        "sv": "{card} vänds upp och börjar högen (R2)",
    },
    "ev_out": {
        "en": "{player} goes out and wins the round (R9)",
        "sv": "{player} går ut och vinner omgången (R9)",
    },
    "ev_blocked": {
        "en": "nobody could lay or draw for a whole round of turns: the round is blocked (R10)",
        "sv": "ingen kunde lägga eller dra på ett helt varv: omgången är låst (R10)",
    },
    "player": {"en": "player {n}", "sv": "spelare {n}"},
    "Player": {"en": "Player {n}", "sv": "Spelare {n}"},
    "counts_as": {"en": "{card} (counts as {decl})", "sv": "{card} (räknas som {decl})"},
    "legal": {"en": "Legal", "sv": "Tillåtet"},
    "illegal": {"en": "Not allowed", "sv": "Inte tillåtet"},
}


def _lang_ok(lang: str) -> str:
    if lang not in ("en", "sv"):
        raise ValueError(f"unknown language {lang!r}: use 'sv' or 'en'")
    return lang


def n_cards(n: int, lang: str) -> str:
    """``n_cards(2, "sv") == "två kort"``; ``n_cards(1, "en") == "one card"``."""
    word = _NUMBERS[lang][n] if 0 <= n < len(_NUMBERS[lang]) else str(n)
    if lang == "sv":
        return f"{word} kort"
    return f"{word} card" if n == 1 else f"{word} cards"


def declaration_words(suit: Suit, rank: Rank | None, lang: str) -> str:
    """``"hjärter kung"`` / ``"king of hearts"``, or just the suit's word under O1."""
    if rank is None:
        return suit.name_in(lang)
    return Card(rank, suit).name(lang)


def _format_value(name: str, value: object, lang: str) -> str:
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Suit):
        return value.symbol if name.endswith("_sym") else value.name_in(lang)
    if isinstance(value, Rank):
        return value.symbol
    if name == "decl":
        suit, rank = value  # type: ignore[misc]
        return declaration_words(suit, rank, lang)
    if name == "n_cards":
        return n_cards(int(value), lang)  # type: ignore[arg-type]
    if name == "count":
        return _NUMBERS[lang][value] if isinstance(value, int) and value < 9 else str(value)
    if name == "player":
        if isinstance(value, int):
            return MESSAGES["player"][lang].format(n=value + 1)
        return str(value)
    if name == "cards":
        return " ".join(str(c) for c in value)  # type: ignore[union-attr]
    return str(value)


# The sentences of a legal move that speak to the player ("you go out"), told about a named
# player instead ("Anna goes out") for replays, logs and narrations. Same fields plus {actor}.
THIRD_PERSON: dict[str, dict[str, str]] = {
    "ace_owes": {
        "en": "then {actor} must lay a card of {suit} in the same turn (R7)",
        "sv": "sedan måste {actor} lägga ett kort i {suit} i samma tur (R7)",
    },
    "goes_out": {
        "en": "that was the last card: {actor} goes out and wins the round (R9)",
        "sv": "det var sista kortet: {actor} går ut och vinner omgången (R9)",
    },
    "v2_must_draw": {
        "en": "the last card is a special card, so {actor} does not go out and must draw (V2)",
        "sv": "sista kortet är ett specialkort, så {actor} går inte ut utan måste dra kort (V2)",
    },
    "lappen_called": {
        "en": "{actor} calls “lappen”: one more turn could empty the hand (V3)",
        "sv": "{actor} säger ”lappen”: nästa tur kan handen bli tom (V3)",
    },
    "lappen_penalty": {
        "en": "{actor} could go out next turn but did not call “lappen”: three cards as a penalty (V3)",
        "sv": "{actor} kan gå ut nästa tur men sa inte ”lappen”: tre kort i straff (V3)",
    },
    "draw_ok": {
        "en": "{actor} draws a card — number {n} of at most three this turn (R8)",
        "sv": "{actor} drar ett kort – nummer {n} av högst tre den här turen (R8)",
    },
    "draw_after_special": {
        "en": "{actor} laid a special card last and did not go out, so draws (V2)",
        "sv": "{actor} lade ett specialkort sist och gick inte ut och måste därför dra (V2)",
    },
    "draw_may_play": {
        "en": "after the draw {actor} may lay any legal card or draw again",
        "sv": "efter dragningen får {actor} lägga vilket tillåtet kort som helst eller dra igen",
    },
    "pass_after_three": {
        "en": "{actor} has drawn three cards and passes (R8)",
        "sv": "{actor} har dragit tre kort och står över (R8)",
    },
    "pass_nothing_to_draw": {
        "en": "nothing is left to draw, so {actor} passes (R10)",
        "sv": "det finns inget kvar att dra, så {actor} står över (R10)",
    },
}


def message(key: str, lang: str = "en", *, actor: str | None = None, **params: object) -> str:
    """Format one catalog message: ``message("round_over", "sv") == "omgången är slut (R9)"``.

    With ``actor`` (a player's name) a sentence addressed to the player is told about them:
    ``message("goes_out", "en", actor="Anna")`` → ``"that was the last card: Anna goes out …"``.
    """
    template = MESSAGES[key][_lang_ok(lang)]
    if actor is not None and key in THIRD_PERSON:
        template = THIRD_PERSON[key][lang]
        params = {**params, "actor": actor}
    if key in ("group",) and "rank" in params:
        params = {**params, "plural": plural(params["rank"], lang)}  # type: ignore[arg-type]
    if "top" in params and "top_decl" in params and params["top_decl"] is not None:
        top = MESSAGES["counts_as"][lang].format(
            card=params["top"], decl=declaration_words(*params["top_decl"], lang)
        )
        params = {**params, "top": top}
    if key == "not_a_move":
        return template.format(text=params["text"], error=params["error"])
    values = {name: _format_value(name, value, lang) for name, value in params.items()}
    return template.format(**values)


def _sentence(parts: list[str]) -> str:
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "."


class Verdict:
    """Whether a move is legal here, the rule ids that decide it, and why — in two languages.

    ``bool(verdict)`` is ``verdict.legal``. ``verdict.text("sv")`` explains in Swedish.
    Illegal verdicts carry one reason (the first thing that fails); legal ones carry the
    reason the play fits and what follows from it (draws, a follow-up owed, a penalty …).
    """

    __slots__ = ("legal", "move", "reasons", "_rules")

    legal: bool
    move: Move | None
    reasons: tuple[Reason, ...]

    def __init__(self, legal: bool, move: Move | None, reasons: Iterable[Reason]) -> None:
        object.__setattr__(self, "legal", bool(legal))
        object.__setattr__(self, "move", move)
        object.__setattr__(self, "reasons", tuple(reasons))
        object.__setattr__(self, "_rules", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Verdict is immutable")

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids cited, in order of first mention: ``("R7",)``."""
        cached = self._rules
        if cached is None:
            found: list[str] = []
            for key, _ in self.reasons:
                for rule_id in _rule_ids_of(MESSAGES[key]["en"]):
                    if rule_id not in found:
                        found.append(rule_id)
            cached = tuple(found)
            object.__setattr__(self, "_rules", cached)
        return cached

    def lines(self, lang: str = "en", *, player: str | None = None) -> list[str]:
        """Each reason as its own phrase (see :meth:`text` for ``player``)."""
        return [message(key, lang, actor=player, **dict(params)) for key, params in self.reasons]

    def text(self, lang: str = "en", *, player: str | None = None) -> str:
        """The explanation as one sentence in ``lang`` (``"sv"`` or ``"en"``), addressed to
        the player ("you go out"), or told about ``player`` ("Anna goes out") when a name is
        given — for replays and narrations."""
        return _sentence(self.lines(lang, player=player))

    def __bool__(self) -> bool:
        return self.legal

    def __str__(self) -> str:
        return self.text("en")

    def __repr__(self) -> str:
        state = "legal" if self.legal else "illegal"
        return f"<Verdict {state} {str(self.move) if self.move else ''!r}: {self.text('en')!r}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Verdict):
            return NotImplemented
        return (self.legal, self.move, self.reasons) == (other.legal, other.move, other.reasons)

    def __hash__(self) -> int:
        return hash((self.legal, self.move, self.reasons))

    def _repr_html_(self, lang: str = "en") -> str:
        mark = "✔" if self.legal else "✘"
        word = MESSAGES["legal" if self.legal else "illegal"][lang]
        colour = "#1b5e20" if self.legal else "#b71c1c"
        rules = " ".join(self.rules)
        return (
            f'<div class="vd-verdict" style="font-size:18px;line-height:1.4;border-left:6px solid {colour};'
            f'padding:6px 10px;background:#fafafa">'
            f'<strong style="color:{colour}">{mark} {word}</strong> '
            f"<code>{html.escape(str(self.move or ''))}</code> "
            f'<span style="color:#555">[{html.escape(rules)}]</span><br>{html.escape(self.text(lang))}</div>'
        )


def _rule_ids_of(template: str) -> list[str]:
    # The citations are the parenthesised ids of a template, "(R5, R6)", usually at its end
    # (but "an ace needs a card of its suit to follow (R7): after …" cites in the middle).
    ids: list[str] = []
    for chunk in template.split("(")[1:]:
        group, closed, _ = chunk.partition(")")
        for token in group.split(",") if closed else ():
            token = token.strip()
            if token[:1] in "RVSO" and token[1:].isdigit():
                ids.append(token)
    return ids


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
    count: int = 0
    rule: str = ""

    def text(self, lang: str = "en", *, names: list[str] | None = None, hidden: bool = False) -> str:
        """The event as a sentence. ``hidden=True`` leaves out which cards were drawn."""
        player = (names[self.seat] if names else self.seat) if self.seat is not None else None
        kind = self.kind
        params: dict[str, object] = {"player": player}
        if kind in ("draw", "ace_draw", "starter_draw"):
            key = f"ev_{kind}_hidden" if hidden else f"ev_{kind}"
            params["card"] = self.cards[0]
        elif kind == "penalty":
            key = "ev_penalty_hidden" if hidden or not self.cards else "ev_penalty"
            params["cards"] = self.cards
            params["n_cards"] = len(self.cards)
        elif kind == "reshuffle":
            key, params = "ev_reshuffle", {"n": self.count}
        elif kind == "starter_back":
            key, params = "ev_starter_back", {"card": self.cards[0], "rule": self.rule}
        elif kind == "turn_up":
            key, params = "ev_turn_up", {"card": self.cards[0]}
        else:
            key = f"ev_{kind}"
        return _sentence([message(key, lang, **params)])
