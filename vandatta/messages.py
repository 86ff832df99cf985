"""The engine's message catalog: every sentence and word the engine, its pictures' captions
(``svg_…``), its computer players, the puzzles (``puzzle_…``), the game review (``review_…``)
and the command line (``cli_…``) show a user, in Swedish and English — the one catalog of the
engine (the UI's is :mod:`vandatta_widgets.base.i18n`). The texts live one file per language,
:mod:`vandatta.words` (``words/sv.py``, ``words/en.py``); this module assembles them into the
shapes callers read (``MESSAGES[key][lang]``) and keeps what is not words (``CITES``).

A leaf module: plain data, so every other module may use it.

``MESSAGES`` maps a key to its text in each language. ``{name}`` fields are filled by
:func:`vandatta.explain.message`. A key ending in ``.actor`` is the same sentence told about a
named player ("Anna goes out") instead of addressed to the player ("you go out"): replays and
narrations use it. ``CITES`` gives the rule ids a reason rests on, as data: a verdict's
``rules`` come from here, never from the text, and the citation "(R4)" is written after the
text from the same data (or where the text has a ``{cite}`` field). Words follow the project's
glossary (docs/glossary.md): *omgång* for a round,
*datorspelare* for a computer player, *slumpspelare* for the one that plays at random.

>>> MESSAGES["round_over"]["sv"], CITES["round_over"]
('omgången är slut', ('R9',))
"""

from __future__ import annotations

from .lang import LANGS, check_lang, number_word, plural
from .words import WORDS_BY_LANG

__all__ = [
    "LANGUAGES",
    "TERMS",
    "term",
    "count",
    "MESSAGES",
    "CITES",
    "NUMBERS",
    "ORDINALS",
    "SUIT_WORDS",
    "RANK_WORDS",
    "RANK_PLURALS",
    "RULE_TITLES",
    "PRESET_DESCRIPTIONS",
]

LANGUAGES = LANGS


def _assemble(table: str) -> dict[str, dict[str, str]]:
    """``{key: {lang: text}}`` from each language's file; Swedish names the keys (a key a file
    lacks is left out here and named by ``tests/engine/test_words_homes.py``)."""
    files = {lang: getattr(WORDS_BY_LANG[lang], table) for lang in LANGS}
    return {key: {lang: files[lang][key] for lang in LANGS if key in files[lang]} for key in files["sv"]}


# The game's nouns (a seat's name, n cards, the computer players' kinds), the one home of each:
# the engine's sentences and the UI's say them through term() and count().
TERMS: dict[str, dict[str, str]] = _assemble("TERMS")


def term(key: str, lang: str = "en", *, capital: bool = False, **params: object) -> str:
    """A noun of the game from ``TERMS`` in ``lang``, its ``{fields}`` filled in; ``capital``
    for the start of a line or a label.

    >>> term("player", "sv", n=2), term("player", "en", n=2, capital=True), term("kind.strong", "sv")
    ('spelare 2', 'Player 2', 'stark datorspelare')
    """
    text = TERMS[key][check_lang(lang)]
    text = text.format(**params) if params else text
    return text[:1].upper() + text[1:] if capital else text


def count(noun: str, n: int, lang: str = "en", *, digits: bool = False) -> str:
    """``n`` of a counted noun of ``TERMS`` (``"cards"``), in the form ``n`` takes in ``lang``
    (:func:`vandatta.lang.plural`), ``n`` said in words up to eight (``"ett kort"``, ``"inga
    kort"``: Swedish counts cards as neuter) or, with ``digits``, as digits.

    >>> count("cards", 1, "sv"), count("cards", 0, "en"), count("cards", 2, "en"), count("cards", 1, "en", digits=True)
    ('ett kort', 'no cards', 'two cards', '1 card')
    """
    said = str(n) if digits else number_word(n, lang)
    return plural(n, lang, one=term(f"{noun}.one", lang, n=said), other=term(f"{noun}.other", lang, n=said))


MESSAGES: dict[str, dict[str, str]] = _assemble("MESSAGES")
# Every rule id of the rulebook with its short title.
RULE_TITLES: dict[str, dict[str, str]] = _assemble("RULE_TITLES")
# Each named preset of vandatta.rules.PRESETS, in one line.
PRESET_DESCRIPTIONS: dict[str, dict[str, str]] = _assemble("PRESET_DESCRIPTIONS")


# The rule ids each reason rests on (the rulebook's, docs/rules.en.md), cited after its text: "… (R4)". A reason
# without an entry cites no rule ("you hold no 7♠").
CITES: dict[str, tuple[str, ...]] = {
    # the game review's sentences (vandatta.ai.review)
    "review_called": ("V3",),
    "review_lappen_missed": ("V3",),
    "review_v2_not_out": ("V2",),
    "review_special_only": ("V2",),
    "same_suit": ("R4",),
    "same_rank": ("R4",),
    "same_rank_group": ("R4",),
    "same_rank_same_suit": ("R4",),
    "eight_wild": ("R6",),
    "eight_wild_first": ("R6",),
    "eight_on_plain": ("R6", "V1"),
    "follow_up_ok": ("R7",),
    "follow_up_eight": ("R7", "R6"),
    "group": ("R5",),
    "group_eights": ("R5", "R6"),
    "ace_draws": ("R7",),
    "ace_owes": ("R7",),
    "goes_out": ("R9",),
    "v2_must_draw": ("V2",),
    "lappen_called": ("V3",),
    "lappen_penalty": ("V3",),
    "lappen_penalty_some": ("V3", "R10"),
    "lappen_penalty_none": ("V3", "R10"),
    "lappen_penalty_n": ("V3", "O6"),
    "lappen_penalty_n_some": ("V3", "O6", "R10"),
    "lappen_penalty_n_none": ("V3", "O6", "R10"),
    "varning_called": ("O9",),
    "varning_penalty": ("O9", "O6"),
    "varning_penalty_some": ("O9", "O6", "R10"),
    "varning_penalty_none": ("O9", "O6", "R10"),
    "varning_off": ("O9",),
    "varning_not_three": ("O9",),
    "varning_turn_goes_on": ("O9",),
    "ev_penalty_varning": ("O9",),
    "ev_penalty_varning_hidden": ("O9",),
    "ev_penalty_varning_lapsed": ("O9", "R10"),
    "draw_ok_one": ("O8",),
    "draw_ok_until": ("O8",),
    "pass_after_one": ("O8",),
    "draw_limit_one": ("O8",),
    "pass_before_one": ("O8",),
    "pass_until": ("O8",),
    "must_lay_until": ("O8",),
    "pass_fits_until": ("O8",),
    "drawn_only": ("O5",),
    "draw_may_play_drawn": ("O5",),
    "eight_last_resort": ("O11",),
    "one_eight_a_play": ("O12",),
    "ace_finish": ("O13",),
    "ace_finish_ace": ("O13", "R7"),
    "lappen_too_early": ("V3", "O14"),
    "goes_out_places": ("R9", "O10"),
    "turn_passes": ("R3",),
    "draw_ok": ("R8",),
    "draw_reshuffle": ("R10",),
    "draw_after_special": ("V2",),
    "pass_after_three": ("R8",),
    "pass_nothing_to_draw": ("R10",),
    "pass_blocks": ("R10",),
    "round_over": ("R9",),
    "round_blocked": ("R10",),
    "mixed_ranks": ("R5",),
    "no_match": ("R4",),
    "no_match_suit_only": ("O1",),
    "follow_up_wrong_suit": ("R7",),
    "follow_up_eight_other_suit": ("R7",),
    "follow_up_owed": ("R7",),
    "ace_needs_follow_up": ("R7",),
    "special_on_special": ("V1",),
    "special_group": ("V1",),
    "eight_undeclared": ("R6",),
    "eight_undeclared_suit": ("R6", "O1"),
    "eight_needs_rank": ("R6",),
    "eight_suit_only": ("O1",),
    "draw_limit": ("R8",),
    "draw_nothing": ("R10",),
    "pass_too_early": ("R8",),
    "pass_must_draw_v2": ("V2",),
    "lappen_off": ("V3",),
    "lappen_not_ready": ("V3",),
    "lappen_turn_goes_on": ("V3",),
    "lappen_going_out": ("R9",),
    "ev_draw": ("R8",),
    "ev_draw_hidden": ("R8",),
    "ev_ace_draw": ("R7",),
    "ev_ace_draw_hidden": ("R7",),
    "ev_starter_draw": ("R11",),
    "ev_starter_draw_hidden": ("R11",),
    "ev_penalty": ("V3",),
    "ev_penalty_hidden": ("V3",),
    "ev_penalty_lapsed": ("V3", "R10"),
    "ev_reshuffle": ("R10",),
    "ev_lapse": ("R10",),
    "ev_starter_back": ("R11",),
    "ev_starter_back_special": ("O2",),
    "ev_turn_up": ("R2",),
    "narrate_points": ("S1",),
    "hint_v2_not_out": ("V2",),
    "hint_pass_one": ("O8",),
    "hint_draw_forced_o8": ("O8",),
    "hint_draw_only_eight_o8": ("O8",),
    "hint_special_only": ("V2",),
    "hint_lappen": ("V3",),
    "hint_draw_v2": ("V2",),
    "ev_out": ("R9",),
    "ev_out_place": ("O10",),
    "ev_penalty_early": ("O14",),
    "ev_penalty_early_hidden": ("O14",),
    "ev_penalty_early_lapsed": ("O14", "R10"),
    "ev_blocked": ("R10",),
}

# Zero to eight counting cards ("inga kort", "ett kort"): the one table is vandatta.lang's.
NUMBERS: dict[str, tuple[str, ...]] = {lang: tuple(number_word(n, lang) for n in range(9)) for lang in LANGS}
ORDINALS: dict[str, tuple[str, ...]] = {lang: WORDS_BY_LANG[lang].ORDINALS for lang in LANGS}
# Suits ♠ ♥ ♦ ♣ and ranks A 2 … K, in the order of vandatta.cards.Suit and Rank.
SUIT_WORDS: dict[str, tuple[str, ...]] = {lang: WORDS_BY_LANG[lang].SUIT_WORDS for lang in LANGS}
RANK_WORDS: dict[str, tuple[str, ...]] = {lang: WORDS_BY_LANG[lang].RANK_WORDS for lang in LANGS}
RANK_PLURALS: dict[str, tuple[str, ...]] = {lang: WORDS_BY_LANG[lang].RANK_PLURALS for lang in LANGS}
