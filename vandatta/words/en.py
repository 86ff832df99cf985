"""The engine's words in English: the same keys as ``sv.py`` (Swedish names them), in the same
order, with the same comments; :mod:`vandatta.messages` assembles them.
"""

from __future__ import annotations

# -- the game's nouns, one home for the engine's words and the UI's (vandatta.messages.term) --
TERMS: dict[str, str] = {
    # a seat without a name; term(..., capital=True) at the start of a line
    "player": "player {n}",
    # a card's name in words, as the glossary writes it ("hjärter kung")
    "card": "{rank} of {suit}",
    # counting cards, one form per plural category (vandatta.lang.plural_form), n in words or digits
    "cards.one": "{n} card",
    "cards.other": "{n} cards",
    # what the computer players are, and each kind (vandatta.ai.PLAYER_NAMES): its name in a
    # sentence, its short label in lists and menus, and the kind with its article
    "computer_player": "computer player",
    "kind.random": "random player",
    "kind.beginner": "beginner",
    "kind.expert": "expert",
    "kind.strong": "strong computer player",
    "kind_short.random": "random player",
    "kind_short.beginner": "beginner",
    "kind_short.expert": "expert",
    "kind_short.strong": "strong",
    "kind_the.random": "the random player",
    "kind_the.beginner": "the beginner",
    "kind_the.expert": "the expert",
    "kind_the.strong": "the strong computer player",
}

MESSAGES: dict[str, str] = {
    # -- why a legal play may be laid (rule R4, R6, R7 and V1 decide the first card) ----------
    "same_suit": "{card} on {top}: same suit, {suit}",
    "same_rank": "{card} on {top}: same rank — {suit} is now the suit",
    # the first card of a group: the last card says which suit holds
    "same_rank_group": "{card} on {top}: same rank",
    "same_rank_same_suit": "{card} on {top}: same suit and same rank",
    "eight_wild": "{card} is an eight and may be laid on anything; it now counts as {decl}",
    # the first eight of a group of eights
    "eight_wild_first": "{card} is an eight and may be laid on anything",
    "eight_on_plain": (
        "{card} is an eight, and {top} is not a special card, so the eight may be laid on it; "
        "it now counts as {decl}"
    ),
    "follow_up_ok": "{card} follows the ace with its suit, {suit}",
    "follow_up_eight": "{card} follows the ace with its suit, {suit}; it now counts as {decl}",
    # -- groups (R5) ---------------------------------------------------------------------------
    "group": "{count} {plural} at once; the last one laid, {last}, is on top: {suit} is now the suit",
    "group_eights": "{count} eights at once; the last one, {last}, counts as {decl}",
    # -- what follows a play ----------------------------------------------------------------
    "ace_draws": "every other player draws {n_cards}",
    "ace_owes": "then you must lay a card of {suit} in the same turn",
    "ace_owes.actor": "then {actor} must lay a card of {suit} in the same turn",
    "goes_out": "that was your last card: you go out and win the round",
    "goes_out.actor": "that was the last card: {actor} goes out and wins the round",
    "v2_must_draw": "your last card is a special card, so you do not go out: you must draw",
    "v2_must_draw.actor": "the last card is a special card, so {actor} does not go out and must draw",
    "lappen_called": "you call “lappen”: one more turn could empty your hand",
    "lappen_called.actor": "{actor} calls “lappen”: one more turn could empty the hand",
    "lappen_penalty": "you could then go out next turn, so if you don't call “lappen” you draw three cards as a penalty",
    "lappen_penalty.actor": "{actor} could go out next turn but did not call “lappen”: three cards as a penalty",
    "lappen_penalty_some": (
        "you could then go out next turn, so if you don't call “lappen” you must draw three cards as "
        "a penalty — but only {n_cards} can be drawn"
    ),
    "lappen_penalty_some.actor": (
        "{actor} could go out next turn but did not call “lappen”: three cards as a penalty, "
        "but only {n_cards} could be drawn"
    ),
    "lappen_penalty_none": (
        "you could then go out next turn, so if you don't call “lappen” you must draw three cards as "
        "a penalty — but nothing is left to draw, so you draw none"
    ),
    "lappen_penalty_none.actor": (
        "{actor} could go out next turn but did not call “lappen”: three cards as a penalty, "
        "but nothing was left to draw"
    ),
    "lappen_penalty_n": "you could then go out next turn, so if you don't call “lappen” you draw {count} cards as a penalty",
    "lappen_penalty_n.actor": "{actor} could go out next turn but did not call “lappen”: {count} cards as a penalty",
    "lappen_penalty_n_some": (
        "you could then go out next turn, so if you don't call “lappen” you must draw {count} cards as "
        "a penalty — but only {n_cards} can be drawn"
    ),
    "lappen_penalty_n_some.actor": (
        "{actor} could go out next turn but did not call “lappen”: {count} cards as a penalty, "
        "but only {n_cards} could be drawn"
    ),
    "lappen_penalty_n_none": (
        "you could then go out next turn, so if you don't call “lappen” you must draw {count} cards as "
        "a penalty — but nothing is left to draw, so you draw none"
    ),
    "lappen_penalty_n_none.actor": (
        "{actor} could go out next turn but did not call “lappen”: {count} cards as a penalty, "
        "but nothing was left to draw"
    ),
    "varning_called": "you call “varning”: you have three cards left",
    "varning_called.actor": "{actor} calls “varning”: three cards left",
    "varning_penalty": "you then have three cards left, so if you don't call “varning” you draw {count} cards as a penalty",
    "varning_penalty.actor": "{actor} had three cards left but did not call “varning”: {count} cards as a penalty",
    "varning_penalty_some": (
        "you then have three cards left, so if you don't call “varning” you must draw {count} cards as "
        "a penalty — but only {n_cards} can be drawn"
    ),
    "varning_penalty_some.actor": (
        "{actor} had three cards left but did not call “varning”: {count} cards as a penalty, "
        "but only {n_cards} could be drawn"
    ),
    "varning_penalty_none": (
        "you then have three cards left, so if you don't call “varning” you must draw {count} cards as "
        "a penalty — but nothing is left to draw, so you draw none"
    ),
    "varning_penalty_none.actor": (
        "{actor} had three cards left but did not call “varning”: {count} cards as a penalty, "
        "but nothing was left to draw"
    ),
    "turn_passes": "the turn goes to {player}",
    "draw_ok": "you draw a card — the {nth} of at most three this turn",
    "draw_ok.actor": "{actor} draws a card — the {nth} of at most three this turn",
    "draw_reshuffle": "the talon is empty, so the pile under the top card is shuffled into a new talon",
    "draw_after_special": "you laid a special card last and did not go out, so you draw",
    "draw_after_special.actor": "{actor} laid a special card last and did not go out, so draws",
    "draw_may_play": "after drawing you may lay any card that is allowed, or draw again",
    "draw_may_play.actor": "{actor} may then lay any card that is allowed, or draw again",
    "draw_ok_one": "you draw a card — the only one you may draw this turn: then lay a card or pass",
    "draw_ok_one.actor": "{actor} draws a card — the only one allowed this turn: then {actor} lays a card or passes",
    "draw_ok_until": "you draw a card: no card of yours fits, so you draw until one does",
    "draw_ok_until.actor": "{actor} draws a card: nothing fits, so {actor} draws until something does",
    "pass_after_one": "you have drawn your card and pass",
    "pass_after_one.actor": "{actor} has drawn a card and passes",
    "pass_after_three": "you have drawn three cards and pass",
    "pass_after_three.actor": "{actor} has drawn three cards and passes",
    "pass_nothing_to_draw": "nothing is left to draw, so you pass",
    "pass_nothing_to_draw.actor": "nothing is left to draw, so {actor} passes",
    "pass_blocks": "everyone has had a turn and nobody has laid or drawn a card: the round is blocked",
    # -- why a move is not allowed ----------------------------------------------------------
    "round_over": "the round is over",
    "round_blocked": "the round is over: it is blocked",
    "not_held": "you hold no {card}",
    "not_held_enough": "you hold only {n_held} × {card}, not {n_laid}",
    "mixed_ranks": "{card} and {other} differ in rank: cards laid together must be of one rank",
    "no_match": "{card} does not fit: it has neither the suit {suit_sym} nor the rank {rank}",
    "no_match_suit_only": "{card} is not {suit}, and on {top} only {suit} or an eight may be laid",
    "follow_up_wrong_suit": "after the ace you must lay a card of {suit}, and {card} is not one",
    "follow_up_eight_other_suit": "an eight of another suit does not count: the ace must be followed by {suit}",
    "follow_up_owed": "after an ace you must lay a card of {suit}; you may not draw or pass",
    "ace_needs_follow_up": "an ace needs a card of its suit to follow{cite}: after {card} you would hold no {suit} to lay",
    "special_on_special": "{card} is a special card and may not be laid on the special card {top}",
    "special_group": "{card} may not be laid on {other}: no special card on a special card",
    "eight_undeclared": "an eight counts as another card: choose a suit and a rank for {card}",
    "eight_undeclared_suit": "an eight counts as a suit: choose the suit for {card}",
    "eight_needs_rank": "an eight counts as a suit and a rank: choose a rank for {card} too",
    "eight_suit_only": "when an eight counts as a suit only, you choose only a suit for {card}, no rank",
    "draw_limit": "you have already drawn three cards: lay a card or pass",
    "draw_limit_one": "you have already drawn your one card: lay a card or pass",
    "pass_before_one": "you may pass only after drawing a card",
    "pass_until": "no card of yours fits, so you draw until one does — you may pass only when nothing is left to draw",
    "must_lay_until": "a card of yours fits, so you lay it: you draw only when no card fits",
    "drawn_only": "after drawing you may lay only the card you have just drawn, {drawn}",
    "draw_may_play_drawn": "after drawing you may lay the card you drew, if it fits, or draw again",
    "draw_may_play_drawn.actor": "{actor} may then lay the card just drawn, if it fits, or draw again",
    "eight_last_resort": "you may lay an eight only when no other card fits — {other} fits",
    "one_eight_a_play": "only one eight at a time",
    "ace_finish": "you may not go out with an ace and the card after it as your last cards",
    "ace_finish_ace": "after {card} only one card would be left, and you may not go out with an ace and the card after it",
    "lappen_too_early": "you called “lappen” too early: your hand cannot be emptied in one turn, so you draw a card",
    "lappen_too_early.actor": "{actor} called “lappen” too early and draws a card",
    "goes_out_places": "you go out and get a place; the others play on",
    "goes_out_places.actor": "{actor} goes out and gets a place; the others play on",
    "pass_fits_until": "a card of yours fits, so you lay it: you pass only when no card fits and nothing is left to draw",
    "draw_nothing": "there is nothing to draw: the talon is empty and the pile has only its top card",
    "pass_too_early": "you may pass only after drawing three cards — you have drawn {n}",
    "pass_must_draw_v2": "your last card was a special card, so you must draw — you have drawn {n} of three",
    "lappen_off": "lappen is not in play in this game: the lappen rule is off",
    "lappen_not_ready": "you cannot call “lappen”: your hand could not be emptied in one turn",
    "lappen_turn_goes_on": "lappen is called with the move that ends the turn, and after this the turn goes on",
    "lappen_going_out": "a play that goes out cannot carry the lappen call",
    "varning_off": "varning is not in play in this game: the varning rule is off",
    "varning_not_three": "you cannot call “varning”: you would have {n_cards} left, and varning is called with three",
    "varning_turn_goes_on": "varning is called with the move that ends the turn, and after this the turn goes on",
    "not_a_move": "{text!r} is not a move: {error}",
    # -- events: what happens without a decision ----------------------------------------------
    "ev_draw": "{player} draws {card}",
    "ev_draw_hidden": "{player} draws a card",
    "ev_ace_draw": "{player} draws {card} for the ace",
    "ev_ace_draw_hidden": "{player} draws a card for the ace",
    "ev_starter_draw": "{player} draws {card} for the ace turned up",
    "ev_starter_draw_hidden": "{player} draws a card for the ace turned up",
    "ev_penalty": "{player} draws {cards} as a penalty for not calling lappen",
    "ev_penalty_hidden": "{player} draws {n_cards} as a penalty for not calling lappen",
    "ev_penalty_lapsed": "{player} did not call lappen, but nothing is left to draw as a penalty",
    "ev_penalty_varning": "{player} draws {cards} as a penalty for not calling varning",
    "ev_penalty_varning_hidden": "{player} draws {n_cards} as a penalty for not calling varning",
    "ev_penalty_varning_lapsed": "{player} did not call varning, but nothing is left to draw as a penalty",
    "ev_penalty_early": "{player} draws {cards} as a penalty for calling lappen too early",
    "ev_penalty_early_hidden": "{player} draws {n_cards} as a penalty for calling lappen too early",
    "ev_penalty_early_lapsed": "{player} called lappen too early, but nothing is left to draw as a penalty",
    "ev_out_place": "{player} goes out in place {place}; the others play on",
    "ev_reshuffle": "the talon is empty: the pile's {n} cards under the top are shuffled into a new talon",
    "ev_lapse": "nothing is left to draw, so {player}'s draw lapses",
    "ev_starter_back": "{card} is turned up first; it is an eight, so it is shuffled back into the talon",
    "ev_starter_back_special": "{card} is turned up first; it is a special card, so it is shuffled back into the talon",
    "ev_turn_up": "{card} is turned up and starts the pile",
    "ev_out": "{player} goes out and wins the round",
    "ev_blocked": "everyone has had a turn and nobody could lay or draw: the round is blocked",
    # the same events told to the seat they happened to (Event.text(..., you=seat)): "du drar 3♦"
    "ev_draw.you": "you draw {card}",
    "ev_draw_hidden.you": "you draw a card",
    "ev_ace_draw.you": "you draw {card} for the ace",
    "ev_ace_draw_hidden.you": "you draw a card for the ace",
    "ev_starter_draw.you": "you draw {card} for the ace turned up",
    "ev_starter_draw_hidden.you": "you draw a card for the ace turned up",
    "ev_penalty.you": "you draw {cards} as a penalty for not calling lappen",
    "ev_penalty_hidden.you": "you draw {n_cards} as a penalty for not calling lappen",
    "ev_penalty_lapsed.you": "you did not call lappen, but nothing is left to draw as a penalty",
    "ev_penalty_varning.you": "you draw {cards} as a penalty for not calling varning",
    "ev_penalty_varning_hidden.you": "you draw {n_cards} as a penalty for not calling varning",
    "ev_penalty_varning_lapsed.you": "you did not call varning, but nothing is left to draw as a penalty",
    "ev_penalty_early.you": "you draw {cards} as a penalty for calling lappen too early",
    "ev_penalty_early_hidden.you": "you draw {n_cards} as a penalty for calling lappen too early",
    "ev_penalty_early_lapsed.you": "you called lappen too early, but nothing is left to draw as a penalty",
    "ev_out_place.you": "you go out in place {place}; the others play on",
    "ev_lapse.you": "nothing is left to draw, so you draw no card",
    "ev_out.you": "you go out and win the round",
    # -- small words ----------------------------------------------------------------------------
    "counts_as": "{card} (counts as {decl})",
    "legal": "Allowed",
    "illegal": "Not allowed",
    # between a heading and what follows on one line
    "dash": " — ",
    # -- narration (vandatta.record.narrate) -----------------------------------------------------
    "narrate_start": "Start: {top} is on top; the talon has {talon}. {player} begins.",
    "narrate_points": "Points{cite}: {score}.",
    # -- a move in words (vandatta.explain.move_words) --------------------------------------------
    "move_draw": "draw a card",
    "move_pass": "pass",
    "move_phrase_draw": "drawing a card",
    "move_phrase_pass": "passing",
    "move_phrase_eight": "{card} (counts as the {decl})",
    # -- the hint (vandatta.ai.hint) -------------------------------------------------------------
    "hint_goes_out": "goes out and wins the round",
    "hint_v2_not_out": "your last card is a special card, so you do not go out — you must draw",
    "hint_group": "gets rid of {n} {plural} at once",
    "hint_ace_others": "makes the {n} others draw",
    "hint_ace_other": "makes the other player draw",
    "hint_ace_danger": "just when someone has only {cards} left",
    "hint_ace_follow": "then {card} follows in {suit}",
    "hint_eight_kept": "keeps your eight for later",
    "hint_eights_kept": "keeps your eights for later",
    "hint_eight_spent": "spends your eight although another card fits",
    "hint_eight_needed": "nothing else fits, so the eight does the job",
    "hint_declare": "the eight counts as the {decl} — you hold {k} more {suit}",
    "hint_declare_suit": "the eight counts as {decl} — you hold {k} more {suit}",
    "hint_last_of_suit_eight": "your last {sym} — after this you can only follow with an eight",
    "hint_last_of_suit": "your last {sym} — none of your cards will fit on it",
    "hint_keeps_suit": "leaves {suit} on top, and you hold {cards} that fit",
    "hint_keeps_suit_one": "leaves {suit} on top, and you hold one card that fits",
    "hint_high_points": "sheds {p} points while someone is close to going out",
    "hint_one_turn": "leaves a hand you could empty in one turn",
    "hint_special_only": "leaves you only special cards, and you cannot go out on them",
    "hint_lappen": "and you call “lappen”",
    "hint_draw_forced": "nothing fits: draw a card, your {nth} of at most three",
    "hint_draw_only_eight": "draws rather than spend your eight: your {nth} card of at most three",
    "hint_draw_forced_o8": "nothing fits: draw a card",
    "hint_draw_only_eight_o8": "draws rather than spend your eight",
    "hint_draw_voluntary": "draws although you could lay a card",
    "hint_draw_v2": "you laid a special card last and did not go out: draw",
    "hint_pass_three": "you have drawn three cards: pass",
    "hint_pass_one": "you have drawn your one card: pass",
    "hint_pass_empty": "there is nothing left to draw: pass",
    "hint_follow_up": "follows the ace in {suit}",
    "hint_title": "Hint for {player}: {n} candidates, {p} playouts",
    "hint_head_move": "move",
    "hint_head_chance": "chance to win",
    "hint_head_why": "why",
    # -- the command line --------------------------------------------------------------------
    "cli_needs_ui": "'vandatta {command}' needs the app's user interface (the package widgets), which is not installed here",
    # -- the puzzles' tasks, hints and misses (vandatta.ai.puzzles) --------------------------------
    # the tasks
    "puzzle_task_go_out": "Go out this turn – get rid of all your cards.",
    "puzzle_task_ace_out": "Make everyone else draw a card – and still go out this turn.",
    "puzzle_task_stuck": "{next} shows their cards. Lay so that {next} cannot lay any card at all.",
    "puzzle_task_choose": (
        "{next} shows their cards. Lay your eight and choose what it counts as, so that "
        "{next} cannot lay any card at all."
    ),
    "puzzle_task_v2_safe": (
        "With V2 you do not go out when your last card is an eight. Lay so that you could go out next turn."
    ),
    # what happened when a legal try missed the goal
    "puzzle_miss_cards_left": "You did not go out: {cards} still in your hand.",
    "puzzle_miss_must_draw": "With V2 an eight as your last card does not go out – now you would have to draw.",
    "puzzle_miss_nobody_drew": "You went out – but nobody else had to draw a card.",
    "puzzle_miss_next_can_lay": "{next} can lay {card}: {why}",
    "puzzle_miss_went_out": "You went out! But the puzzle asked for something else.",
    "puzzle_miss_not_ready": "Left in your hand: {cards}. You could not lay those cards in one turn.",
    "puzzle_miss_only_special": "Left in your hand: {cards}. With V2 you cannot go out on an eight.",
    "puzzle_miss_dead_end": "That move is allowed, but after it you can no longer solve the puzzle this turn.",
    "puzzle_miss_draw": (
        "Drawing is allowed, but the card you get is a surprise. You can solve this "
        "puzzle with the cards you hold."
    ),
    "puzzle_miss_wrong_choice": "The right card – but {detail} Think again about what the eight should count as.",
    # hints toward a rule (after a move that is not allowed)
    "puzzle_rule_R4": "A card fits when it has the suit or the rank that holds now.",
    "puzzle_rule_R5": (
        "Several cards of one rank may go at once. The first must fit, and the last one ends up on top."
    ),
    "puzzle_rule_R6": "An eight fits on anything – but you must choose what it counts as.",
    "puzzle_rule_R7": (
        "After an ace you lay a card of the ace's suit. You may lay the ace only if you "
        "will still hold such a card."
    ),
    "puzzle_rule_V1": "With V1 no special card goes on another: no eight or ace on an eight or an ace.",
    "puzzle_rule_V3": "Lappen is not needed in the puzzles.",
    "puzzle_rule_hand": "You can only lay cards that are in your hand.",
    "puzzle_rule_other": "Read the explanation: it names the rule.",
    # hints toward the idea (after an allowed move that missed the goal)
    "puzzle_idea_ace": "An ace gives you one more play in the same turn: after the ace you lay a card of its suit.",
    "puzzle_idea_ace_draw": "Which card makes everyone else draw?",
    "puzzle_idea_group": "You may lay several cards of one rank at once – only the first has to fit.",
    "puzzle_idea_order": "The order matters: which card goes first, and which last?",
    "puzzle_idea_eight": "The eight is wild: it fits on anything.",
    "puzzle_idea_look": "Look at the cards {next} holds. Which suit is missing?",
    "puzzle_idea_top": "Your last card ends up on top. That is the card {next} has to fit.",
    "puzzle_idea_keep": (
        "Think of the cards left after your move: could they all go in one turn, with an eight not last?"
    ),
    "puzzle_idea_rank": "Choose a suit that {next} does not hold – and a rank that {next} does not hold either.",
    # how an answer is shown
    "puzzle_any_choice": "{card} (counting as anything)",
    "puzzle_suit_choice": "{card} counting as {suit} ({ranks})",
    "puzzle_then": "then",
    "puzzle_any_rank": "any rank",
    # -- the game review's sentences (vandatta.ai.review) ------------------------------------------
    # what a good move did
    "review_went_out": "you went out and won the round",
    "review_ace_next": "the ace made the next player draw when they had only {cards} left",
    "review_ace_others": "the ace made the {n} others draw",
    "review_ace_other": "the ace made the other player draw",
    "review_ace_follow": "then {card} followed in {suit}",
    "review_kept_eight": "keeping the eight gave you a way out later",
    "review_group": "you got rid of {n} {plural} at once",
    "review_eight_needed": "nothing else fitted, so the eight did the job",
    "review_eight_as": "the eight counted as the {decl}, and you held {k} more {suit}",
    "review_drew_saved_eight": "drawing saved your eight for later",
    "review_followed_ace": "you followed the ace in {suit}",
    "review_kept_fits": "you left {suit} on top and kept {cards} that fit",
    "review_shed_points": "you got rid of {p} points while someone was close to going out",
    "review_one_turn": "you kept a hand you could empty in one turn",
    "review_called": "you called “lappen”",
    "review_drew_nothing_fit": "nothing fitted, so you drew",
    "review_plain_best": "of the moves you could make, this one gave the best chance",
    "review_little_better": "{best} was only a little better",
    # what a better move would have done
    "review_better": "Better: {best}",
    "review_could_go_out": "with it you could have gone out and won the round",
    "review_lappen_missed": "you forgot to call “lappen” and had to draw three cards as a penalty",
    "review_v2_not_out": "your last card was a special card, so you could not go out on it",
    "review_keep_eight": "keeping the eight would have given you a way out later",
    "review_ace_next_would": "the ace would have made the next player draw when they had only {cards} left",
    "review_ace_others_would": "the ace would have made the {n} others draw",
    "review_ace_other_would": "the ace would have made the other player draw",
    "review_drew_voluntary": "you drew a card although a card fitted",
    "review_group_would": "it would have got rid of {n} {plural} at once",
    "review_nothing_fits_after": "after your move none of your cards fitted on the top card",
    "review_special_only": "your move left only special cards, and you cannot go out on them",
    "review_points_would": "it would have got rid of more points while someone was close to going out",
    "review_eight_better_as": "the eight would have been better as the {decl}: you held {k} more {suit}",
    "review_one_turn_would": "it would have left a hand you could empty in one turn",
    "review_other_top": "it would have left {suit} on top instead",
    "review_fits_would": "it would have left you more cards that fit",
    "review_won_more": "it won more often when the computer played the round out many times",
    # the words around the moves
    "review_move_n": "Move {n}",
    "review_chance_line": "chance to win {before} before, {after} after (±{margin})",
    "review_title": "Review of the round: {n} decisions, {p} deals each",
    "review_title_seat": "Review of player {seat}'s round: {n} decisions, {p} deals each",
    "review_head_move": "move",
    "review_head_verdict": "verdict",
    "review_head_chance": "chance to win",
    "review_head_best": "better",
    "review_head_why": "why",
    # -- the game review's verdicts (vandatta.ai.review.Grade) -------------------------------------
    "review_grade_best": "Best move",
    "review_grade_good": "Good move",
    "review_grade_inaccuracy": "Inaccuracy",
    "review_grade_mistake": "Mistake",
    "review_grade_blunder": "Blunder",
    # -- the command line's checks (vandatta.cli) --------------------------------------------------
    "cli_invalid": "INVALID",
    "cli_interrupted": "interrupted",
    "cli_unreadable": "could not be checked",
    "cli_blocked": "blocked",
    "cli_ok": "ok — {n} moves, {outcome}",
    "cli_won_by": "won by {name}",
    "cli_unfinished": "unfinished",
    # why a file could not be opened (by its errno)
    "cli_os_missing": "no such file",
    "cli_os_denied": "permission denied: the file may not be read",
    "cli_os_folder": "it is a folder, not a file",
    "cli_os_long_name": "the file name is too long",
    "cli_os_loop": "the path loops through links",
    # -- the pictures' captions and alternative texts (vandatta.svg) -------------------------------
    "svg_back": "card back",
    "svg_face_down": "{n} cards, face down",
    "svg_face_down_1": "1 card, face down",
    "svg_counts_as": "{card}, counts as {what}",
    "svg_state_legal": "can be played",
    "svg_state_selected": "selected",
    "svg_state_last": "last played",
    "svg_state_dimmed": "cannot be played",
    "svg_no_cards": "no cards",
    "svg_hand": "hand of {n} cards",
    "svg_hand_1": "hand of 1 card",
    "svg_hand_0": "empty hand",
    "svg_talon": "Talon: {n}",
    "svg_talon_title": "talon: {n} cards",
    "svg_talon_title_1": "talon: 1 card",
    "svg_talon_unknown": "Talon",
    "svg_empty": "empty",
    "svg_follow_up": "The ace must be followed: ",
    "svg_draws": "Drawn this turn: {n} of {m}",
    "svg_draws_open": "Drawn this turn: {n}",
    "svg_top": "top card: {card}",
    "svg_empty_pile": "empty pile",
    "svg_to_move": "{player} to move",
    "svg_lappen": "Lappen!",
    "svg_lappen_title": "{player} has called lappen",
    "svg_winner": "★ Winner",
    "svg_wins": "{player} goes out and wins the round",
    "svg_blocked": "Blocked round: nobody can lay or draw",
    "svg_wins_short": "{player} wins the round",
    "svg_blocked_short": "Blocked round",
    "svg_table": "Card table, {n} players",
    "svg_draw": "draw",
    "svg_pass": "pass",
    "svg_move": "move",
    # -- why a record cannot be loaded (vandatta.record.RecordError) ------------------------------
    "record_regular_file_records_are": "it is {what}, not a regular file; records are read from regular files only",
    "record_file_bytes_records_over": "the file is {size} bytes; records over {max_bytes} bytes are refused",
    "record_valid_json_json_number": "the record is not valid JSON: {name} is not a JSON number",
    "record_the_record_has": "the record has no {name!r} field ({what})",
    "record_field_must_be": "field {name!r} must be {what}, not {shown}",
    "record_json_object": "a record must be a JSON object, not {kind}",
    "record_format": "field 'format' must be {FORMAT!r}, not {shown}",
    "record_version_this_program_reads": "field 'version': this program reads version {VERSION} records, not {shown}",
    "record_players_list_players": "field 'players' must list 2 to 8 players, not {n}",
    "record_dealer_seat_from": "field 'dealer' must be a seat from 0 to {n_1}, not {shown}",
    "record_position_move_seat_number": "field 'position.to_move' must be a seat number, not {shown}",
    "record_moves_holds_moves_more": "field 'moves' holds {n} moves, more than the {max_moves} a record may hold",
    "record_annotations_list_objects_with": "field 'annotations' must be a list of objects with a 'move' number",
    "record_file_more_than_bytes": "the file is more than {max_bytes} bytes; records over {max_bytes} bytes are refused",
    "record_empty": "the record is empty",
    "record_saved_as_utf_utf": "the record is saved as UTF-16 or UTF-32 text; save it as UTF-8",
    "record_valid_json_here_number": "the record is not valid JSON here: the number {shown} is too large",
    "record_rules": "field 'rules': {error}",
    "record_players_object_with_name": "field 'players[{i}]' must be an object with a name",
    "record_players_name_text_null": "field 'players[{i}].name' must be text or null",
    "record_players_name_characters_long": "field 'players[{i}].name' is {len_name} characters long; a name may have at most {MAX_NAME_LENGTH}",
    "record_players_player_short_text": 'field {name!r} must be a short text such as "expert" or "human"',
    "record_field": "field {field_name!r}: {text}",
    "record_position": "field 'position.{key_name}' must be {what}, not {shown}",
    "record_position_hands_cards_as": "field 'position.hands[{i}]' must be cards as text such as '7♣ 8♠'",
    "record_move_text_move_notation": "move {i}: must be text in move notation, not {shown}",
    "record_move_characters_too_long": "move {i}: {len_m} characters is too long for a move ({shown})",
    "record_annotations_object_whose_move": "field 'annotations[{i}]' must be an object whose 'move' is a number from 1 to {n_moves}",
    "record_valid_json_here_nested": "the record is not valid JSON here: it is nested too deeply",
    "record_valid_json_here": "the record is not valid JSON here: {error}",
    "record_utf_text_byte_x": "the record is not UTF-8 text: byte 0x{byte:02X} at byte {at} cannot be read",
    "record_character_that_cannot_shown": "{where} a character that cannot be shown: U+{char:04X} (half of a UTF-16 pair) at character {at}",
    "record_move_round_was_already": "move {number} ({text!r}): the round was already over",
    "record_deck_list_cards_as": "field 'deck' must list cards as text such as '10♥'",
    "record_position_unknown_key": "field 'position' has unknown key {key_name!r}",
    "record_position_needs_at_least": "field 'position' needs at least 'hands' and 'top'",
    "record_position_hands_list_one": "field 'position.hands' must list one hand per player ({n})",
    "record_move": "move {number} ({text!r}): {error}",
    "record_move_refused": "move {number} ({text!r}): {verdict}",
    "record_result_says_but_replaying": "field 'result.{key_name}' says {said} but replaying the moves gives {value!r}",
    "record_deck": "field 'deck': {error}",
    "record_not_json": "the record is not valid JSON: {why} at line {line}, column {col}",
    # what a record's field must hold, what a path is instead of a file, where a bad character is
    "record_what_rules": "an object of rule switches",
    "record_what_players": "a list of 2 to 8 players",
    "record_what_seed": "a whole number",
    "record_what_dealer": "a seat number",
    "record_what_deck": "the list of cards in deck order",
    "record_what_moves": "the list of moves in notation",
    "record_what_position": "a position ({keys})",
    "record_what_top": "a card as text such as '8♦=7♠'",
    "record_what_talon": "cards as text such as '9♠ 4♦'",
    "record_what_pile": "cards as text such as '3♥'",
    "record_file_folder": "a folder",
    "record_file_fifo": "a named pipe (FIFO)",
    "record_file_device": "a device (such as /dev/zero)",
    "record_file_disk": "a disk device",
    "record_file_socket": "a socket",
    "record_file_other": "something else",
    "record_where_key": "field {path!r} has a key with",
    "record_where_value": "field {path!r} has",
    # -- why a game cannot be reviewed (vandatta.ai.review.ReviewError) --------------------------
    "review_error_judge_needs_view_seat": "judge needs the view of the seat to move",
    "review_error_was_allowed_move_for": "{move} was not an allowed move for player {view_seat_1} there",
    "review_error_playouts_whole_number_from": "playouts must be a whole number from 2 to 1000000, not {playouts!r}",
    "review_error_this_game_was_copied": "this game was copied without its moves: it cannot keep a review",
    "review_error_review_move_game_only": "the review has move {max_decisions}, and the game only {game_ply} moves",
    "review_error_move_game_as_review": "move {ply} of the game is {game_move_at_ply}, not {d_move} as in the review",
    "review_error_this_game_was_copied_2": "this game was copied without its moves: there is nothing to review",
    "review_error_seat_number_from_none": "seat must be a number from 0 to {game_players_1} or None, not {seat!r}",
    "review_error_seed_whole_number": "the game number must be a whole number, not {number!r}",
    "review_error_move_review_kept_with": "move {ply}: the review kept with it cannot be read ({error})",
    "review_error_move_review_kept_with_2": "move {ply}: the review kept with it is not an object",
}

ORDINALS: tuple[str, ...] = ("", "first", "second", "third")

# Suits ♠ ♥ ♦ ♣ and ranks A 2 … K, in the order of vandatta.cards.Suit and Rank.
SUIT_WORDS: tuple[str, ...] = ("spades", "hearts", "diamonds", "clubs")

RANK_WORDS: tuple[str, ...] = (
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
)

RANK_PLURALS: tuple[str, ...] = (
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
)

# Every rule id of the rulebook with its short title.
RULE_TITLES: dict[str, str] = {
    "R1": "Players and cards",
    "R2": "The deal",
    "R3": "Turn order",
    "R4": "Same suit or same rank",
    "R5": "Several cards of one rank",
    "R6": "Eights are wild",
    "R7": "Aces make the others draw",
    "R8": "Drawing, at most three",
    "R9": "Going out",
    "R10": "Empty talon, blocked round",
    "R11": "The first face-up card",
    "V1": "No special card on a special card",
    "V2": "No going out on a special card",
    "V3": "Lappen",
    "S1": "Card points",
    "S2": "The game to 100",
    "O1": "Eights name a suit only",
    "O2": "Special starter redrawn",
    "O3": "First to 100 ends the game",
    "O4": "Cards dealt",
    "O5": "Only the card you drew",
    "O6": "Size of the lappen penalty",
    "O7": "Past 100, the lowest total wins",
    "O8": "Draw one, or until a card fits",
    "O9": "Varning at three cards left",
    "O10": "Play on for places",
    "O11": "An eight only when nothing else fits",
    "O12": "One eight at a time",
    "O13": "No going out with an ace",
    "O14": "Lappen called too early",
}

# Each named preset of vandatta.rules.PRESETS, in one line.
PRESET_DESCRIPTIONS: dict[str, str] = {
    "standard": "The rules of the source: six cards each, draw at most three, the last one left below 100 wins.",
    "strict": "The source's three extra rules: no special card on a special card, no going out on one, lappen.",
    "crazy_eights": "As in Crazy Eights: an eight names a suit only, and a special first card is shuffled back.",
    "quick": "A shorter game: it ends as soon as anyone reaches 100 points, and the lowest total wins.",
    "kallan": "Källan (the source): the rules exactly as the source tells them — the same as standard.",
    "sju_kort": "Seven cards each, as on the other Swedish rule pages.",
    "fem_kort": "Five cards each, as in Olsen, and in Crazy Eights with three or more players.",
    "nodecardgame": (
        "As in the web game NodeCardGame: seven cards, no going out on a special card, an eight only "
        "when nothing else fits and one at a time, and you play on for places."
    ),
    "sparbanken_eken": (
        "As on Sparbanken Eken's page: seven cards, the source's three extra rules, “varning”, and "
        "no going out with an ace."
    ),
    "mau_mau": (
        "As in Mau-Mau: five cards, draw one card and lay only that one, and calling lappen too early "
        "costs a card."
    ),
    "varning_och_lappen": "Two calls: “varning” with three cards left and “lappen” when you could go out next turn.",
}
