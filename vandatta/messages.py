"""The engine's message catalog: every sentence and word the engine, its pictures' captions
(``svg_…``), its computer players, the puzzles (``puzzle_…``), the game review (``review_…``)
and the command line (``cli_…``) show a user, in Swedish and English — the one catalog of the
engine (the UI's is :mod:`vandatta_widgets.base.i18n`).

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

from .lang import number_word

__all__ = [
    "LANGUAGES",
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

LANGUAGES = ("sv", "en")

MESSAGES: dict[str, dict[str, str]] = {
    # -- why a legal play may be laid (rule R4, R6, R7 and V1 decide the first card) ----------
    "same_suit": {
        "en": "{card} on {top}: same suit, {suit}",
        "sv": "{card} på {top}: samma färg, {suit}",
    },
    "same_rank": {
        "en": "{card} on {top}: same rank — {suit} is now the suit",
        "sv": "{card} på {top}: samma valör – nu gäller {suit}",
    },
    "same_rank_group": {  # the first card of a group: the last card says which suit holds
        "en": "{card} on {top}: same rank",
        "sv": "{card} på {top}: samma valör",
    },
    "same_rank_same_suit": {
        "en": "{card} on {top}: same suit and same rank",
        "sv": "{card} på {top}: samma färg och samma valör",
    },
    "eight_wild": {
        "en": "{card} is an eight and may be laid on anything; it now counts as {decl}",
        "sv": "{card} är en åtta och får läggas på vad som helst; den räknas nu som {decl}",
    },
    "eight_wild_first": {  # the first eight of a group of eights
        "en": "{card} is an eight and may be laid on anything",
        "sv": "{card} är en åtta och får läggas på vad som helst",
    },
    "eight_on_plain": {
        "en": "{card} is an eight, and {top} is not a special card, so the eight may be laid on it; "
        "it now counts as {decl}",
        "sv": "{card} är en åtta, och {top} är inget specialkort, så åttan får läggas på det; "
        "den räknas nu som {decl}",
    },
    "follow_up_ok": {
        "en": "{card} follows the ace with its suit, {suit}",
        "sv": "{card} följer esset i samma färg, {suit}",
    },
    "follow_up_eight": {
        "en": "{card} follows the ace with its suit, {suit}; it now counts as {decl}",
        "sv": "{card} följer esset i samma färg, {suit}; den räknas nu som {decl}",
    },
    # -- groups (R5) ---------------------------------------------------------------------------
    "group": {
        "en": "{count} {plural} at once; the last one laid, {last}, is on top: {suit} is now the suit",
        "sv": "{count} {plural} på en gång; det sista kortet, {last}, hamnar överst: nu gäller {suit}",
    },
    "group_eights": {
        "en": "{count} eights at once; the last one, {last}, counts as {decl}",
        "sv": "{count} åttor på en gång; den sista, {last}, räknas som {decl}",
    },
    # -- what follows a play ----------------------------------------------------------------
    "ace_draws": {
        "en": "every other player draws {n_cards}",
        "sv": "alla andra drar {n_cards}",
    },
    "ace_owes": {
        "en": "then you must lay a card of {suit} in the same turn",
        "sv": "sedan måste du lägga ett kort i {suit} i samma tur",
    },
    "ace_owes.actor": {
        "en": "then {actor} must lay a card of {suit} in the same turn",
        "sv": "sedan måste {actor} lägga ett kort i {suit} i samma tur",
    },
    "goes_out": {
        "en": "that was your last card: you go out and win the round",
        "sv": "det var ditt sista kort: du går ut och vinner omgången",
    },
    "goes_out.actor": {
        "en": "that was the last card: {actor} goes out and wins the round",
        "sv": "det var sista kortet: {actor} går ut och vinner omgången",
    },
    "v2_must_draw": {
        "en": "your last card is a special card, so you do not go out: you must draw",
        "sv": "ditt sista kort är ett specialkort, så du går inte ut: du måste dra kort",
    },
    "v2_must_draw.actor": {
        "en": "the last card is a special card, so {actor} does not go out and must draw",
        "sv": "sista kortet är ett specialkort, så {actor} går inte ut utan måste dra kort",
    },
    "lappen_called": {
        "en": "you call “lappen”: one more turn could empty your hand",
        "sv": "du säger ”lappen”: nästa tur kan du bli av med alla kort",
    },
    "lappen_called.actor": {
        "en": "{actor} calls “lappen”: one more turn could empty the hand",
        "sv": "{actor} säger ”lappen”: nästa tur kan handen bli tom",
    },
    "lappen_penalty": {
        "en": "you could then go out next turn, so if you don't call “lappen” you draw three cards as a penalty",
        "sv": "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” drar du tre kort i straff",
    },
    "lappen_penalty.actor": {
        "en": "{actor} could go out next turn but did not call “lappen”: three cards as a penalty",
        "sv": "{actor} kunde gå ut nästa tur men sa inte ”lappen”: tre kort i straff",
    },
    "lappen_penalty_some": {
        "en": "you could then go out next turn, so if you don't call “lappen” you must draw three cards as "
        "a penalty — but only {n_cards} can be drawn",
        "sv": "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” ska du dra tre kort i straff – "
        "men bara {n_cards} finns att dra",
    },
    "lappen_penalty_some.actor": {
        "en": "{actor} could go out next turn but did not call “lappen”: three cards as a penalty, "
        "but only {n_cards} could be drawn",
        "sv": "{actor} kunde gå ut nästa tur men sa inte ”lappen”: tre kort i straff, men bara "
        "{n_cards} fanns att dra",
    },
    "lappen_penalty_none": {
        "en": "you could then go out next turn, so if you don't call “lappen” you must draw three cards as "
        "a penalty — but nothing is left to draw, so you draw none",
        "sv": "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” ska du dra tre kort i straff – "
        "men det finns inget kvar att dra, så du drar inga",
    },
    "lappen_penalty_none.actor": {
        "en": "{actor} could go out next turn but did not call “lappen”: three cards as a penalty, "
        "but nothing was left to draw",
        "sv": "{actor} kunde gå ut nästa tur men sa inte ”lappen”: tre kort i straff, men det fanns "
        "inget kvar att dra",
    },
    "lappen_penalty_n": {
        "en": "you could then go out next turn, so if you don't call “lappen” you draw {count} cards as a penalty",
        "sv": "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” drar du {count} kort i straff",
    },
    "lappen_penalty_n.actor": {
        "en": "{actor} could go out next turn but did not call “lappen”: {count} cards as a penalty",
        "sv": "{actor} kunde gå ut nästa tur men sa inte ”lappen”: {count} kort i straff",
    },
    "lappen_penalty_n_some": {
        "en": "you could then go out next turn, so if you don't call “lappen” you must draw {count} cards as "
        "a penalty — but only {n_cards} can be drawn",
        "sv": "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” ska du dra {count} kort i straff – "
        "men bara {n_cards} finns att dra",
    },
    "lappen_penalty_n_some.actor": {
        "en": "{actor} could go out next turn but did not call “lappen”: {count} cards as a penalty, "
        "but only {n_cards} could be drawn",
        "sv": "{actor} kunde gå ut nästa tur men sa inte ”lappen”: {count} kort i straff, men bara "
        "{n_cards} fanns att dra",
    },
    "lappen_penalty_n_none": {
        "en": "you could then go out next turn, so if you don't call “lappen” you must draw {count} cards as "
        "a penalty — but nothing is left to draw, so you draw none",
        "sv": "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” ska du dra {count} kort i straff – "
        "men det finns inget kvar att dra, så du drar inga",
    },
    "lappen_penalty_n_none.actor": {
        "en": "{actor} could go out next turn but did not call “lappen”: {count} cards as a penalty, "
        "but nothing was left to draw",
        "sv": "{actor} kunde gå ut nästa tur men sa inte ”lappen”: {count} kort i straff, men det fanns "
        "inget kvar att dra",
    },
    "varning_called": {
        "en": "you call “varning”: you have three cards left",
        "sv": "du säger ”varning”: du har tre kort kvar",
    },
    "varning_called.actor": {
        "en": "{actor} calls “varning”: three cards left",
        "sv": "{actor} säger ”varning”: tre kort kvar",
    },
    "varning_penalty": {
        "en": "you then have three cards left, so if you don't call “varning” you draw {count} cards as a penalty",
        "sv": "sedan har du tre kort kvar, så om du inte säger ”varning” drar du {count} kort i straff",
    },
    "varning_penalty.actor": {
        "en": "{actor} had three cards left but did not call “varning”: {count} cards as a penalty",
        "sv": "{actor} hade tre kort kvar men sa inte ”varning”: {count} kort i straff",
    },
    "varning_penalty_some": {
        "en": "you then have three cards left, so if you don't call “varning” you must draw {count} cards as "
        "a penalty — but only {n_cards} can be drawn",
        "sv": "sedan har du tre kort kvar, så om du inte säger ”varning” ska du dra {count} kort i straff – "
        "men bara {n_cards} finns att dra",
    },
    "varning_penalty_some.actor": {
        "en": "{actor} had three cards left but did not call “varning”: {count} cards as a penalty, "
        "but only {n_cards} could be drawn",
        "sv": "{actor} hade tre kort kvar men sa inte ”varning”: {count} kort i straff, men bara "
        "{n_cards} fanns att dra",
    },
    "varning_penalty_none": {
        "en": "you then have three cards left, so if you don't call “varning” you must draw {count} cards as "
        "a penalty — but nothing is left to draw, so you draw none",
        "sv": "sedan har du tre kort kvar, så om du inte säger ”varning” ska du dra {count} kort i straff – "
        "men det finns inget kvar att dra, så du drar inga",
    },
    "varning_penalty_none.actor": {
        "en": "{actor} had three cards left but did not call “varning”: {count} cards as a penalty, "
        "but nothing was left to draw",
        "sv": "{actor} hade tre kort kvar men sa inte ”varning”: {count} kort i straff, men det fanns "
        "inget kvar att dra",
    },
    "turn_passes": {
        "en": "the turn goes to {player}",
        "sv": "turen går över till {player}",
    },
    "draw_ok": {
        "en": "you draw a card — the {nth} of at most three this turn",
        "sv": "du drar ett kort – det {nth} av högst tre den här turen",
    },
    "draw_ok.actor": {
        "en": "{actor} draws a card — the {nth} of at most three this turn",
        "sv": "{actor} drar ett kort – det {nth} av högst tre den här turen",
    },
    "draw_reshuffle": {
        "en": "the talon is empty, so the pile under the top card is shuffled into a new talon",
        "sv": "talongen är tom, så högen under det översta kortet blandas om till en ny talong",
    },
    "draw_after_special": {
        "en": "you laid a special card last and did not go out, so you draw",
        "sv": "du lade ett specialkort sist och gick inte ut, så du drar",
    },
    "draw_after_special.actor": {
        "en": "{actor} laid a special card last and did not go out, so draws",
        "sv": "{actor} lade ett specialkort sist och gick inte ut och måste därför dra",
    },
    "draw_may_play": {
        "en": "after drawing you may lay any card that is allowed, or draw again",
        "sv": "när du har dragit får du lägga vilket tillåtet kort som helst eller dra igen",
    },
    "draw_may_play.actor": {
        "en": "{actor} may then lay any card that is allowed, or draw again",
        "sv": "sedan får {actor} lägga vilket tillåtet kort som helst eller dra igen",
    },
    "draw_ok_one": {
        "en": "you draw a card — the only one you may draw this turn: then lay a card or pass",
        "sv": "du drar ett kort – det enda du får dra den här turen: sedan lägger du ett kort eller står över",
    },
    "draw_ok_one.actor": {
        "en": "{actor} draws a card — the only one allowed this turn: then {actor} lays a card or passes",
        "sv": "{actor} drar ett kort – det enda som får dras den här turen: sedan lägger {actor} ett kort "
        "eller står över",
    },
    "draw_ok_until": {
        "en": "you draw a card: no card of yours fits, so you draw until one does",
        "sv": "du drar ett kort: inget av dina kort passar, så du drar tills något passar",
    },
    "draw_ok_until.actor": {
        "en": "{actor} draws a card: nothing fits, so {actor} draws until something does",
        "sv": "{actor} drar ett kort: inget passar, så {actor} drar tills något passar",
    },
    "pass_after_one": {
        "en": "you have drawn your card and pass",
        "sv": "du har dragit ditt kort och står över",
    },
    "pass_after_one.actor": {
        "en": "{actor} has drawn a card and passes",
        "sv": "{actor} har dragit ett kort och står över",
    },
    "pass_after_three": {
        "en": "you have drawn three cards and pass",
        "sv": "du har dragit tre kort och står över",
    },
    "pass_after_three.actor": {
        "en": "{actor} has drawn three cards and passes",
        "sv": "{actor} har dragit tre kort och står över",
    },
    "pass_nothing_to_draw": {
        "en": "nothing is left to draw, so you pass",
        "sv": "det finns inget kvar att dra, så du står över",
    },
    "pass_nothing_to_draw.actor": {
        "en": "nothing is left to draw, so {actor} passes",
        "sv": "det finns inget kvar att dra, så {actor} står över",
    },
    "pass_blocks": {
        "en": "everyone has had a turn and nobody has laid or drawn a card: the round is blocked",
        "sv": "ingen har lagt eller dragit något kort på ett helt varv: omgången är låst",
    },
    # -- why a move is not allowed ----------------------------------------------------------
    "round_over": {
        "en": "the round is over",
        "sv": "omgången är slut",
    },
    "round_blocked": {
        "en": "the round is over: it is blocked",
        "sv": "omgången är slut: den är låst",
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
        "en": "{card} and {other} differ in rank: cards laid together must be of one rank",
        "sv": "{card} och {other} har olika valör: kort som läggs tillsammans måste ha samma valör",
    },
    "no_match": {
        "en": "{card} does not fit: it has neither the suit {suit_sym} nor the rank {rank}",
        "sv": "{card} har varken färgen {suit_sym} eller valören {rank}",
    },
    "no_match_suit_only": {
        "en": "{card} is not {suit}, and on {top} only {suit} or an eight may be laid",
        "sv": "{card} är inte {suit}, och på {top} får bara {suit} eller en åtta läggas",
    },
    "follow_up_wrong_suit": {
        "en": "after the ace you must lay a card of {suit}, and {card} is not one",
        "sv": "efter esset måste du lägga ett kort i {suit}, och {card} är inte det",
    },
    "follow_up_eight_other_suit": {
        "en": "an eight of another suit does not count: the ace must be followed by {suit}",
        "sv": "en åtta i en annan färg räknas inte: esset måste följas av {suit}",
    },
    "follow_up_owed": {
        "en": "after an ace you must lay a card of {suit}; you may not draw or pass",
        "sv": "efter ett ess måste du lägga ett kort i {suit}; du får inte dra eller stå över",
    },
    "ace_needs_follow_up": {
        "en": "an ace needs a card of its suit to follow{cite}: after {card} you would hold no {suit} to lay",
        "sv": "ett ess måste följas av ett kort i samma färg{cite}: efter {card} skulle du inte ha någon "
        "{suit} att lägga",
    },
    "special_on_special": {
        "en": "{card} is a special card and may not be laid on the special card {top}",
        "sv": "{card} är ett specialkort och får inte läggas på specialkortet {top}",
    },
    "special_group": {
        "en": "{card} may not be laid on {other}: no special card on a special card",
        "sv": "{card} får inte läggas på {other}: inget specialkort på ett specialkort",
    },
    "eight_undeclared": {
        "en": "an eight counts as another card: choose a suit and a rank for {card}",
        "sv": "en åtta räknas som ett annat kort: välj färg och valör för åttan {card}",
    },
    "eight_undeclared_suit": {
        "en": "an eight counts as a suit: choose the suit for {card}",
        "sv": "en åtta räknas som en färg: välj färg för åttan {card}",
    },
    "eight_needs_rank": {
        "en": "an eight counts as a suit and a rank: choose a rank for {card} too",
        "sv": "en åtta räknas som både färg och valör: välj en valör för åttan {card} också",
    },
    "eight_suit_only": {
        "en": "when an eight counts as a suit only, you choose only a suit for {card}, no rank",
        "sv": "när åttan bara räknas som en färg väljer du bara färg för åttan {card}, ingen valör",
    },
    "draw_limit": {
        "en": "you have already drawn three cards: lay a card or pass",
        "sv": "du har redan dragit tre kort: lägg ett kort eller stå över",
    },
    "draw_limit_one": {
        "en": "you have already drawn your one card: lay a card or pass",
        "sv": "du har redan dragit ditt kort: lägg ett kort eller stå över",
    },
    "pass_before_one": {
        "en": "you may pass only after drawing a card",
        "sv": "du får stå över först när du har dragit ett kort",
    },
    "pass_until": {
        "en": "no card of yours fits, so you draw until one does — you may pass only when nothing is left to draw",
        "sv": "inget av dina kort passar, så du drar tills något passar – stå över får du bara när det inte "
        "finns något kvar att dra",
    },
    "must_lay_until": {
        "en": "a card of yours fits, so you lay it: you draw only when no card fits",
        "sv": "ett av dina kort passar, så du lägger det: du drar bara när inget kort passar",
    },
    "drawn_only": {
        "en": "after drawing you may lay only the card you have just drawn, {drawn}",
        "sv": "när du har dragit får du bara lägga kortet som du just drog, {drawn}",
    },
    "draw_may_play_drawn": {
        "en": "after drawing you may lay the card you drew, if it fits, or draw again",
        "sv": "när du har dragit får du lägga kortet som du drog, om det passar, eller dra igen",
    },
    "draw_may_play_drawn.actor": {
        "en": "{actor} may then lay the card just drawn, if it fits, or draw again",
        "sv": "sedan får {actor} lägga kortet som just drogs, om det passar, eller dra igen",
    },
    "eight_last_resort": {
        "en": "you may lay an eight only when no other card fits — {other} fits",
        "sv": "du får bara lägga en åtta när inget annat kort passar – {other} passar",
    },
    "one_eight_a_play": {
        "en": "only one eight at a time",
        "sv": "bara en åtta i taget",
    },
    "ace_finish": {
        "en": "you may not go out with an ace and the card after it as your last cards",
        "sv": "du får inte gå ut med ett ess och kortet efter det som dina sista kort",
    },
    "ace_finish_ace": {
        "en": "after {card} only one card would be left, and you may not go out with an ace and the card after it",
        "sv": "efter {card} skulle du bara ha ett kort kvar, och du får inte gå ut med ett ess och kortet efter det",
    },
    "lappen_too_early": {
        "en": "you called “lappen” too early: your hand cannot be emptied in one turn, so you draw a card",
        "sv": "du sa ”lappen” för tidigt: handen kan inte tömmas på en tur, så du drar ett kort",
    },
    "lappen_too_early.actor": {
        "en": "{actor} called “lappen” too early and draws a card",
        "sv": "{actor} sa ”lappen” för tidigt och drar ett kort",
    },
    "goes_out_places": {
        "en": "you go out and get a place; the others play on",
        "sv": "du går ut och får en placering; de andra spelar vidare",
    },
    "goes_out_places.actor": {
        "en": "{actor} goes out and gets a place; the others play on",
        "sv": "{actor} går ut och får en placering; de andra spelar vidare",
    },
    "pass_fits_until": {
        "en": "a card of yours fits, so you lay it: you pass only when no card fits and nothing is left to draw",
        "sv": "ett av dina kort passar, så du lägger det: du står över bara när inget kort passar och det "
        "inte finns något kvar att dra",
    },
    "draw_nothing": {
        "en": "there is nothing to draw: the talon is empty and the pile has only its top card",
        "sv": "det finns inget att dra: talongen är tom och i högen ligger bara det översta kortet",
    },
    "pass_too_early": {
        "en": "you may pass only after drawing three cards — you have drawn {n}",
        "sv": "du får stå över först när du har dragit tre kort – du har dragit {n}",
    },
    "pass_must_draw_v2": {
        "en": "your last card was a special card, so you must draw — you have drawn {n} of three",
        "sv": "ditt sista kort var ett specialkort, så du måste dra – du har dragit {n} av tre",
    },
    "lappen_off": {
        "en": "lappen is not in play in this game: the lappen rule is off",
        "sv": "lappen används inte i det här spelet: lappen-regeln är avslagen",
    },
    "lappen_not_ready": {
        "en": "you cannot call “lappen”: your hand could not be emptied in one turn",
        "sv": "du kan inte säga ”lappen”: handen kan inte tömmas på en tur",
    },
    "lappen_turn_goes_on": {
        "en": "lappen is called with the move that ends the turn, and after this the turn goes on",
        "sv": "lappen sägs med draget som avslutar turen, och efter det här fortsätter turen",
    },
    "lappen_going_out": {
        "en": "a play that goes out cannot carry the lappen call",
        "sv": "den som går ut säger inte ”lappen”",
    },
    "varning_off": {
        "en": "varning is not in play in this game: the varning rule is off",
        "sv": "varning används inte i det här spelet: varning-regeln är avslagen",
    },
    "varning_not_three": {
        "en": "you cannot call “varning”: you would have {n_cards} left, and varning is called with three",
        "sv": "du kan inte säga ”varning”: du skulle ha {n_cards} kvar, och varning säger man vid tre kort",
    },
    "varning_turn_goes_on": {
        "en": "varning is called with the move that ends the turn, and after this the turn goes on",
        "sv": "varning sägs med draget som avslutar turen, och efter det här fortsätter turen",
    },
    "not_a_move": {
        "en": "{text!r} is not a move: {error}",
        "sv": "{text!r} är inget drag: {error}",
    },
    # -- events: what happens without a decision ----------------------------------------------
    "ev_draw": {"en": "{player} draws {card}", "sv": "{player} drar {card}"},
    "ev_draw_hidden": {"en": "{player} draws a card", "sv": "{player} drar ett kort"},
    "ev_ace_draw": {
        "en": "{player} draws {card} for the ace",
        "sv": "{player} drar {card} för esset",
    },
    "ev_ace_draw_hidden": {
        "en": "{player} draws a card for the ace",
        "sv": "{player} drar ett kort för esset",
    },
    "ev_starter_draw": {
        "en": "{player} draws {card} for the ace turned up",
        "sv": "{player} drar {card} för det uppvända esset",
    },
    "ev_starter_draw_hidden": {
        "en": "{player} draws a card for the ace turned up",
        "sv": "{player} drar ett kort för det uppvända esset",
    },
    "ev_penalty": {
        "en": "{player} draws {cards} as a penalty for not calling lappen",
        "sv": "{player} drar {cards} i straff för att inte ha sagt lappen",
    },
    "ev_penalty_hidden": {
        "en": "{player} draws {n_cards} as a penalty for not calling lappen",
        "sv": "{player} drar {n_cards} i straff för att inte ha sagt lappen",
    },
    "ev_penalty_lapsed": {
        "en": "{player} did not call lappen, but nothing is left to draw as a penalty",
        "sv": "{player} sa inte lappen, men det finns inget kvar att dra i straff",
    },
    "ev_penalty_varning": {
        "en": "{player} draws {cards} as a penalty for not calling varning",
        "sv": "{player} drar {cards} i straff för att inte ha sagt varning",
    },
    "ev_penalty_varning_hidden": {
        "en": "{player} draws {n_cards} as a penalty for not calling varning",
        "sv": "{player} drar {n_cards} i straff för att inte ha sagt varning",
    },
    "ev_penalty_varning_lapsed": {
        "en": "{player} did not call varning, but nothing is left to draw as a penalty",
        "sv": "{player} sa inte varning, men det finns inget kvar att dra i straff",
    },
    "ev_penalty_early": {
        "en": "{player} draws {cards} as a penalty for calling lappen too early",
        "sv": "{player} drar {cards} i straff för att ha sagt lappen för tidigt",
    },
    "ev_penalty_early_hidden": {
        "en": "{player} draws {n_cards} as a penalty for calling lappen too early",
        "sv": "{player} drar {n_cards} i straff för att ha sagt lappen för tidigt",
    },
    "ev_penalty_early_lapsed": {
        "en": "{player} called lappen too early, but nothing is left to draw as a penalty",
        "sv": "{player} sa lappen för tidigt, men det finns inget kvar att dra i straff",
    },
    "ev_out_place": {
        "en": "{player} goes out in place {place}; the others play on",
        "sv": "{player} går ut och får placering {place}; de andra spelar vidare",
    },
    "ev_reshuffle": {
        "en": "the talon is empty: the pile's {n} cards under the top are shuffled into a new talon",
        "sv": "talongen är slut: högens {n} kort under det översta blandas om till en ny talong",
    },
    "ev_lapse": {
        "en": "nothing is left to draw, so {player}'s draw lapses",
        "sv": "det finns inget kvar att dra, så {player} drar inget kort",
    },
    "ev_starter_back": {
        "en": "{card} is turned up first; it is an eight, so it is shuffled back into the talon",
        "sv": "{card} vänds upp först; det är en åtta, så det blandas tillbaka i talongen",
    },
    "ev_starter_back_special": {
        "en": "{card} is turned up first; it is a special card, so it is shuffled back into the talon",
        "sv": "{card} vänds upp först; det är ett specialkort, så det blandas tillbaka i talongen",
    },
    "ev_turn_up": {
        "en": "{card} is turned up and starts the pile",
        "sv": "{card} vänds upp och börjar högen",
    },
    "ev_out": {
        "en": "{player} goes out and wins the round",
        "sv": "{player} går ut och vinner omgången",
    },
    "ev_blocked": {
        "en": "everyone has had a turn and nobody could lay or draw: the round is blocked",
        "sv": "ingen kunde lägga eller dra på ett helt varv: omgången är låst",
    },
    # the same events told to the seat they happened to (Event.text(..., you=seat)): "du drar 3♦"
    "ev_draw.you": {"en": "you draw {card}", "sv": "du drar {card}"},
    "ev_draw_hidden.you": {"en": "you draw a card", "sv": "du drar ett kort"},
    "ev_ace_draw.you": {"en": "you draw {card} for the ace", "sv": "du drar {card} för esset"},
    "ev_ace_draw_hidden.you": {"en": "you draw a card for the ace", "sv": "du drar ett kort för esset"},
    "ev_starter_draw.you": {
        "en": "you draw {card} for the ace turned up",
        "sv": "du drar {card} för det uppvända esset",
    },
    "ev_starter_draw_hidden.you": {
        "en": "you draw a card for the ace turned up",
        "sv": "du drar ett kort för det uppvända esset",
    },
    "ev_penalty.you": {
        "en": "you draw {cards} as a penalty for not calling lappen",
        "sv": "du drar {cards} i straff för att du inte sa lappen",
    },
    "ev_penalty_hidden.you": {
        "en": "you draw {n_cards} as a penalty for not calling lappen",
        "sv": "du drar {n_cards} i straff för att du inte sa lappen",
    },
    "ev_penalty_lapsed.you": {
        "en": "you did not call lappen, but nothing is left to draw as a penalty",
        "sv": "du sa inte lappen, men det finns inget kvar att dra i straff",
    },
    "ev_penalty_varning.you": {
        "en": "you draw {cards} as a penalty for not calling varning",
        "sv": "du drar {cards} i straff för att du inte sa varning",
    },
    "ev_penalty_varning_hidden.you": {
        "en": "you draw {n_cards} as a penalty for not calling varning",
        "sv": "du drar {n_cards} i straff för att du inte sa varning",
    },
    "ev_penalty_varning_lapsed.you": {
        "en": "you did not call varning, but nothing is left to draw as a penalty",
        "sv": "du sa inte varning, men det finns inget kvar att dra i straff",
    },
    "ev_penalty_early.you": {
        "en": "you draw {cards} as a penalty for calling lappen too early",
        "sv": "du drar {cards} i straff för att du sa lappen för tidigt",
    },
    "ev_penalty_early_hidden.you": {
        "en": "you draw {n_cards} as a penalty for calling lappen too early",
        "sv": "du drar {n_cards} i straff för att du sa lappen för tidigt",
    },
    "ev_penalty_early_lapsed.you": {
        "en": "you called lappen too early, but nothing is left to draw as a penalty",
        "sv": "du sa lappen för tidigt, men det finns inget kvar att dra i straff",
    },
    "ev_out_place.you": {
        "en": "you go out in place {place}; the others play on",
        "sv": "du går ut och får placering {place}; de andra spelar vidare",
    },
    "ev_lapse.you": {
        "en": "nothing is left to draw, so you draw no card",
        "sv": "det finns inget kvar att dra, så du drar inget kort",
    },
    "ev_out.you": {"en": "you go out and win the round", "sv": "du går ut och vinner omgången"},
    # -- small words ----------------------------------------------------------------------------
    "player": {"en": "player {n}", "sv": "spelare {n}"},
    "Player": {"en": "Player {n}", "sv": "Spelare {n}"},
    "counts_as": {"en": "{card} (counts as {decl})", "sv": "{card} (räknas som {decl})"},
    "legal": {"en": "Allowed", "sv": "Tillåtet"},
    "illegal": {"en": "Not allowed", "sv": "Inte tillåtet"},
    "n_cards": {"en": "{n} cards", "sv": "{n} kort"},
    "one_card": {"en": "one card", "sv": "ett kort"},
    # -- narration (vandatta.record.narrate) -----------------------------------------------------
    "narrate_start": {
        "en": "Start: {top} is on top; the talon has {talon}. {player} begins.",
        "sv": "Start: {top} ligger överst; talongen har {talon}. {player} börjar.",
    },
    "narrate_points": {"en": "Points{cite}: {score}.", "sv": "Poäng{cite}: {score}."},
    # -- a move in words (vandatta.explain.move_words) --------------------------------------------
    "move_draw": {"en": "draw a card", "sv": "dra ett kort"},
    "move_pass": {"en": "pass", "sv": "stå över"},
    "move_phrase_draw": {"en": "drawing a card", "sv": "att dra ett kort"},
    "move_phrase_pass": {"en": "passing", "sv": "att stå över"},
    "move_phrase_eight": {"en": "{card} (counts as the {decl})", "sv": "{card} (räknas som {decl})"},
    # -- the computer players ---------------------------------------------------------------------
    "player_kind_random": {"en": "random player", "sv": "slumpspelare"},
    "player_kind_beginner": {"en": "beginner", "sv": "nybörjare"},
    "player_kind_expert": {"en": "expert", "sv": "expert"},
    "player_kind_strong": {"en": "strong computer player", "sv": "stark datorspelare"},
    # -- the hint (vandatta.ai.hint) -------------------------------------------------------------
    "hint_goes_out": {"en": "goes out and wins the round", "sv": "du går ut och vinner omgången"},
    "hint_v2_not_out": {
        "en": "your last card is a special card, so you do not go out — you must draw",
        "sv": "ditt sista kort är ett specialkort, så du går inte ut – du måste dra",
    },
    "hint_group": {"en": "gets rid of {n} {plural} at once", "sv": "blir av med {n} {plural} på en gång"},
    "hint_ace_others": {"en": "makes the {n} others draw", "sv": "får de {n} andra att dra"},
    "hint_ace_other": {"en": "makes the other player draw", "sv": "får den andra spelaren att dra"},
    "hint_ace_danger": {
        "en": "just when someone has only {cards} left",
        "sv": "just när någon bara har {cards} kvar",
    },
    "hint_ace_follow": {"en": "then {card} follows in {suit}", "sv": "sedan följer {card} i {suit}"},
    "hint_eight_kept": {"en": "keeps your eight for later", "sv": "sparar åttan till senare"},
    "hint_eights_kept": {"en": "keeps your eights for later", "sv": "sparar åttorna till senare"},
    "hint_eight_spent": {
        "en": "spends your eight although another card fits",
        "sv": "använder åttan fast ett annat kort passar",
    },
    "hint_eight_needed": {
        "en": "nothing else fits, so the eight does the job",
        "sv": "inget annat passar, så åttan får göra jobbet",
    },
    "hint_declare": {
        "en": "the eight counts as the {decl} — you hold {k} more {suit}",
        "sv": "åttan räknas som {decl} – du har {k} {suit} till",
    },
    "hint_declare_suit": {
        "en": "the eight counts as {decl} — you hold {k} more {suit}",
        "sv": "åttan räknas som {decl} – du har {k} {suit} till",
    },
    "hint_last_of_suit_eight": {
        "en": "your last {sym} — after this you can only follow with an eight",
        "sv": "ditt sista {sym} – efter det kan du bara följa med en åtta",
    },
    "hint_last_of_suit": {
        "en": "your last {sym} — none of your cards will fit on it",
        "sv": "ditt sista {sym} – inget av dina kort passar på det sedan",
    },
    "hint_keeps_suit": {
        "en": "leaves {suit} on top, and you hold {cards} that fit",
        "sv": "lämnar {suit} överst, och du har {cards} som passar",
    },
    "hint_keeps_suit_one": {
        "en": "leaves {suit} on top, and you hold one card that fits",
        "sv": "lämnar {suit} överst, och du har ett kort som passar",
    },
    "hint_high_points": {
        "en": "sheds {p} points while someone is close to going out",
        "sv": "blir av med {p} poäng medan någon snart går ut",
    },
    "hint_one_turn": {
        "en": "leaves a hand you could empty in one turn",
        "sv": "kvar blir en hand du kan bli av med på en tur",
    },
    "hint_special_only": {
        "en": "leaves you only special cards, and you cannot go out on them",
        "sv": "kvar blir bara specialkort, och på dem kan du inte gå ut",
    },
    "hint_lappen": {"en": "and you call “lappen”", "sv": "och du säger ”lappen”"},
    "hint_draw_forced": {
        "en": "nothing fits: draw a card, your {nth} of at most three",
        "sv": "inget kort passar: dra ett kort, ditt {nth} av högst tre",
    },
    "hint_draw_only_eight": {
        "en": "draws rather than spend your eight: your {nth} card of at most three",
        "sv": "drar hellre än att använda åttan: ditt {nth} kort av högst tre",
    },
    "hint_draw_forced_o8": {
        "en": "nothing fits: draw a card",
        "sv": "inget kort passar: dra ett kort",
    },
    "hint_draw_only_eight_o8": {
        "en": "draws rather than spend your eight",
        "sv": "drar hellre än att använda åttan",
    },
    "hint_draw_voluntary": {
        "en": "draws although you could lay a card",
        "sv": "drar fast du kan lägga ett kort",
    },
    "hint_draw_v2": {
        "en": "you laid a special card last and did not go out: draw",
        "sv": "du lade ett specialkort sist och gick inte ut: dra",
    },
    "hint_pass_three": {"en": "you have drawn three cards: pass", "sv": "du har dragit tre kort: stå över"},
    "hint_pass_one": {"en": "you have drawn your one card: pass", "sv": "du har dragit ditt kort: stå över"},
    "hint_pass_empty": {
        "en": "there is nothing left to draw: pass",
        "sv": "det finns inget kvar att dra: stå över",
    },
    "hint_follow_up": {"en": "follows the ace in {suit}", "sv": "följer esset i {suit}"},
    "hint_title": {
        "en": "Hint for {player}: {n} candidates, {p} playouts",
        "sv": "Tips till {player}: {n} möjliga drag, {p} simulerade spel",
    },
    "hint_head_move": {"en": "move", "sv": "drag"},
    "hint_head_chance": {"en": "chance to win", "sv": "chans att vinna"},
    "hint_head_why": {"en": "why", "sv": "varför"},
    # -- the command line --------------------------------------------------------------------
    "cli_needs_ui": {
        "en": "'vandatta {command}' needs the app's user interface (the package widgets), which is not installed here",
        "sv": "'vandatta {command}' behöver appens användargränssnitt (paketet widgets), som inte är installerat här",
    },
}

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
NUMBERS: dict[str, tuple[str, ...]] = {
    lang: tuple(number_word(n, lang) for n in range(9)) for lang in ("en", "sv")
}
ORDINALS: dict[str, tuple[str, ...]] = {
    "en": ("", "first", "second", "third"),
    "sv": ("", "första", "andra", "tredje"),
}

# Suits ♠ ♥ ♦ ♣ and ranks A 2 … K, in the order of vandatta.cards.Suit and Rank.
SUIT_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "sv": ("spader", "hjärter", "ruter", "klöver"),
}
RANK_WORDS: dict[str, tuple[str, ...]] = {
    "en": (
        "ace",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "jack",
        "queen",
        "king",
    ),
    "sv": (
        "ess",
        "tvåa",
        "trea",
        "fyra",
        "femma",
        "sexa",
        "sjua",
        "åtta",
        "nia",
        "tia",
        "knekt",
        "dam",
        "kung",
    ),
}
RANK_PLURALS: dict[str, tuple[str, ...]] = {
    "en": (
        "aces",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "sevens",
        "eights",
        "nines",
        "tens",
        "jacks",
        "queens",
        "kings",
    ),
    "sv": (
        "ess",
        "tvåor",
        "treor",
        "fyror",
        "femmor",
        "sexor",
        "sjuor",
        "åttor",
        "nior",
        "tior",
        "knektar",
        "damer",
        "kungar",
    ),
}

# Every rule id of the rulebook with its short title.
RULE_TITLES: dict[str, dict[str, str]] = {
    "R1": {"en": "Players and cards", "sv": "Spelare och kort"},
    "R2": {"en": "The deal", "sv": "Given"},
    "R3": {"en": "Turn order", "sv": "Turordning"},
    "R4": {"en": "Same suit or same rank", "sv": "Samma färg eller valör"},
    "R5": {"en": "Several cards of one rank", "sv": "Flera kort av samma valör"},
    "R6": {"en": "Eights are wild", "sv": "Åttan är joker"},
    "R7": {"en": "Aces make the others draw", "sv": "Ess – de andra drar"},
    "R8": {"en": "Drawing, at most three", "sv": "Dra kort, högst tre"},
    "R9": {"en": "Going out", "sv": "Gå ut"},
    "R10": {"en": "Empty talon, blocked round", "sv": "Tom talong, låst omgång"},
    "R11": {"en": "The first face-up card", "sv": "Det första uppvända kortet"},
    "V1": {"en": "No special card on a special card", "sv": "Inget specialkort på specialkort"},
    "V2": {"en": "No going out on a special card", "sv": "Inte gå ut på specialkort"},
    "V3": {"en": "Lappen", "sv": "Lappen"},
    "S1": {"en": "Card points", "sv": "Kortens poäng"},
    "S2": {"en": "The game to 100", "sv": "Spelet till 100 poäng"},
    "O1": {"en": "Eights name a suit only", "sv": "Åttan bestämmer bara färg"},
    "O2": {"en": "Special starter redrawn", "sv": "Specialkort som första kort blandas tillbaka"},
    "O3": {"en": "First to 100 ends the game", "sv": "Första till 100 avslutar spelet"},
    "O4": {"en": "Cards dealt", "sv": "Antal kort i given"},
    "O5": {"en": "Only the card you drew", "sv": "Bara kortet du drog"},
    "O6": {"en": "Size of the lappen penalty", "sv": "Straffet för lappen"},
    "O7": {"en": "Past 100, the lowest total wins", "sv": "Över 100 vinner lägst poäng"},
    "O8": {"en": "Draw one, or until a card fits", "sv": "Dra ett kort, eller tills något passar"},
    "O9": {"en": "Varning at three cards left", "sv": "Varning vid tre kort kvar"},
    "O10": {"en": "Play on for places", "sv": "Spela vidare om placeringarna"},
    "O11": {"en": "An eight only when nothing else fits", "sv": "Åtta bara när inget annat passar"},
    "O12": {"en": "One eight at a time", "sv": "En åtta i taget"},
    "O13": {"en": "No going out with an ace", "sv": "Inte gå ut med ess"},
    "O14": {"en": "Lappen called too early", "sv": "Lappen för tidigt"},
}

# Each named preset of vandatta.rules.PRESETS, in one line.
PRESET_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "standard": {
        "en": "The rules of the source: six cards each, draw at most three, the last one left below 100 wins.",
        "sv": "Källans regler: sex kort var, dra högst tre kort, den som sist är kvar under 100 poäng vinner.",
    },
    "strict": {
        "en": "The source's three extra rules: no special card on a special card, no going out on one, lappen.",
        "sv": "Källans tre extraregler: inget specialkort på specialkort, inte gå ut på specialkort, och lappen.",
    },
    "crazy_eights": {
        "en": "As in Crazy Eights: an eight names a suit only, and a special first card is shuffled back.",
        "sv": "Som i Crazy Eights: åttan bestämmer bara färg, och ett specialkort som första kort blandas tillbaka.",
    },
    "quick": {
        "en": "A shorter game: it ends as soon as anyone reaches 100 points, and the lowest total wins.",
        "sv": "Ett kortare spel: det slutar när någon når 100 poäng, och den som har minst poäng vinner.",
    },
    "kallan": {
        "en": "Källan (the source): the rules exactly as the source tells them — the same as standard.",
        "sv": "Källan: reglerna precis som källan berättar dem – samma som standard.",
    },
    "sju_kort": {
        "en": "Seven cards each, as on the other Swedish rule pages.",
        "sv": "Sju kort var, som på de andra svenska regelsidorna.",
    },
    "fem_kort": {
        "en": "Five cards each, as in Olsen, and in Crazy Eights with three or more players.",
        "sv": "Fem kort var, som i Olsen, och i Crazy Eights när ni är tre eller fler.",
    },
    "nodecardgame": {
        "en": "As in the web game NodeCardGame: seven cards, no going out on a special card, an eight only "
        "when nothing else fits and one at a time, and you play on for places.",
        "sv": "Som i webbspelet NodeCardGame: sju kort, inte gå ut på specialkort, en åtta bara när inget "
        "annat passar och en i taget, och ni spelar vidare om placeringarna.",
    },
    "sparbanken_eken": {
        "en": "As on Sparbanken Eken's page: seven cards, the source's three extra rules, “varning”, and "
        "no going out with an ace.",
        "sv": "Som på Sparbanken Ekens sida: sju kort, källans tre extraregler, ”varning”, och inte gå ut "
        "med ess.",
    },
    "mau_mau": {
        "en": "As in Mau-Mau: five cards, draw one card and lay only that one, and calling lappen too early "
        "costs a card.",
        "sv": "Som i Mau-Mau: fem kort, dra ett kort och lägg bara det, och att säga lappen för tidigt kostar "
        "ett kort.",
    },
    "varning_och_lappen": {
        "en": "Two calls: “varning” with three cards left and “lappen” when you could go out next turn.",
        "sv": "Två saker att säga: ”varning” när du har tre kort kvar och ”lappen” när du kan gå ut nästa tur.",
    },
}

# -- the puzzles' tasks, hints and misses (vandatta.ai.puzzles) --------------------------------

MESSAGES.update(
    {
        # the tasks
        "puzzle_task_go_out": {
            "sv": "Gå ut på den här turen – bli av med alla dina kort.",
            "en": "Go out this turn – get rid of all your cards.",
        },
        "puzzle_task_ace_out": {
            "sv": "Få alla andra att dra ett kort – och gå ändå ut på den här turen.",
            "en": "Make everyone else draw a card – and still go out this turn.",
        },
        "puzzle_task_stuck": {
            "sv": "{next} visar sina kort. Lägg så att {next} inte kan lägga något kort alls.",
            "en": "{next} shows their cards. Lay so that {next} cannot lay any card at all.",
        },
        "puzzle_task_choose": {
            "sv": "{next} visar sina kort. Lägg din åtta och välj vad den räknas som, så att {next} "
            "inte kan lägga något kort alls.",
            "en": "{next} shows their cards. Lay your eight and choose what it counts as, so that "
            "{next} cannot lay any card at all.",
        },
        "puzzle_task_v2_safe": {
            "sv": "Med V2 går du inte ut om ditt sista kort är en åtta. Lägg så att du kan gå ut nästa tur.",
            "en": "With V2 you do not go out when your last card is an eight. Lay so that you could "
            "go out next turn.",
        },
        # what happened when a legal try missed the goal
        "puzzle_miss_cards_left": {
            "sv": "Du gick inte ut: {cards} är kvar på handen.",
            "en": "You did not go out: {cards} still in your hand.",
        },
        "puzzle_miss_must_draw": {
            "sv": "Med V2 går du inte ut på en åtta – nu skulle du behöva dra.",
            "en": "With V2 an eight as your last card does not go out – now you would have to draw.",
        },
        "puzzle_miss_nobody_drew": {
            "sv": "Du gick ut – men ingen annan fick dra ett kort.",
            "en": "You went out – but nobody else had to draw a card.",
        },
        "puzzle_miss_next_can_lay": {
            "sv": "{next} kan lägga {card}: {why}",
            "en": "{next} can lay {card}: {why}",
        },
        "puzzle_miss_went_out": {
            "sv": "Du gick ut! Men pusslet frågade något annat.",
            "en": "You went out! But the puzzle asked for something else.",
        },
        "puzzle_miss_not_ready": {
            "sv": "Kvar på handen: {cards}. De korten kan du inte lägga på en och samma tur.",
            "en": "Left in your hand: {cards}. You could not lay those cards in one turn.",
        },
        "puzzle_miss_only_special": {
            "sv": "Kvar på handen: {cards}. Med V2 kan du inte gå ut på en åtta.",
            "en": "Left in your hand: {cards}. With V2 you cannot go out on an eight.",
        },
        "puzzle_miss_dead_end": {
            "sv": "Det draget är tillåtet, men efter det kan du inte längre klara pusslet på den här turen.",
            "en": "That move is allowed, but after it you can no longer solve the puzzle this turn.",
        },
        "puzzle_miss_draw": {
            "sv": "Att dra är tillåtet, men kortet du får är en överraskning. Det här pusslet "
            "löser du med korten du har.",
            "en": "Drawing is allowed, but the card you get is a surprise. You can solve this "
            "puzzle with the cards you hold.",
        },
        "puzzle_miss_wrong_choice": {
            "sv": "Rätt kort – men {detail} Tänk en gång till på vad åttan ska räknas som.",
            "en": "The right card – but {detail} Think again about what the eight should count as.",
        },
        # hints toward a rule (after a move that is not allowed)
        "puzzle_rule_R4": {
            "sv": "Ett kort passar om det har samma färg eller samma valör som det som gäller nu.",
            "en": "A card fits when it has the suit or the rank that holds now.",
        },
        "puzzle_rule_R5": {
            "sv": "Flera kort av samma valör får läggas på en gång. Det första måste passa, och det "
            "sista ligger överst.",
            "en": "Several cards of one rank may go at once. The first must fit, and the last one "
            "ends up on top.",
        },
        "puzzle_rule_R6": {
            "sv": "En åtta passar på allt – men du måste välja vad den räknas som.",
            "en": "An eight fits on anything – but you must choose what it counts as.",
        },
        "puzzle_rule_R7": {
            "sv": "Efter ett ess lägger du ett kort i essets färg. Du får bara lägga esset om du har "
            "ett sådant kort kvar efter det.",
            "en": "After an ace you lay a card of the ace's suit. You may lay the ace only if you "
            "will still hold such a card.",
        },
        "puzzle_rule_V1": {
            "sv": "Med V1 får du inte lägga en åtta eller ett ess på en åtta eller ett ess.",
            "en": "With V1 no special card goes on another: no eight or ace on an eight or an ace.",
        },
        "puzzle_rule_V3": {
            "sv": "Lappen behövs inte i pusslen.",
            "en": "Lappen is not needed in the puzzles.",
        },
        "puzzle_rule_hand": {
            "sv": "Du kan bara lägga kort som du har på handen.",
            "en": "You can only lay cards that are in your hand.",
        },
        "puzzle_rule_other": {
            "sv": "Läs förklaringen: den säger vilken regel som gäller.",
            "en": "Read the explanation: it names the rule.",
        },
        # hints toward the idea (after an allowed move that missed the goal)
        "puzzle_idea_ace": {
            "sv": "Ett ess ger dig ett kort till på samma tur: efter esset lägger du ett kort i essets färg.",
            "en": "An ace gives you one more play in the same turn: after the ace you lay a card of its suit.",
        },
        "puzzle_idea_ace_draw": {
            "sv": "Vilket kort får alla andra att dra?",
            "en": "Which card makes everyone else draw?",
        },
        "puzzle_idea_group": {
            "sv": "Du får lägga flera kort av samma valör på en gång – bara det första behöver passa.",
            "en": "You may lay several cards of one rank at once – only the first has to fit.",
        },
        "puzzle_idea_order": {
            "sv": "Ordningen spelar roll: vilket kort lägger du först, och vilket sist?",
            "en": "The order matters: which card goes first, and which last?",
        },
        "puzzle_idea_eight": {
            "sv": "Åttan är joker: den passar på allt.",
            "en": "The eight is wild: it fits on anything.",
        },
        "puzzle_idea_look": {
            "sv": "Titta på korten som {next} har. Vilken färg saknas?",
            "en": "Look at the cards {next} holds. Which suit is missing?",
        },
        "puzzle_idea_top": {
            "sv": "Ditt sista kort hamnar överst. Det är det kortet som {next} måste passa på.",
            "en": "Your last card ends up on top. That is the card {next} has to fit.",
        },
        "puzzle_idea_keep": {
            "sv": "Tänk på korten du har kvar efter draget: kan du lägga alla på en tur, och är det "
            "sista inte en åtta?",
            "en": "Think of the cards left after your move: could they all go in one turn, with an "
            "eight not last?",
        },
        "puzzle_idea_rank": {
            "sv": "Välj en färg som {next} inte har – och en valör som {next} inte har heller.",
            "en": "Choose a suit that {next} does not hold – and a rank that {next} does not hold either.",
        },
        # how an answer is shown
        "puzzle_any_choice": {
            "sv": "{card} (räknas som vad som helst)",
            "en": "{card} (counting as anything)",
        },
        "puzzle_suit_choice": {
            "sv": "{card} som räknas som {suit} ({ranks})",
            "en": "{card} counting as {suit} ({ranks})",
        },
        "puzzle_then": {"sv": "sedan", "en": "then"},
        "puzzle_any_rank": {"sv": "vilken valör som helst", "en": "any rank"},
    }
)

# -- the game review's sentences (vandatta.ai.review) ------------------------------------------

MESSAGES.update(
    {
        # what a good move did
        "review_went_out": {"en": "you went out and won the round", "sv": "du gick ut och vann omgången"},
        "review_ace_next": {
            "en": "the ace made the next player draw when they had only {cards} left",
            "sv": "esset fick nästa spelare, som bara hade {cards} kvar, att dra",
        },
        "review_ace_others": {
            "en": "the ace made the {n} others draw",
            "sv": "esset fick de {n} andra att dra",
        },
        "review_ace_other": {
            "en": "the ace made the other player draw",
            "sv": "esset fick den andra spelaren att dra",
        },
        "review_ace_follow": {"en": "then {card} followed in {suit}", "sv": "sedan följde {card} i {suit}"},
        "review_kept_eight": {
            "en": "keeping the eight gave you a way out later",
            "sv": "du sparade åttan – den kunde rädda dig senare",
        },
        "review_group": {
            "en": "you got rid of {n} {plural} at once",
            "sv": "du blev av med {n} {plural} på en gång",
        },
        "review_eight_needed": {
            "en": "nothing else fitted, so the eight did the job",
            "sv": "inget annat passade, så åttan fick göra jobbet",
        },
        "review_eight_as": {
            "en": "the eight counted as the {decl}, and you held {k} more {suit}",
            "sv": "åttan räknades som {decl}, och du hade {k} {suit} till",
        },
        "review_drew_saved_eight": {
            "en": "drawing saved your eight for later",
            "sv": "du drog hellre än att använda åttan och sparade den till senare",
        },
        "review_followed_ace": {"en": "you followed the ace in {suit}", "sv": "du följde esset i {suit}"},
        "review_kept_fits": {
            "en": "you left {suit} on top and kept {cards} that fit",
            "sv": "du lämnade {suit} överst och hade kvar {cards} som passar",
        },
        "review_shed_points": {
            "en": "you got rid of {p} points while someone was close to going out",
            "sv": "du blev av med {p} poäng när någon snart skulle gå ut",
        },
        "review_one_turn": {
            "en": "you kept a hand you could empty in one turn",
            "sv": "du behöll en hand som du kunde bli av med på en tur",
        },
        "review_called": {"en": "you called “lappen”", "sv": "du sa ”lappen”"},
        "review_drew_nothing_fit": {"en": "nothing fitted, so you drew", "sv": "inget passade, så du drog"},
        "review_plain_best": {
            "en": "of the moves you could make, this one gave the best chance",
            "sv": "av dragen du kunde göra gav det här bäst chans",
        },
        "review_little_better": {
            "en": "{best} was only a little better",
            "sv": "{best} var bara lite bättre",
        },
        # what a better move would have done
        "review_better": {"en": "Better: {best}", "sv": "Bättre: {best}"},
        "review_could_go_out": {
            "en": "with it you could have gone out and won the round",
            "sv": "med det kunde du ha gått ut och vunnit omgången",
        },
        "review_lappen_missed": {
            "en": "you forgot to call “lappen” and had to draw three cards as a penalty",
            "sv": "du glömde att säga ”lappen” och fick dra tre kort i straff",
        },
        "review_v2_not_out": {
            "en": "your last card was a special card, so you could not go out on it",
            "sv": "ditt sista kort var ett specialkort, så du kunde inte gå ut på det",
        },
        "review_keep_eight": {
            "en": "keeping the eight would have given you a way out later",
            "sv": "om du hade sparat åttan kunde den ha räddat dig senare",
        },
        "review_ace_next_would": {
            "en": "the ace would have made the next player draw when they had only {cards} left",
            "sv": "esset hade fått nästa spelare, som bara hade {cards} kvar, att dra",
        },
        "review_ace_others_would": {
            "en": "the ace would have made the {n} others draw",
            "sv": "esset hade fått de {n} andra att dra",
        },
        "review_ace_other_would": {
            "en": "the ace would have made the other player draw",
            "sv": "esset hade fått den andra spelaren att dra",
        },
        "review_drew_voluntary": {
            "en": "you drew a card although a card fitted",
            "sv": "du drog ett kort fast ett kort passade",
        },
        "review_group_would": {
            "en": "it would have got rid of {n} {plural} at once",
            "sv": "då hade du blivit av med {n} {plural} på en gång",
        },
        "review_nothing_fits_after": {
            "en": "after your move none of your cards fitted on the top card",
            "sv": "efter ditt drag passade inget av dina kort på det översta kortet",
        },
        "review_special_only": {
            "en": "your move left only special cards, and you cannot go out on them",
            "sv": "efter ditt drag hade du bara specialkort kvar, och på dem kan du inte gå ut",
        },
        "review_points_would": {
            "en": "it would have got rid of more points while someone was close to going out",
            "sv": "då hade du blivit av med fler poäng när någon snart skulle gå ut",
        },
        "review_eight_better_as": {
            "en": "the eight would have been better as the {decl}: you held {k} more {suit}",
            "sv": "åttan hade varit bättre som {decl}: du hade {k} {suit} till",
        },
        "review_one_turn_would": {
            "en": "it would have left a hand you could empty in one turn",
            "sv": "då hade du haft kvar en hand som du kunde bli av med på en tur",
        },
        "review_other_top": {
            "en": "it would have left {suit} on top instead",
            "sv": "då hade {suit} legat överst i stället",
        },
        "review_fits_would": {
            "en": "it would have left you more cards that fit",
            "sv": "då hade du haft kvar fler kort som passar",
        },
        "review_won_more": {
            "en": "it won more often when the computer played the round out many times",
            "sv": "det vann oftare när datorn spelade klart omgången många gånger",
        },
        # the words around the moves
        "review_move_n": {"en": "Move {n}", "sv": "Drag {n}"},
        "review_chance_line": {
            "en": "chance to win {before} before, {after} after (±{margin})",
            "sv": "vinstchans {before} före, {after} efter (±{margin})",
        },
        "review_title": {
            "en": "Review of the round: {n} decisions, {p} deals each",
            "sv": "Granskning av omgången: {n} beslut, {p} given per beslut",
        },
        "review_title_seat": {
            "en": "Review of player {seat}'s round: {n} decisions, {p} deals each",
            "sv": "Granskning av spelare {seat}s omgång: {n} beslut, {p} given per beslut",
        },
        "review_head_move": {"en": "move", "sv": "drag"},
        "review_head_verdict": {"en": "verdict", "sv": "omdöme"},
        "review_head_chance": {"en": "chance to win", "sv": "vinstchans"},
        "review_head_best": {"en": "better", "sv": "bättre"},
        "review_head_why": {"en": "why", "sv": "varför"},
    }
)

# -- the game review's verdicts (vandatta.ai.review.Grade) -------------------------------------

MESSAGES.update(
    {
        "review_grade_best": {"sv": "Bästa draget", "en": "Best move"},
        "review_grade_good": {"sv": "Bra drag", "en": "Good move"},
        "review_grade_inaccuracy": {"sv": "Lite sämre", "en": "Inaccuracy"},
        "review_grade_mistake": {"sv": "Misstag", "en": "Mistake"},
        "review_grade_blunder": {"sv": "Stort misstag", "en": "Blunder"},
    }
)

# -- the command line's checks (vandatta.cli) --------------------------------------------------

MESSAGES.update(
    {
        "cli_invalid": {"sv": "OGILTIG", "en": "INVALID"},
        "cli_unreadable": {"sv": "gick inte att kontrollera", "en": "could not be checked"},
        "cli_blocked": {"sv": "låst omgång", "en": "blocked"},
        "cli_ok": {"sv": "ok — {n} drag, {outcome}", "en": "ok — {n} moves, {outcome}"},
        "cli_won_by": {"sv": "vunnen av {name}", "en": "won by {name}"},
        "cli_unfinished": {"sv": "inte färdigspelad", "en": "unfinished"},
        # why a file could not be opened (by its errno)
        "cli_os_missing": {"sv": "filen finns inte", "en": "no such file"},
        "cli_os_denied": {"sv": "filen får inte läsas", "en": "permission denied: the file may not be read"},
        "cli_os_folder": {"sv": "det är en mapp, inte en fil", "en": "it is a folder, not a file"},
        "cli_os_long_name": {"sv": "filnamnet är för långt", "en": "the file name is too long"},
        "cli_os_loop": {
            "sv": "sökvägen går runt i en slinga av länkar",
            "en": "the path loops through links",
        },
    }
)

# -- the pictures' captions and alternative texts (vandatta.svg) -------------------------------

MESSAGES.update(
    {
        "svg_back": {"sv": "kortets baksida", "en": "card back"},
        "svg_face_down": {"sv": "{n} kort, nedvända", "en": "{n} cards, face down"},
        "svg_face_down_1": {"sv": "1 kort, nedvänt", "en": "1 card, face down"},
        "svg_counts_as": {"sv": "{card}, räknas som {what}", "en": "{card}, counts as {what}"},
        "svg_state_legal": {"sv": "kan läggas", "en": "can be played"},
        "svg_state_selected": {"sv": "valt", "en": "selected"},
        "svg_state_last": {"sv": "senast lagt", "en": "last played"},
        "svg_state_dimmed": {"sv": "kan inte läggas", "en": "cannot be played"},
        "svg_no_cards": {"sv": "inga kort", "en": "no cards"},
        "svg_hand": {"sv": "hand med {n} kort", "en": "hand of {n} cards"},
        "svg_hand_1": {"sv": "hand med 1 kort", "en": "hand of 1 card"},
        "svg_hand_0": {"sv": "tom hand", "en": "empty hand"},
        "svg_talon": {"sv": "Talong: {n}", "en": "Talon: {n}"},
        "svg_talon_title": {"sv": "talongen: {n} kort", "en": "talon: {n} cards"},
        "svg_talon_title_1": {"sv": "talongen: 1 kort", "en": "talon: 1 card"},
        "svg_empty": {"sv": "tom", "en": "empty"},
        "svg_follow_up": {"sv": "Esset måste följas: ", "en": "The ace must be followed: "},
        "svg_draws": {"sv": "Dragna kort: {n} av {m}", "en": "Drawn this turn: {n} of {m}"},
        "svg_draws_open": {"sv": "Dragna kort: {n}", "en": "Drawn this turn: {n}"},
        "svg_top": {"sv": "översta kortet: {card}", "en": "top card: {card}"},
        "svg_empty_pile": {"sv": "tom hög", "en": "empty pile"},
        "svg_player": {"sv": "Spelare {n}", "en": "Player {n}"},
        "svg_cards": {"sv": "{n} kort", "en": "{n} cards"},
        "svg_cards_1": {"sv": "1 kort", "en": "1 card"},
        "svg_to_move": {"sv": "{player} är på tur", "en": "{player} to move"},
        "svg_lappen": {"sv": "Lappen!", "en": "Lappen!"},
        "svg_lappen_title": {"sv": "{player} har sagt lappen", "en": "{player} has called lappen"},
        "svg_winner": {"sv": "★ Vinnare", "en": "★ Winner"},
        "svg_wins": {
            "sv": "{player} går ut och vinner omgången",
            "en": "{player} goes out and wins the round",
        },
        "svg_blocked": {
            "sv": "Låst omgång: ingen kan lägga eller dra",
            "en": "Blocked round: nobody can lay or draw",
        },
        "svg_wins_short": {"sv": "{player} vinner omgången", "en": "{player} wins the round"},
        "svg_blocked_short": {"sv": "Låst omgång", "en": "Blocked round"},
        "svg_table": {"sv": "Kortbord, {n} spelare", "en": "Card table, {n} players"},
        "svg_draw": {"sv": "dra ett kort", "en": "draw"},
        "svg_pass": {"sv": "stå över", "en": "pass"},
        "svg_move": {"sv": "drag", "en": "move"},
    }
)

# -- why a record cannot be loaded (vandatta.record.RecordError) ------------------------------

MESSAGES.update(
    {
        "record_regular_file_records_are": {
            "en": "it is {what}, not a regular file; records are read from regular files only",
            "sv": "det är {what}, inte en vanlig fil; sparade omgångar läses bara från vanliga filer",
        },
        "record_file_bytes_records_over": {
            "en": "the file is {size} bytes; records over {max_bytes} bytes are refused",
            "sv": "filen är {size} byte; sparade omgångar över {max_bytes} byte tas inte emot",
        },
        "record_valid_json_json_number": {
            "en": "the record is not valid JSON: {name} is not a JSON number",
            "sv": "den sparade omgången är inte giltig JSON: {name} är inget tal i JSON",
        },
        "record_the_record_has": {
            "en": "the record has no {name!r} field ({what})",
            "sv": "den sparade omgången saknar fältet {name!r} ({what})",
        },
        "record_field_must_be": {
            "en": "field {name!r} must be {what}, not {shown}",
            "sv": "fältet {name!r} ska vara {what}, inte {shown}",
        },
        "record_json_object": {
            "en": "a record must be a JSON object, not {kind}",
            "sv": "en sparad omgång ska vara ett JSON-objekt, inte {kind}",
        },
        "record_format": {
            "en": "field 'format' must be {FORMAT!r}, not {shown}",
            "sv": "fältet 'format' ska vara {FORMAT!r}, inte {shown}",
        },
        "record_version_this_program_reads": {
            "en": "field 'version': this program reads version {VERSION} records, not {shown}",
            "sv": "fältet 'version': programmet läser sparade omgångar av version {VERSION}, inte {shown}",
        },
        "record_players_list_players": {
            "en": "field 'players' must list 2 to 8 players, not {n}",
            "sv": "fältet 'players' ska räkna upp 2 till 8 spelare, inte {n}",
        },
        "record_dealer_seat_from": {
            "en": "field 'dealer' must be a seat from 0 to {n_1}, not {shown}",
            "sv": "fältet 'dealer' ska vara en plats från 0 till {n_1}, inte {shown}",
        },
        "record_position_move_seat_number": {
            "en": "field 'position.to_move' must be a seat number, not {shown}",
            "sv": "fältet 'position.to_move' ska vara ett platsnummer, inte {shown}",
        },
        "record_moves_holds_moves_more": {
            "en": "field 'moves' holds {n} moves, more than the {max_moves} a record may hold",
            "sv": "fältet 'moves' har {n} drag, fler än de {max_moves} som en sparad omgång får ha",
        },
        "record_annotations_list_objects_with": {
            "en": "field 'annotations' must be a list of objects with a 'move' number",
            "sv": "fältet 'annotations' ska vara en lista med objekt som har ett dragnummer 'move'",
        },
        "record_file_more_than_bytes": {
            "en": "the file is more than {max_bytes} bytes; records over {max_bytes} bytes are refused",
            "sv": "filen är större än {max_bytes} byte; sparade omgångar över {max_bytes} byte tas inte emot",
        },
        "record_empty": {"en": "the record is empty", "sv": "den sparade omgången är tom"},
        "record_saved_as_utf_utf": {
            "en": "the record is saved as UTF-16 or UTF-32 text; save it as UTF-8",
            "sv": "den sparade omgången är sparad som UTF-16 eller UTF-32; spara den som UTF-8",
        },
        "record_valid_json_here_number": {
            "en": "the record is not valid JSON here: the number {shown} is too large",
            "sv": "den sparade omgången går inte att läsa: talet {shown} är för stort",
        },
        "record_rules": {"en": "field 'rules': {error}", "sv": "fältet 'rules': {error}"},
        "record_players_object_with_name": {
            "en": "field 'players[{i}]' must be an object with a name",
            "sv": "fältet 'players[{i}]' ska vara ett objekt med ett namn",
        },
        "record_players_name_text_null": {
            "en": "field 'players[{i}].name' must be text or null",
            "sv": "fältet 'players[{i}].name' ska vara text eller null",
        },
        "record_players_name_characters_long": {
            "en": "field 'players[{i}].name' is {len_name} characters long; a name may have at most {MAX_NAME_LENGTH}",
            "sv": "fältet 'players[{i}].name' är {len_name} tecken långt; ett namn får ha högst {MAX_NAME_LENGTH} tecken",
        },
        "record_players_player_short_text": {
            "en": 'field {name!r} must be a short text such as "expert" or "human"',
            "sv": 'fältet {name!r} ska vara en kort text, till exempel "expert" eller "human"',
        },
        "record_field": {"en": "field {field_name!r}: {text}", "sv": "fältet {field_name!r}: {text}"},
        "record_position": {
            "en": "field 'position.{key_name}' must be {what}, not {shown}",
            "sv": "fältet 'position.{key_name}' ska vara {what}, inte {shown}",
        },
        "record_position_hands_cards_as": {
            "en": "field 'position.hands[{i}]' must be cards as text such as '7♣ 8♠'",
            "sv": "fältet 'position.hands[{i}]' ska vara kort som text, till exempel '7♣ 8♠'",
        },
        "record_move_text_move_notation": {
            "en": "move {i}: must be text in move notation, not {shown}",
            "sv": "drag {i}: ska vara text i dragnotation, inte {shown}",
        },
        "record_move_characters_too_long": {
            "en": "move {i}: {len_m} characters is too long for a move ({shown})",
            "sv": "drag {i}: {len_m} tecken är för långt för ett drag ({shown})",
        },
        "record_annotations_object_whose_move": {
            "en": "field 'annotations[{i}]' must be an object whose 'move' is a number from 1 to {n_moves}",
            "sv": "fältet 'annotations[{i}]' ska vara ett objekt vars 'move' är ett tal från 1 till {n_moves}",
        },
        "record_valid_json_here_nested": {
            "en": "the record is not valid JSON here: it is nested too deeply",
            "sv": "den sparade omgången går inte att läsa: den har för många nivåer inuti varandra",
        },
        "record_valid_json_here": {
            "en": "the record is not valid JSON here: {error}",
            "sv": "den sparade omgången går inte att läsa: {error}",
        },
        "record_utf_text_byte_x": {
            "en": "the record is not UTF-8 text: byte 0x{byte:02X} at byte {at} cannot be read",
            "sv": "den sparade omgången är inte text i UTF-8: byte 0x{byte:02X} på plats {at} går inte att läsa",
        },
        "record_character_that_cannot_shown": {
            "en": "{where_en} a character that cannot be shown: U+{char:04X} (half of a UTF-16 pair) at character {at}",
            "sv": "{where_en} ett tecken som inte går att visa: U+{char:04X} (ett halvt UTF-16-par) på tecken {at}",
        },
        "record_move_round_was_already": {
            "en": "move {number} ({text!r}): the round was already over",
            "sv": "drag {number} ({text!r}): omgången var redan slut",
        },
        "record_deck_list_cards_as": {
            "en": "field 'deck' must list cards as text such as '10♥'",
            "sv": "fältet 'deck' ska räkna upp korten som text, till exempel '10♥'",
        },
        "record_position_unknown_key": {
            "en": "field 'position' has unknown key {key_name!r}",
            "sv": "fältet 'position' har den okända nyckeln {key_name!r}",
        },
        "record_position_needs_at_least": {
            "en": "field 'position' needs at least 'hands' and 'top'",
            "sv": "fältet 'position' behöver åtminstone 'hands' och 'top'",
        },
        "record_position_hands_list_one": {
            "en": "field 'position.hands' must list one hand per player ({n})",
            "sv": "fältet 'position.hands' ska ha en hand per spelare ({n})",
        },
        "record_move": {"en": "move {number} ({text!r}): {error}", "sv": "drag {number} ({text!r}): {error}"},
        "record_move_2": {
            "en": "move {number} ({text!r}): {verdict_text_en}",
            "sv": "drag {number} ({text!r}): {verdict_text_en}",
        },
        "record_result_says_but_replaying": {
            "en": "field 'result.{key_name}' says {said} but replaying the moves gives {value!r}",
            "sv": "fältet 'result.{key_name}' säger {said}, men när dragen spelas om blir det {value!r}",
        },
        "record_deck": {"en": "field 'deck': {error}", "sv": "fältet 'deck': {error}"},
        "record_not_json": {
            "en": "the record is not valid JSON: {why} at line {line}, column {col}",
            "sv": "den sparade omgången är inte giltig JSON: fel på rad {line}, kolumn {col} ({why})",
        },
    }
)

# -- why a game cannot be reviewed (vandatta.ai.review.ReviewError) --------------------------

MESSAGES.update(
    {
        "review_error_judge_needs_view_seat": {
            "en": "judge needs the view of the seat to move",
            "sv": "granskningen behöver läget för den som har turen",
        },
        "review_error_was_allowed_move_for": {
            "en": "{move} was not an allowed move for player {view_seat_1} there",
            "sv": "{move} var inte ett tillåtet drag för spelare {view_seat_1} där",
        },
        "review_error_playouts_whole_number_from": {
            "en": "playouts must be a whole number from 2 to 1000000, not {playouts!r}",
            "sv": "antalet gånger att spela klart omgången (playouts) ska vara ett heltal från 2 till 1000000, inte {playouts!r}",
        },
        "review_error_this_game_was_copied": {
            "en": "this game was copied without its moves: it cannot keep a review",
            "sv": "den här omgången kopierades utan sina drag: den kan inte spara en granskning",
        },
        "review_error_review_move_game_only": {
            "en": "the review has move {max_decisions}, and the game only {game_ply} moves",
            "sv": "granskningen har drag {max_decisions}, och omgången bara {game_ply} drag",
        },
        "review_error_move_game_as_review": {
            "en": "move {ply} of the game is {game_move_at_ply}, not {d_move} as in the review",
            "sv": "drag {ply} i omgången är {game_move_at_ply}, inte {d_move} som i granskningen",
        },
        "review_error_this_game_was_copied_2": {
            "en": "this game was copied without its moves: there is nothing to review",
            "sv": "den här omgången kopierades utan sina drag: det finns inget att granska",
        },
        "review_error_seat_number_from_none": {
            "en": "seat must be a number from 0 to {game_players_1} or None, not {seat!r}",
            "sv": "platsen ska vara ett tal från 0 till {game_players_1} eller None, inte {seat!r}",
        },
        "review_error_seed_whole_number": {
            "en": "the game number must be a whole number, not {number!r}",
            "sv": "spelnumret ska vara ett heltal, inte {number!r}",
        },
        "review_error_move_review_kept_with": {
            "en": "move {ply}: the review kept with it cannot be read ({error})",
            "sv": "drag {ply}: granskningen som sparats med draget går inte att läsa ({error})",
        },
        "review_error_move_review_kept_with_2": {
            "en": "move {ply}: the review kept with it is not an object",
            "sv": "drag {ply}: granskningen som sparats med draget är inte ett objekt",
        },
    }
)
