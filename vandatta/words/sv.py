"""The engine's words in Swedish: every sentence and word of :mod:`vandatta.messages`, one text
per key (``{fields}`` are filled in when it is said). Swedish is the first language: every other
language file has exactly its keys, in the same order, with the same comments.

To add a language (say German), copy this file to ``de.py`` next to it, translate every text
(keep the keys and the ``{fields}``), add ``"de"`` to ``LANGS`` in ``vandatta/lang.py`` and run
``python -m pytest tests/engine/test_words_homes.py``: it names every key the new file lacks or has extra.
The language module's small tables (number words, "och", the decimal mark, the plural rule, in
``vandatta/lang.py``) and the UI's words (``widgets/base/words/``) need the language too.
Words follow the glossary (docs/glossary.md).
"""

from __future__ import annotations

# -- the game's nouns, one home for the engine's words and the UI's (vandatta.messages.term) --
TERMS: dict[str, str] = {
    # a seat without a name; term(..., capital=True) at the start of a line
    "player": "spelare {n}",
    # a card's name in words, as the glossary writes it ("hjärter kung")
    "card": "{suit} {rank}",
    # counting cards, one form per plural category (vandatta.lang.plural_form), n in words or digits
    "cards.one": "{n} kort",
    "cards.other": "{n} kort",
    # what the computer players are, and each kind (vandatta.ai.PLAYER_NAMES): its name in a
    # sentence, its short label in lists and menus, and the kind with its article
    "computer_player": "datorspelare",
    "kind.random": "slumpspelare",
    "kind.beginner": "nybörjare",
    "kind.expert": "expert",
    "kind.strong": "stark datorspelare",
    "kind_short.random": "slumpspelare",
    "kind_short.beginner": "nybörjare",
    "kind_short.expert": "expert",
    "kind_short.strong": "stark",
    "kind_the.random": "slumpspelaren",
    "kind_the.beginner": "nybörjaren",
    "kind_the.expert": "experten",
    "kind_the.strong": "den starka datorspelaren",
}

MESSAGES: dict[str, str] = {
    # -- why a legal play may be laid (rule R4, R6, R7 and V1 decide the first card) ----------
    "same_suit": "{card} på {top}: samma färg, {suit}",
    "same_rank": "{card} på {top}: samma valör – nu gäller {suit}",
    # the first card of a group: the last card says which suit holds
    "same_rank_group": "{card} på {top}: samma valör",
    "same_rank_same_suit": "{card} på {top}: samma färg och samma valör",
    "eight_wild": "{card} är en åtta och får läggas på vad som helst; den räknas nu som {decl}",
    # the first eight of a group of eights
    "eight_wild_first": "{card} är en åtta och får läggas på vad som helst",
    "eight_on_plain": (
        "{card} är en åtta, och {top} är inget specialkort, så åttan får läggas på det; "
        "den räknas nu som {decl}"
    ),
    "follow_up_ok": "{card} följer esset i samma färg, {suit}",
    "follow_up_eight": "{card} följer esset i samma färg, {suit}; den räknas nu som {decl}",
    # -- groups (R5) ---------------------------------------------------------------------------
    "group": "{count} {plural} på en gång; det sista kortet, {last}, hamnar överst: nu gäller {suit}",
    "group_eights": "{count} åttor på en gång; den sista, {last}, räknas som {decl}",
    # -- what follows a play ----------------------------------------------------------------
    "ace_draws": "alla andra drar {n_cards}",
    "ace_owes": "sedan måste du lägga ett kort i {suit} i samma tur",
    "ace_owes.actor": "sedan måste {actor} lägga ett kort i {suit} i samma tur",
    "goes_out": "det var ditt sista kort: du går ut och vinner omgången",
    "goes_out.actor": "det var sista kortet: {actor} går ut och vinner omgången",
    "v2_must_draw": "ditt sista kort är ett specialkort, så du går inte ut: du måste dra kort",
    "v2_must_draw.actor": "sista kortet är ett specialkort, så {actor} går inte ut utan måste dra kort",
    "lappen_called": "du säger ”lappen”: nästa tur kan du bli av med alla kort",
    "lappen_called.actor": "{actor} säger ”lappen”: nästa tur kan handen bli tom",
    "lappen_penalty": "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” drar du tre kort i straff",
    "lappen_penalty.actor": "{actor} kunde gå ut nästa tur men sa inte ”lappen”: tre kort i straff",
    "lappen_penalty_some": (
        "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” ska du dra tre kort i straff – "
        "men bara {n_cards} finns att dra"
    ),
    "lappen_penalty_some.actor": (
        "{actor} kunde gå ut nästa tur men sa inte ”lappen”: tre kort i straff, men bara "
        "{n_cards} fanns att dra"
    ),
    "lappen_penalty_none": (
        "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” ska du dra tre kort i straff – "
        "men det finns inget kvar att dra, så du drar inga"
    ),
    "lappen_penalty_none.actor": (
        "{actor} kunde gå ut nästa tur men sa inte ”lappen”: tre kort i straff, men det fanns "
        "inget kvar att dra"
    ),
    "lappen_penalty_n": "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” drar du {count} kort i straff",
    "lappen_penalty_n.actor": "{actor} kunde gå ut nästa tur men sa inte ”lappen”: {count} kort i straff",
    "lappen_penalty_n_some": (
        "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” ska du dra {count} kort i straff – "
        "men bara {n_cards} finns att dra"
    ),
    "lappen_penalty_n_some.actor": (
        "{actor} kunde gå ut nästa tur men sa inte ”lappen”: {count} kort i straff, men bara "
        "{n_cards} fanns att dra"
    ),
    "lappen_penalty_n_none": (
        "sedan kan du gå ut nästa tur, så om du inte säger ”lappen” ska du dra {count} kort i straff – "
        "men det finns inget kvar att dra, så du drar inga"
    ),
    "lappen_penalty_n_none.actor": (
        "{actor} kunde gå ut nästa tur men sa inte ”lappen”: {count} kort i straff, men det fanns "
        "inget kvar att dra"
    ),
    "varning_called": "du säger ”varning”: du har tre kort kvar",
    "varning_called.actor": "{actor} säger ”varning”: tre kort kvar",
    "varning_penalty": "sedan har du tre kort kvar, så om du inte säger ”varning” drar du {count} kort i straff",
    "varning_penalty.actor": "{actor} hade tre kort kvar men sa inte ”varning”: {count} kort i straff",
    "varning_penalty_some": (
        "sedan har du tre kort kvar, så om du inte säger ”varning” ska du dra {count} kort i straff – "
        "men bara {n_cards} finns att dra"
    ),
    "varning_penalty_some.actor": (
        "{actor} hade tre kort kvar men sa inte ”varning”: {count} kort i straff, men bara "
        "{n_cards} fanns att dra"
    ),
    "varning_penalty_none": (
        "sedan har du tre kort kvar, så om du inte säger ”varning” ska du dra {count} kort i straff – "
        "men det finns inget kvar att dra, så du drar inga"
    ),
    "varning_penalty_none.actor": (
        "{actor} hade tre kort kvar men sa inte ”varning”: {count} kort i straff, men det fanns "
        "inget kvar att dra"
    ),
    "turn_passes": "turen går över till {player}",
    "draw_ok": "du drar ett kort – det {nth} av högst tre den här turen",
    "draw_ok.actor": "{actor} drar ett kort – det {nth} av högst tre den här turen",
    "draw_reshuffle": "talongen är tom, så högen under det översta kortet blandas om till en ny talong",
    "draw_after_special": "du lade ett specialkort sist och gick inte ut, så du drar",
    "draw_after_special.actor": "{actor} lade ett specialkort sist och gick inte ut och måste därför dra",
    "draw_may_play": "när du har dragit får du lägga vilket tillåtet kort som helst eller dra igen",
    "draw_may_play.actor": "sedan får {actor} lägga vilket tillåtet kort som helst eller dra igen",
    "draw_ok_one": "du drar ett kort – det enda du får dra den här turen: sedan lägger du ett kort eller står över",
    "draw_ok_one.actor": (
        "{actor} drar ett kort – det enda som får dras den här turen: sedan lägger {actor} ett kort "
        "eller står över"
    ),
    "draw_ok_until": "du drar ett kort: inget av dina kort passar, så du drar tills något passar",
    "draw_ok_until.actor": "{actor} drar ett kort: inget passar, så {actor} drar tills något passar",
    "pass_after_one": "du har dragit ditt kort och står över",
    "pass_after_one.actor": "{actor} har dragit ett kort och står över",
    "pass_after_three": "du har dragit tre kort och står över",
    "pass_after_three.actor": "{actor} har dragit tre kort och står över",
    "pass_nothing_to_draw": "det finns inget kvar att dra, så du står över",
    "pass_nothing_to_draw.actor": "det finns inget kvar att dra, så {actor} står över",
    "pass_blocks": "ingen har lagt eller dragit något kort på ett helt varv: omgången är låst",
    # -- why a move is not allowed ----------------------------------------------------------
    "round_over": "omgången är slut",
    "round_blocked": "omgången är slut: den är låst",
    "not_held": "du har ingen {card} på handen",
    "not_held_enough": "du har bara {n_held} × {card} på handen, inte {n_laid}",
    "mixed_ranks": "{card} och {other} har olika valör: kort som läggs tillsammans måste ha samma valör",
    "no_match": "{card} har varken färgen {suit_sym} eller valören {rank}",
    "no_match_suit_only": "{card} är inte {suit}, och på {top} får bara {suit} eller en åtta läggas",
    "follow_up_wrong_suit": "efter esset måste du lägga ett kort i {suit}, och {card} är inte det",
    "follow_up_eight_other_suit": "en åtta i en annan färg räknas inte: esset måste följas av {suit}",
    "follow_up_owed": "efter ett ess måste du lägga ett kort i {suit}; du får inte dra eller stå över",
    "ace_needs_follow_up": (
        "ett ess måste följas av ett kort i samma färg{cite}: efter {card} skulle du inte ha någon "
        "{suit} att lägga"
    ),
    "special_on_special": "{card} är ett specialkort och får inte läggas på specialkortet {top}",
    "special_group": "{card} får inte läggas på {other}: inget specialkort på ett specialkort",
    "eight_undeclared": "en åtta räknas som ett annat kort: välj färg och valör för åttan {card}",
    "eight_undeclared_suit": "en åtta räknas som en färg: välj färg för åttan {card}",
    "eight_needs_rank": "en åtta räknas som både färg och valör: välj en valör för åttan {card} också",
    "eight_suit_only": "när åttan bara räknas som en färg väljer du bara färg för åttan {card}, ingen valör",
    "draw_limit": "du har redan dragit tre kort: lägg ett kort eller stå över",
    "draw_limit_one": "du har redan dragit ditt kort: lägg ett kort eller stå över",
    "pass_before_one": "du får stå över först när du har dragit ett kort",
    "pass_until": (
        "inget av dina kort passar, så du drar tills något passar – stå över får du bara när det inte "
        "finns något kvar att dra"
    ),
    "must_lay_until": "ett av dina kort passar, så du lägger det: du drar bara när inget kort passar",
    "drawn_only": "när du har dragit får du bara lägga kortet som du just drog, {drawn}",
    "draw_may_play_drawn": "när du har dragit får du lägga kortet som du drog, om det passar, eller dra igen",
    "draw_may_play_drawn.actor": "sedan får {actor} lägga kortet som just drogs, om det passar, eller dra igen",
    "eight_last_resort": "du får bara lägga en åtta när inget annat kort passar – {other} passar",
    "one_eight_a_play": "bara en åtta i taget",
    "ace_finish": "du får inte gå ut med ett ess och kortet efter det som dina sista kort",
    "ace_finish_ace": "efter {card} skulle du bara ha ett kort kvar, och du får inte gå ut med ett ess och kortet efter det",
    "lappen_too_early": "du sa ”lappen” för tidigt: handen kan inte tömmas på en tur, så du drar ett kort",
    "lappen_too_early.actor": "{actor} sa ”lappen” för tidigt och drar ett kort",
    "goes_out_places": "du går ut och får en placering; de andra spelar vidare",
    "goes_out_places.actor": "{actor} går ut och får en placering; de andra spelar vidare",
    "pass_fits_until": (
        "ett av dina kort passar, så du lägger det: du står över bara när inget kort passar och det "
        "inte finns något kvar att dra"
    ),
    "draw_nothing": "det finns inget att dra: talongen är tom och i högen ligger bara det översta kortet",
    "pass_too_early": "du får stå över först när du har dragit tre kort – du har dragit {n}",
    "pass_must_draw_v2": "ditt sista kort var ett specialkort, så du måste dra – du har dragit {n} av tre",
    "lappen_off": "lappen används inte i det här spelet: lappen-regeln är avslagen",
    "lappen_not_ready": "du kan inte säga ”lappen”: handen kan inte tömmas på en tur",
    "lappen_turn_goes_on": "lappen sägs med draget som avslutar turen, och efter det här fortsätter turen",
    "lappen_going_out": "den som går ut säger inte ”lappen”",
    "varning_off": "varning används inte i det här spelet: varning-regeln är avslagen",
    "varning_not_three": "du kan inte säga ”varning”: du skulle ha {n_cards} kvar, och varning säger man vid tre kort",
    "varning_turn_goes_on": "varning sägs med draget som avslutar turen, och efter det här fortsätter turen",
    "not_a_move": "{text!r} är inget drag: {error}",
    # -- events: what happens without a decision ----------------------------------------------
    "ev_draw": "{player} drar {card}",
    "ev_draw_hidden": "{player} drar ett kort",
    "ev_ace_draw": "{player} drar {card} för esset",
    "ev_ace_draw_hidden": "{player} drar ett kort för esset",
    "ev_starter_draw": "{player} drar {card} för det uppvända esset",
    "ev_starter_draw_hidden": "{player} drar ett kort för det uppvända esset",
    "ev_penalty": "{player} drar {cards} i straff för att inte ha sagt lappen",
    "ev_penalty_hidden": "{player} drar {n_cards} i straff för att inte ha sagt lappen",
    "ev_penalty_lapsed": "{player} sa inte lappen, men det finns inget kvar att dra i straff",
    "ev_penalty_varning": "{player} drar {cards} i straff för att inte ha sagt varning",
    "ev_penalty_varning_hidden": "{player} drar {n_cards} i straff för att inte ha sagt varning",
    "ev_penalty_varning_lapsed": "{player} sa inte varning, men det finns inget kvar att dra i straff",
    "ev_penalty_early": "{player} drar {cards} i straff för att ha sagt lappen för tidigt",
    "ev_penalty_early_hidden": "{player} drar {n_cards} i straff för att ha sagt lappen för tidigt",
    "ev_penalty_early_lapsed": "{player} sa lappen för tidigt, men det finns inget kvar att dra i straff",
    "ev_out_place": "{player} går ut och får placering {place}; de andra spelar vidare",
    "ev_reshuffle": "talongen är slut: högens {n} kort under det översta blandas om till en ny talong",
    "ev_lapse": "det finns inget kvar att dra, så {player} drar inget kort",
    "ev_starter_back": "{card} vänds upp först; det är en åtta, så det blandas tillbaka i talongen",
    "ev_starter_back_special": "{card} vänds upp först; det är ett specialkort, så det blandas tillbaka i talongen",
    "ev_turn_up": "{card} vänds upp och börjar högen",
    "ev_out": "{player} går ut och vinner omgången",
    "ev_blocked": "ingen kunde lägga eller dra på ett helt varv: omgången är låst",
    # the same events told to the seat they happened to (Event.text(..., you=seat)): "du drar 3♦"
    "ev_draw.you": "du drar {card}",
    "ev_draw_hidden.you": "du drar ett kort",
    "ev_ace_draw.you": "du drar {card} för esset",
    "ev_ace_draw_hidden.you": "du drar ett kort för esset",
    "ev_starter_draw.you": "du drar {card} för det uppvända esset",
    "ev_starter_draw_hidden.you": "du drar ett kort för det uppvända esset",
    "ev_penalty.you": "du drar {cards} i straff för att du inte sa lappen",
    "ev_penalty_hidden.you": "du drar {n_cards} i straff för att du inte sa lappen",
    "ev_penalty_lapsed.you": "du sa inte lappen, men det finns inget kvar att dra i straff",
    "ev_penalty_varning.you": "du drar {cards} i straff för att du inte sa varning",
    "ev_penalty_varning_hidden.you": "du drar {n_cards} i straff för att du inte sa varning",
    "ev_penalty_varning_lapsed.you": "du sa inte varning, men det finns inget kvar att dra i straff",
    "ev_penalty_early.you": "du drar {cards} i straff för att du sa lappen för tidigt",
    "ev_penalty_early_hidden.you": "du drar {n_cards} i straff för att du sa lappen för tidigt",
    "ev_penalty_early_lapsed.you": "du sa lappen för tidigt, men det finns inget kvar att dra i straff",
    "ev_out_place.you": "du går ut och får placering {place}; de andra spelar vidare",
    "ev_lapse.you": "det finns inget kvar att dra, så du drar inget kort",
    "ev_out.you": "du går ut och vinner omgången",
    # -- small words ----------------------------------------------------------------------------
    "counts_as": "{card} (räknas som {decl})",
    "legal": "Tillåtet",
    "illegal": "Inte tillåtet",
    # between a heading and what follows on one line
    "dash": " – ",
    # -- narration (vandatta.record.narrate) -----------------------------------------------------
    "narrate_start": "Start: {top} ligger överst; talongen har {talon}. {player} börjar.",
    "narrate_points": "Poäng{cite}: {score}.",
    # -- a move in words (vandatta.explain.move_words) --------------------------------------------
    "move_draw": "dra ett kort",
    "move_pass": "stå över",
    "move_phrase_draw": "att dra ett kort",
    "move_phrase_pass": "att stå över",
    "move_phrase_eight": "{card} (räknas som {decl})",
    # -- the hint (vandatta.ai.hint) -------------------------------------------------------------
    "hint_goes_out": "du går ut och vinner omgången",
    "hint_v2_not_out": "ditt sista kort är ett specialkort, så du går inte ut – du måste dra",
    "hint_group": "blir av med {n} {plural} på en gång",
    "hint_ace_others": "får de {n} andra att dra",
    "hint_ace_other": "får den andra spelaren att dra",
    "hint_ace_danger": "just när någon bara har {cards} kvar",
    "hint_ace_follow": "sedan följer {card} i {suit}",
    "hint_eight_kept": "sparar åttan till senare",
    "hint_eights_kept": "sparar åttorna till senare",
    "hint_eight_spent": "använder åttan fast ett annat kort passar",
    "hint_eight_needed": "inget annat passar, så åttan får göra jobbet",
    "hint_declare": "åttan räknas som {decl} – du har {k} {suit} till",
    "hint_declare_suit": "åttan räknas som {decl} – du har {k} {suit} till",
    "hint_last_of_suit_eight": "ditt sista {sym} – efter det kan du bara följa med en åtta",
    "hint_last_of_suit": "ditt sista {sym} – inget av dina kort passar på det sedan",
    "hint_keeps_suit": "lämnar {suit} överst, och du har {cards} som passar",
    "hint_keeps_suit_one": "lämnar {suit} överst, och du har ett kort som passar",
    "hint_high_points": "blir av med {p} poäng medan någon snart går ut",
    "hint_one_turn": "kvar blir en hand du kan bli av med på en tur",
    "hint_special_only": "kvar blir bara specialkort, och på dem kan du inte gå ut",
    "hint_lappen": "och du säger ”lappen”",
    "hint_draw_forced": "inget kort passar: dra ett kort, ditt {nth} av högst tre",
    "hint_draw_only_eight": "drar hellre än att använda åttan: ditt {nth} kort av högst tre",
    "hint_draw_forced_o8": "inget kort passar: dra ett kort",
    "hint_draw_only_eight_o8": "drar hellre än att använda åttan",
    "hint_draw_voluntary": "drar fast du kan lägga ett kort",
    "hint_draw_v2": "du lade ett specialkort sist och gick inte ut: dra",
    "hint_pass_three": "du har dragit tre kort: stå över",
    "hint_pass_one": "du har dragit ditt kort: stå över",
    "hint_pass_empty": "det finns inget kvar att dra: stå över",
    "hint_follow_up": "följer esset i {suit}",
    "hint_title": "Tips till {player}: {n} möjliga drag, {p} simulerade spel",
    "hint_head_move": "drag",
    "hint_head_chance": "chans att vinna",
    "hint_head_why": "varför",
    # -- the command line --------------------------------------------------------------------
    "cli_needs_ui": "'vandatta {command}' behöver appens användargränssnitt (paketet widgets), som inte är installerat här",
    # -- the puzzles' tasks, hints and misses (vandatta.ai.puzzles) --------------------------------
    # the tasks
    "puzzle_task_go_out": "Gå ut på den här turen – bli av med alla dina kort.",
    "puzzle_task_ace_out": "Få alla andra att dra ett kort – och gå ändå ut på den här turen.",
    "puzzle_task_stuck": "{next} visar sina kort. Lägg så att {next} inte kan lägga något kort alls.",
    "puzzle_task_choose": (
        "{next} visar sina kort. Lägg din åtta och välj vad den räknas som, så att {next} "
        "inte kan lägga något kort alls."
    ),
    "puzzle_task_v2_safe": "Med V2 går du inte ut om ditt sista kort är en åtta. Lägg så att du kan gå ut nästa tur.",
    # what happened when a legal try missed the goal
    "puzzle_miss_cards_left": "Du gick inte ut: {cards} är kvar på handen.",
    "puzzle_miss_must_draw": "Med V2 går du inte ut på en åtta – nu skulle du behöva dra.",
    "puzzle_miss_nobody_drew": "Du gick ut – men ingen annan fick dra ett kort.",
    "puzzle_miss_next_can_lay": "{next} kan lägga {card}: {why}",
    "puzzle_miss_went_out": "Du gick ut! Men pusslet frågade något annat.",
    "puzzle_miss_not_ready": "Kvar på handen: {cards}. De korten kan du inte lägga på en och samma tur.",
    "puzzle_miss_only_special": "Kvar på handen: {cards}. Med V2 kan du inte gå ut på en åtta.",
    "puzzle_miss_dead_end": "Det draget är tillåtet, men efter det kan du inte längre klara pusslet på den här turen.",
    "puzzle_miss_draw": (
        "Att dra är tillåtet, men kortet du får är en överraskning. Det här pusslet "
        "löser du med korten du har."
    ),
    "puzzle_miss_wrong_choice": "Rätt kort – men {detail} Tänk en gång till på vad åttan ska räknas som.",
    # hints toward a rule (after a move that is not allowed)
    "puzzle_rule_R4": "Ett kort passar om det har samma färg eller samma valör som det som gäller nu.",
    "puzzle_rule_R5": (
        "Flera kort av samma valör får läggas på en gång. Det första måste passa, och det "
        "sista ligger överst."
    ),
    "puzzle_rule_R6": "En åtta passar på allt – men du måste välja vad den räknas som.",
    "puzzle_rule_R7": (
        "Efter ett ess lägger du ett kort i essets färg. Du får bara lägga esset om du har "
        "ett sådant kort kvar efter det."
    ),
    "puzzle_rule_V1": "Med V1 får du inte lägga en åtta eller ett ess på en åtta eller ett ess.",
    "puzzle_rule_V3": "Lappen behövs inte i pusslen.",
    "puzzle_rule_hand": "Du kan bara lägga kort som du har på handen.",
    "puzzle_rule_other": "Läs förklaringen: den säger vilken regel som gäller.",
    # hints toward the idea (after an allowed move that missed the goal)
    "puzzle_idea_ace": "Ett ess ger dig ett kort till på samma tur: efter esset lägger du ett kort i essets färg.",
    "puzzle_idea_ace_draw": "Vilket kort får alla andra att dra?",
    "puzzle_idea_group": "Du får lägga flera kort av samma valör på en gång – bara det första behöver passa.",
    "puzzle_idea_order": "Ordningen spelar roll: vilket kort lägger du först, och vilket sist?",
    "puzzle_idea_eight": "Åttan är joker: den passar på allt.",
    "puzzle_idea_look": "Titta på korten som {next} har. Vilken färg saknas?",
    "puzzle_idea_top": "Ditt sista kort hamnar överst. Det är det kortet som {next} måste passa på.",
    "puzzle_idea_keep": (
        "Tänk på korten du har kvar efter draget: kan du lägga alla på en tur, och är det sista inte en åtta?"
    ),
    "puzzle_idea_rank": "Välj en färg som {next} inte har – och en valör som {next} inte har heller.",
    # how an answer is shown
    "puzzle_any_choice": "{card} (räknas som vad som helst)",
    "puzzle_suit_choice": "{card} som räknas som {suit} ({ranks})",
    "puzzle_then": "sedan",
    "puzzle_any_rank": "vilken valör som helst",
    # -- the game review's sentences (vandatta.ai.review) ------------------------------------------
    # what a good move did
    "review_went_out": "du gick ut och vann omgången",
    "review_ace_next": "esset fick nästa spelare, som bara hade {cards} kvar, att dra",
    "review_ace_others": "esset fick de {n} andra att dra",
    "review_ace_other": "esset fick den andra spelaren att dra",
    "review_ace_follow": "sedan följde {card} i {suit}",
    "review_kept_eight": "du sparade åttan – den kunde rädda dig senare",
    "review_group": "du blev av med {n} {plural} på en gång",
    "review_eight_needed": "inget annat passade, så åttan fick göra jobbet",
    "review_eight_as": "åttan räknades som {decl}, och du hade {k} {suit} till",
    "review_drew_saved_eight": "du drog hellre än att använda åttan och sparade den till senare",
    "review_followed_ace": "du följde esset i {suit}",
    "review_kept_fits": "du lämnade {suit} överst och hade kvar {cards} som passar",
    "review_shed_points": "du blev av med {p} poäng när någon snart skulle gå ut",
    "review_one_turn": "du behöll en hand som du kunde bli av med på en tur",
    "review_called": "du sa ”lappen”",
    "review_drew_nothing_fit": "inget passade, så du drog",
    "review_plain_best": "av dragen du kunde göra gav det här bäst chans",
    "review_little_better": "{best} var bara lite bättre",
    # what a better move would have done
    "review_better": "Bättre: {best}",
    "review_could_go_out": "med det kunde du ha gått ut och vunnit omgången",
    "review_lappen_missed": "du glömde att säga ”lappen” och fick dra tre kort i straff",
    "review_v2_not_out": "ditt sista kort var ett specialkort, så du kunde inte gå ut på det",
    "review_keep_eight": "om du hade sparat åttan kunde den ha räddat dig senare",
    "review_ace_next_would": "esset hade fått nästa spelare, som bara hade {cards} kvar, att dra",
    "review_ace_others_would": "esset hade fått de {n} andra att dra",
    "review_ace_other_would": "esset hade fått den andra spelaren att dra",
    "review_drew_voluntary": "du drog ett kort fast ett kort passade",
    "review_group_would": "då hade du blivit av med {n} {plural} på en gång",
    "review_nothing_fits_after": "efter ditt drag passade inget av dina kort på det översta kortet",
    "review_special_only": "efter ditt drag hade du bara specialkort kvar, och på dem kan du inte gå ut",
    "review_points_would": "då hade du blivit av med fler poäng när någon snart skulle gå ut",
    "review_eight_better_as": "åttan hade varit bättre som {decl}: du hade {k} {suit} till",
    "review_one_turn_would": "då hade du haft kvar en hand som du kunde bli av med på en tur",
    "review_other_top": "då hade {suit} legat överst i stället",
    "review_fits_would": "då hade du haft kvar fler kort som passar",
    "review_won_more": "det vann oftare när datorn spelade klart omgången många gånger",
    # the words around the moves
    "review_move_n": "Drag {n}",
    "review_chance_line": "vinstchans {before} före, {after} efter (±{margin})",
    "review_title": "Granskning av omgången: {n} beslut, {p} given per beslut",
    "review_title_seat": "Granskning av spelare {seat}s omgång: {n} beslut, {p} given per beslut",
    "review_head_move": "drag",
    "review_head_verdict": "omdöme",
    "review_head_chance": "vinstchans",
    "review_head_best": "bättre",
    "review_head_why": "varför",
    # -- the game review's verdicts (vandatta.ai.review.Grade) -------------------------------------
    "review_grade_best": "Bästa draget",
    "review_grade_good": "Bra drag",
    "review_grade_inaccuracy": "Lite sämre",
    "review_grade_mistake": "Misstag",
    "review_grade_blunder": "Stort misstag",
    # -- the command line's checks (vandatta.cli) --------------------------------------------------
    "cli_invalid": "OGILTIG",
    "cli_interrupted": "avbrutet",
    "cli_unreadable": "gick inte att kontrollera",
    "cli_blocked": "låst omgång",
    "cli_ok": "ok — {n} drag, {outcome}",
    "cli_won_by": "vunnen av {name}",
    "cli_unfinished": "inte färdigspelad",
    # why a file could not be opened (by its errno)
    "cli_os_missing": "filen finns inte",
    "cli_os_denied": "filen får inte läsas",
    "cli_os_folder": "det är en mapp, inte en fil",
    "cli_os_long_name": "filnamnet är för långt",
    "cli_os_loop": "sökvägen går runt i en slinga av länkar",
    # -- the pictures' captions and alternative texts (vandatta.svg) -------------------------------
    "svg_back": "kortets baksida",
    "svg_face_down": "{n} kort, nedvända",
    "svg_face_down_1": "1 kort, nedvänt",
    "svg_counts_as": "{card}, räknas som {what}",
    "svg_state_legal": "kan läggas",
    "svg_state_selected": "valt",
    "svg_state_last": "senast lagt",
    "svg_state_dimmed": "kan inte läggas",
    "svg_no_cards": "inga kort",
    "svg_hand": "hand med {n} kort",
    "svg_hand_1": "hand med 1 kort",
    "svg_hand_0": "tom hand",
    "svg_talon": "Talong: {n}",
    "svg_talon_title": "talongen: {n} kort",
    "svg_talon_title_1": "talongen: 1 kort",
    "svg_talon_unknown": "Talong",
    "svg_empty": "tom",
    "svg_follow_up": "Esset måste följas: ",
    "svg_draws": "Dragna kort: {n} av {m}",
    "svg_draws_open": "Dragna kort: {n}",
    "svg_top": "översta kortet: {card}",
    "svg_empty_pile": "tom hög",
    "svg_to_move": "{player} är på tur",
    "svg_lappen": "Lappen!",
    "svg_lappen_title": "{player} har sagt lappen",
    "svg_winner": "★ Vinnare",
    "svg_wins": "{player} går ut och vinner omgången",
    "svg_blocked": "Låst omgång: ingen kan lägga eller dra",
    "svg_wins_short": "{player} vinner omgången",
    "svg_blocked_short": "Låst omgång",
    "svg_table": "Kortbord, {n} spelare",
    "svg_draw": "dra ett kort",
    "svg_pass": "stå över",
    "svg_move": "drag",
    # -- why a record cannot be loaded (vandatta.record.RecordError) ------------------------------
    "record_regular_file_records_are": "det är {what}, inte en vanlig fil; sparade omgångar läses bara från vanliga filer",
    "record_file_bytes_records_over": "filen är {size} byte; sparade omgångar över {max_bytes} byte tas inte emot",
    "record_valid_json_json_number": "den sparade omgången är inte giltig JSON: {name} är inget tal i JSON",
    "record_the_record_has": "den sparade omgången saknar fältet {name!r} ({what})",
    "record_field_must_be": "fältet {name!r} ska vara {what}, inte {shown}",
    "record_json_object": "en sparad omgång ska vara ett JSON-objekt, inte {kind}",
    "record_format": "fältet 'format' ska vara {FORMAT!r}, inte {shown}",
    "record_version_this_program_reads": "fältet 'version': programmet läser sparade omgångar av version {VERSION}, inte {shown}",
    "record_players_list_players": "fältet 'players' ska räkna upp 2 till 8 spelare, inte {n}",
    "record_dealer_seat_from": "fältet 'dealer' ska vara en plats från 0 till {n_1}, inte {shown}",
    "record_position_move_seat_number": "fältet 'position.to_move' ska vara ett platsnummer, inte {shown}",
    "record_moves_holds_moves_more": "fältet 'moves' har {n} drag, fler än de {max_moves} som en sparad omgång får ha",
    "record_annotations_list_objects_with": "fältet 'annotations' ska vara en lista med objekt som har ett dragnummer 'move'",
    "record_file_more_than_bytes": "filen är större än {max_bytes} byte; sparade omgångar över {max_bytes} byte tas inte emot",
    "record_empty": "den sparade omgången är tom",
    "record_saved_as_utf_utf": "den sparade omgången är sparad som UTF-16 eller UTF-32; spara den som UTF-8",
    "record_valid_json_here_number": "den sparade omgången går inte att läsa: talet {shown} är för stort",
    "record_rules": "fältet 'rules': {error}",
    "record_players_object_with_name": "fältet 'players[{i}]' ska vara ett objekt med ett namn",
    "record_players_name_text_null": "fältet 'players[{i}].name' ska vara text eller null",
    "record_players_name_characters_long": "fältet 'players[{i}].name' är {len_name} tecken långt; ett namn får ha högst {MAX_NAME_LENGTH} tecken",
    "record_players_player_short_text": 'fältet {name!r} ska vara en kort text, till exempel "expert" eller "human"',
    "record_field": "fältet {field_name!r}: {text}",
    "record_position": "fältet 'position.{key_name}' ska vara {what}, inte {shown}",
    "record_position_hands_cards_as": "fältet 'position.hands[{i}]' ska vara kort som text, till exempel '7♣ 8♠'",
    "record_move_text_move_notation": "drag {i}: ska vara text i dragnotation, inte {shown}",
    "record_move_characters_too_long": "drag {i}: {len_m} tecken är för långt för ett drag ({shown})",
    "record_annotations_object_whose_move": "fältet 'annotations[{i}]' ska vara ett objekt vars 'move' är ett tal från 1 till {n_moves}",
    "record_valid_json_here_nested": "den sparade omgången går inte att läsa: den har för många nivåer inuti varandra",
    "record_valid_json_here": "den sparade omgången går inte att läsa: {error}",
    "record_utf_text_byte_x": "den sparade omgången är inte text i UTF-8: byte 0x{byte:02X} på plats {at} går inte att läsa",
    "record_character_that_cannot_shown": "{where} ett tecken som inte går att visa: U+{char:04X} (ett halvt UTF-16-par) på tecken {at}",
    "record_move_round_was_already": "drag {number} ({text!r}): omgången var redan slut",
    "record_deck_list_cards_as": "fältet 'deck' ska räkna upp korten som text, till exempel '10♥'",
    "record_position_unknown_key": "fältet 'position' har den okända nyckeln {key_name!r}",
    "record_position_needs_at_least": "fältet 'position' behöver åtminstone 'hands' och 'top'",
    "record_position_hands_list_one": "fältet 'position.hands' ska ha en hand per spelare ({n})",
    "record_move": "drag {number} ({text!r}): {error}",
    "record_move_refused": "drag {number} ({text!r}): {verdict}",
    "record_result_says_but_replaying": "fältet 'result.{key_name}' säger {said}, men när dragen spelas om blir det {value!r}",
    "record_deck": "fältet 'deck': {error}",
    "record_not_json": "den sparade omgången är inte giltig JSON: fel på rad {line}, kolumn {col} ({why})",
    # what a record's field must hold, what a path is instead of a file, where a bad character is
    "record_what_rules": "ett objekt med regelbrytare",
    "record_what_players": "en lista med 2 till 8 spelare",
    "record_what_seed": "ett heltal",
    "record_what_dealer": "ett platsnummer",
    "record_what_deck": "listan med korten i lekens ordning",
    "record_what_moves": "listan med dragen i notation",
    "record_what_position": "en ställning ({keys})",
    "record_what_top": "ett kort som text, till exempel '8♦=7♠'",
    "record_what_talon": "kort som text, till exempel '9♠ 4♦'",
    "record_what_pile": "kort som text, till exempel '3♥'",
    "record_file_folder": "en mapp",
    "record_file_fifo": "ett namngivet rör (FIFO)",
    "record_file_device": "en enhet (som /dev/zero)",
    "record_file_disk": "en diskenhet",
    "record_file_socket": "en socket",
    "record_file_other": "något annat",
    "record_where_key": "fältet {path!r} har en nyckel med",
    "record_where_value": "fältet {path!r} har",
    # -- why a game cannot be reviewed (vandatta.ai.review.ReviewError) --------------------------
    "review_error_judge_needs_view_seat": "granskningen behöver läget för den som har turen",
    "review_error_was_allowed_move_for": "{move} var inte ett tillåtet drag för spelare {view_seat_1} där",
    "review_error_playouts_whole_number_from": "antalet gånger att spela klart omgången (playouts) ska vara ett heltal från 2 till 1000000, inte {playouts!r}",
    "review_error_this_game_was_copied": "den här omgången kopierades utan sina drag: den kan inte spara en granskning",
    "review_error_review_move_game_only": "granskningen har drag {max_decisions}, och omgången bara {game_ply} drag",
    "review_error_move_game_as_review": "drag {ply} i omgången är {game_move_at_ply}, inte {d_move} som i granskningen",
    "review_error_this_game_was_copied_2": "den här omgången kopierades utan sina drag: det finns inget att granska",
    "review_error_seat_number_from_none": "platsen ska vara ett tal från 0 till {game_players_1} eller None, inte {seat!r}",
    "review_error_seed_whole_number": "spelnumret ska vara ett heltal, inte {number!r}",
    "review_error_move_review_kept_with": "drag {ply}: granskningen som sparats med draget går inte att läsa ({error})",
    "review_error_move_review_kept_with_2": "drag {ply}: granskningen som sparats med draget är inte ett objekt",
}

ORDINALS: tuple[str, ...] = ("", "första", "andra", "tredje")

# Suits ♠ ♥ ♦ ♣ and ranks A 2 … K, in the order of vandatta.cards.Suit and Rank.
SUIT_WORDS: tuple[str, ...] = ("spader", "hjärter", "ruter", "klöver")

RANK_WORDS: tuple[str, ...] = (
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
)

RANK_PLURALS: tuple[str, ...] = (
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
)

# Every rule id of the rulebook with its short title.
RULE_TITLES: dict[str, str] = {
    "R1": "Spelare och kort",
    "R2": "Given",
    "R3": "Turordning",
    "R4": "Samma färg eller valör",
    "R5": "Flera kort av samma valör",
    "R6": "Åttan är joker",
    "R7": "Ess – de andra drar",
    "R8": "Dra kort, högst tre",
    "R9": "Gå ut",
    "R10": "Tom talong, låst omgång",
    "R11": "Det första uppvända kortet",
    "V1": "Inget specialkort på specialkort",
    "V2": "Inte gå ut på specialkort",
    "V3": "Lappen",
    "S1": "Kortens poäng",
    "S2": "Spelet till 100 poäng",
    "O1": "Åttan bestämmer bara färg",
    "O2": "Specialkort som första kort blandas tillbaka",
    "O3": "Första till 100 avslutar spelet",
    "O4": "Antal kort i given",
    "O5": "Bara kortet du drog",
    "O6": "Straffet för lappen",
    "O7": "Över 100 vinner lägst poäng",
    "O8": "Dra ett kort, eller tills något passar",
    "O9": "Varning vid tre kort kvar",
    "O10": "Spela vidare om placeringarna",
    "O11": "Åtta bara när inget annat passar",
    "O12": "En åtta i taget",
    "O13": "Inte gå ut med ess",
    "O14": "Lappen för tidigt",
}

# Each named preset of vandatta.rules.PRESETS, in one line.
PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": "Källans regler: sex kort var, dra högst tre kort, den som sist är kvar under 100 poäng vinner.",
    "strict": "Källans tre extraregler: inget specialkort på specialkort, inte gå ut på specialkort, och lappen.",
    "crazy_eights": "Som i Crazy Eights: åttan bestämmer bara färg, och ett specialkort som första kort blandas tillbaka.",
    "quick": "Ett kortare spel: det slutar när någon når 100 poäng, och den som har minst poäng vinner.",
    "kallan": "Källan: reglerna precis som källan berättar dem – samma som standard.",
    "sju_kort": "Sju kort var, som på de andra svenska regelsidorna.",
    "fem_kort": "Fem kort var, som i Olsen, och i Crazy Eights när ni är tre eller fler.",
    "nodecardgame": (
        "Som i webbspelet NodeCardGame: sju kort, inte gå ut på specialkort, en åtta bara när inget "
        "annat passar och en i taget, och ni spelar vidare om placeringarna."
    ),
    "sparbanken_eken": (
        "Som på Sparbanken Ekens sida: sju kort, källans tre extraregler, ”varning”, och inte gå ut med ess."
    ),
    "mau_mau": (
        "Som i Mau-Mau: fem kort, dra ett kort och lägg bara det, och att säga lappen för tidigt kostar "
        "ett kort."
    ),
    "varning_och_lappen": "Två saker att säga: ”varning” när du har tre kort kvar och ”lappen” när du kan gå ut nästa tur.",
}
