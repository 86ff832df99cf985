"""Every word the widgets show, in Swedish and English, and the language switch.

The engine explains moves in both languages itself (``Verdict.text(lang)``); this catalog
holds the UI's own words: button labels, tooltips, headings. Words follow GLOSSARY.md.

>>> t("next", "sv"), t("next", "en")
('Nästa', 'Next')
>>> t("move_n_of_m", "sv", n=3, m=40)
'Drag 3 av 40'
"""

from __future__ import annotations

import ipywidgets as w

__all__ = ["UI", "t", "LANGS", "language_switch"]

LANGS = ("sv", "en")

UI: dict[str, dict[str, str]] = {
    # replay controls
    "first": {"sv": "Första", "en": "First"},
    "previous": {"sv": "Föregående", "en": "Previous"},
    "next": {"sv": "Nästa", "en": "Next"},
    "last": {"sv": "Sista", "en": "Last"},
    "play": {"sv": "Spela", "en": "Play"},
    "pause": {"sv": "Paus", "en": "Pause"},
    "first_tip": {"sv": "Till början (Home)", "en": "To the start (Home)"},
    "previous_tip": {"sv": "Föregående drag (←)", "en": "Previous move (←)"},
    "next_tip": {"sv": "Nästa drag (→)", "en": "Next move (→)"},
    "last_tip": {"sv": "Till slutet (End)", "en": "To the end (End)"},
    "play_tip": {"sv": "Spela upp dragen ett i taget", "en": "Play the moves one by one"},
    "speed": {"sv": "Hastighet", "en": "Speed"},
    "slow": {"sv": "Långsam", "en": "Slow"},
    "normal": {"sv": "Normal", "en": "Normal"},
    "fast": {"sv": "Snabb", "en": "Fast"},
    "move_n_of_m": {"sv": "Drag {n} av {m}", "en": "Move {n} of {m}"},
    "start_position": {"sv": "Utgångsläge", "en": "Starting position"},
    "moves": {"sv": "Drag", "en": "Moves"},
    "explanation": {"sv": "Förklaring", "en": "Explanation"},
    "also_legal": {"sv": "Annat som var tillåtet", "en": "Also legal here"},
    "considered": {"sv": "Datorn övervägde", "en": "The computer considered"},
    "win_chance": {"sv": "vinstchans", "en": "chance to win"},
    "open_hands": {"sv": "Visa alla händer", "en": "Show all hands"},
    "view_of": {"sv": "Visa som", "en": "View as"},
    "everyone": {"sv": "Alla (öppna kort)", "en": "Everyone (open hands)"},
    "export_record": {"sv": "Spara partiet (JSON)", "en": "Save the game (JSON)"},
    "export_narration": {"sv": "Spara berättelsen (text)", "en": "Save the story (text)"},
    "language": {"sv": "Språk", "en": "Language"},
    # playing
    "play_cards": {"sv": "Lägg kort", "en": "Lay cards"},
    "draw": {"sv": "Dra ett kort", "en": "Draw a card"},
    "pass": {"sv": "Stå över", "en": "Pass"},
    "lappen": {"sv": "Säg ”lappen”", "en": "Call “lappen”"},
    "hint": {"sv": "Tips", "en": "Hint"},
    "new_round": {"sv": "Ny omgång", "en": "New round"},
    "new_game": {"sv": "Nytt spel", "en": "New game"},
    "clear": {"sv": "Avmarkera", "en": "Clear"},
    "declare_suit": {"sv": "Åttan räknas som färg", "en": "The eight counts as suit"},
    "declare_rank": {"sv": "och valör", "en": "and rank"},
    "your_turn": {"sv": "Din tur", "en": "Your turn"},
    "waiting": {"sv": "Väntar på {player} …", "en": "Waiting for {player} …"},
    "select_hint": {
        "sv": "Klicka på ett kort (eller flera av samma valör) och tryck på ”Lägg kort”.",
        "en": "Click a card (or several of one rank) and press “Lay cards”.",
    },
    "nothing_selected": {"sv": "Välj först ett kort att lägga.", "en": "Choose a card to lay first."},
    "you": {"sv": "Du", "en": "You"},
    "computer": {"sv": "Dator", "en": "Computer"},
    # results
    "round_over": {"sv": "Omgången är slut", "en": "The round is over"},
    "wins_round": {
        "sv": "{player} går ut och vinner omgången!",
        "en": "{player} goes out and wins the round!",
    },
    "blocked": {
        "sv": "Omgången är låst – ingen kan lägga eller dra.",
        "en": "The round is blocked – nobody can lay or draw.",
    },
    "points": {"sv": "Poäng", "en": "Points"},
    "total": {"sv": "Summa", "en": "Total"},
    "round": {"sv": "Omgång", "en": "Round"},
    "match_over": {"sv": "Spelet är slut – {players} vinner!", "en": "The game is over – {players} wins!"},
    "out_of_game": {"sv": "ute ur spelet", "en": "out of the game"},
    "error": {"sv": "Något gick fel", "en": "Something went wrong"},
}


def t(key: str, lang: str = "en", **params: object) -> str:
    """The UI word ``key`` in ``lang``, with ``{fields}`` filled in."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: use 'sv' or 'en'")
    text = UI[key][lang]
    return text.format(**params) if params else text


def language_switch(
    value: str = "sv", *, button_width: str = "80px", classes: tuple[str, ...] = ()
) -> w.ToggleButtons:
    """The sv/en switch every composite view carries (``classes``: its CSS classes, given
    here rather than added afterwards, which would cost a message to the browser each)."""
    return w.ToggleButtons(
        options=[("Svenska", "sv"), ("English", "en")],
        value=value,
        tooltips=["Byt till svenska", "Switch to English"],
        style={"button_width": button_width},
        layout=w.Layout(width="auto"),
        _dom_classes=classes,
    )


# -- the lessons' "try it" exercises (widgets/exercise.py) ---------------------------------------
UI.update(
    {
        "ex_right": {"sv": "Rätt!", "en": "Right!"},
        "ex_miss": {"sv": "Tillåtet – men inte riktigt det vi letade efter", "en": "Allowed – but not quite"},
        "ex_legal_go_on": {"sv": "Tillåtet – din tur fortsätter", "en": "Allowed – your turn goes on"},
        "ex_not_allowed": {"sv": "Inte tillåtet", "en": "Not allowed"},
        "ex_not_a_move": {"sv": "Det där är inget drag", "en": "That is not a move"},
        "ex_start_over": {"sv": "Börja om", "en": "Start over"},
        "ex_show_answer": {"sv": "Visa ett svar", "en": "Show an answer"},
        "ex_answer": {"sv": "Ett svar som fungerar:", "en": "An answer that works:"},
        "ex_no_answer": {"sv": "Här finns inget svar att visa.", "en": "There is no answer to show here."},
        "ex_your_hand": {"sv": "Din hand – du är {player}", "en": "Your hand – you are {player}"},
        "ex_your_moves": {"sv": "Dina drag:", "en": "Your moves:"},
        "ex_cards": {"sv": "{n} kort", "en": "{n} cards"},
        "ex_cards_1": {"sv": "1 kort", "en": "1 card"},
        "ex_lappen_called": {"sv": "har sagt ”lappen”", "en": "has called “lappen”"},
        "ex_lappen_tip": {
            "sv": "Tryck här innan du lägger ditt kort (eller står över) för att säga ”lappen”",
            "en": "Press this before you lay your card (or pass) to call “lappen”",
        },
        "ex_lappen_not_with_draw": {
            "sv": "”Lappen” sägs med draget som avslutar turen, aldrig när du drar ett kort (V3).",
            "en": "“Lappen” goes with the move that ends your turn, never with a draw (V3).",
        },
        "ex_declare": {"sv": "Åttan räknas som:", "en": "The eight counts as:"},
        "ex_order": {
            "sv": "Du lägger korten i den här ordningen: {cards}. Det sista kortet hamnar överst.",
            "en": "You lay the cards in this order: {cards}. The last card ends up on top.",
        },
        "ex_none": {"sv": "– välj –", "en": "– choose –"},
        "ex_quiz_wrong": {
            "sv": "Inte riktigt – {choice} stämmer inte. Försök igen!",
            "en": "Not quite – {choice} is not it. Try again!",
        },
        "ex_points_question": {
            "sv": "Hur många poäng är de här korten värda?",
            "en": "How many points are these cards worth?",
        },
        "ex_legal_question": {"sv": "Får {player} lägga {move} här?", "en": "May {player} lay {move} here?"},
        "ex_legal_question_move": {
            "sv": "Får {player} göra draget ”{move}” här?",
            "en": "May {player} make the move “{move}” here?",
        },
        "ex_yes": {"sv": "Ja", "en": "Yes"},
        "ex_no": {"sv": "Nej", "en": "No"},
        "goal_lay_miss": {
            "sv": "Det var tillåtet, men du lade inget kort. Hitta ett kort som passar!",
            "en": "That was allowed, but you did not lay a card. Find one that fits!",
        },
        "goal_out_miss": {
            "sv": "Det var tillåtet, men du gick inte ut. Finns det ett drag som gör dig av med alla kort?",
            "en": "That was allowed, but you did not go out. Is there a move that gets rid of all your cards?",
        },
        "goal_ace_miss": {
            "sv": "Det var tillåtet, men ingen annan behövde dra något kort. Vilket kort får alla andra att dra?",
            "en": "That was allowed, but nobody else had to draw. Which card makes everyone else draw?",
        },
        "goal_lappen_miss": {
            "sv": "Det var tillåtet, men här skulle du ha sagt ”lappen”. Lägg ett kort så att du kan gå ut "
            "nästa tur – och tryck på ”Säg lappen” innan du lägger det.",
            "en": "That was allowed, but this was the moment to call “lappen”. Lay a card that lets you go "
            "out next turn – and press “Call lappen” before you lay it.",
        },
        "goal_suit_miss": {
            "sv": "Det var tillåtet, men nu gäller inte {suit}.",
            "en": "That was allowed, but {suit} is not the suit now.",
        },
        "goal_group_miss": {
            "sv": "Det var tillåtet, men du kan lägga fler kort på en gång – minst {n}.",
            "en": "That was allowed, but you can lay more cards at once – at least {n}.",
        },
        "goal_ready_miss": {
            "sv": "Det var tillåtet, men med korten du har kvar kan du inte gå ut nästa tur.",
            "en": "That was allowed, but with the cards you have left you cannot go out next turn.",
        },
        "goal_pass_miss": {
            "sv": "Det var tillåtet, men turen slutade inte med att du stod över.",
            "en": "That was allowed, but your turn did not end with a pass.",
        },
        "goal_draw_lay_miss": {
            "sv": "Det var tillåtet, men här ska du dra kort tills du kan lägga ett.",
            "en": "That was allowed, but here you should draw until you can lay a card.",
        },
        "goal_stuck_miss": {
            "sv": "Det var tillåtet, men nästa spelare har fortfarande ett kort som passar.",
            "en": "That was allowed, but the next player still has a card that fits.",
        },
        "goal_generic_miss": {
            "sv": "Det var tillåtet, men inte det vi letade efter. Försök igen!",
            "en": "That was allowed, but not what we were looking for. Try again!",
        },
    }
)


# -- the replay viewer (widgets/replay.py, widgets/export.py) ------------------------------------
UI.update(
    {
        "rp_title": {"sv": "Repris", "en": "Replay"},
        "rp_pause_tip": {"sv": "Pausa uppspelningen", "en": "Pause the playback"},
        "rp_slider_tip": {"sv": "Gå till ett drag", "en": "Go to a move"},
        "rp_speed_tip": {"sv": "Hur fort dragen spelas upp", "en": "How fast the moves are played"},
        "rp_moves_tip": {"sv": "Klicka på ett drag för att gå dit", "en": "Click a move to go there"},
        "rp_view_tip": {
            "sv": "Visa allas kort, eller bara de kort en spelare själv ser",
            "en": "Show every hand, or only the cards one player sees",
        },
        "rp_draw": {"sv": "dra", "en": "draw"},
        "rp_pass": {"sv": "stå över", "en": "pass"},
        "rp_move_heading": {"sv": "Drag {n}", "en": "Move {n}"},
        "rp_begins": {"sv": "{player} börjar.", "en": "{player} begins."},
        "rp_then": {"sv": "Sedan hände det här", "en": "What happened next"},
        "rp_rules": {"sv": "Regler", "en": "Rules"},
        "rp_nothing_else": {
            "sv": "Inget annat – det här var det enda tillåtna draget.",
            "en": "Nothing else – this was the only legal move.",
        },
        "rp_and_more": {"sv": "och {n} till", "en": "and {n} more"},
        "rp_hidden": {
            "sv": "Dolt här – du ser bara {owner} kort.",
            "en": "Hidden here – you see only {owner} cards.",
        },
        "rp_record_ends": {
            "sv": "Partiet slutar här, men omgången är inte färdigspelad.",
            "en": "The record ends here, but the round is not finished.",
        },
        "rp_winner": {"sv": "vinnare", "en": "winner"},
        "rp_bad_ply": {
            "sv": "Det finns inget drag {n}: välj ett drag från 0 till {m}.",
            "en": "There is no move {n}: choose a move from 0 to {m}.",
        },
        "rp_bad_choice": {"sv": "Det valet finns inte: {value}", "en": "There is no such choice: {value}"},
        "rp_no_moves": {"sv": "Partiet har inga drag ännu.", "en": "The game has no moves yet."},
        "export_record_tip": {
            "sv": "Hela partiet som en fil som kan spelas upp igen",
            "en": "The whole game as a file that can be replayed",
        },
        "export_narration_tip": {
            "sv": "Alla drag med förklaringar, som text",
            "en": "Every move with its explanation, as text",
        },
    }
)


# -- the play table, the table views and the score board (widgets/play.py, table.py, scoreboard.py)
UI.update(
    {
        "pt_lay_tip": {
            "sv": "Lägg de markerade korten, i den ordning du klickade på dem",
            "en": "Lay the selected cards, in the order you clicked them",
        },
        "pt_draw_tip": {
            "sv": "Dra ett kort från talongen (högst tre per tur)",
            "en": "Draw a card from the talon (at most three a turn)",
        },
        "pt_pass_tip": {
            "sv": "Avsluta turen utan att lägga något kort",
            "en": "End your turn without laying a card",
        },
        "pt_lappen_tip": {
            "sv": "Tryck här innan du lägger ditt kort (eller står över) för att säga ”lappen” (V3)",
            "en": "Press this before you lay your card (or pass) to call “lappen” (V3)",
        },
        "pt_clear_tip": {"sv": "Ta bort markeringen från korten", "en": "Unselect the cards"},
        "pt_hint_tip": {
            "sv": "Vad skulle en bra spelare göra här, och varför?",
            "en": "What would a good player do here, and why?",
        },
        "pt_new_round_tip": {"sv": "Dela ut en ny omgång", "en": "Deal a new round"},
        "pt_declare_title": {"sv": "Åttan räknas som:", "en": "The eight counts as:"},
        "pt_declare_suit_short": {"sv": "färg", "en": "suit"},
        "pt_choose": {"sv": "– välj –", "en": "– choose –"},
        "pt_illegal_word": {"sv": "Inte tillåtet", "en": "Not allowed"},
        "pt_not_your_turn": {"sv": "Vänta – det är {player}s tur.", "en": "Wait – it is {player}'s turn."},
        "pt_round_over_new": {
            "sv": "Omgången är slut. Tryck på ”Ny omgång” för att spela igen.",
            "en": "The round is over. Press “New round” to play again.",
        },
        "pt_round_points": {
            "sv": "Poäng i omgången (S1): {points}.",
            "en": "Points this round (S1): {points}.",
        },
        "pt_press_new_round": {"sv": "Tryck på ”Ny omgång”.", "en": "Press “New round”."},
        "pt_finish_round_first": {"sv": "Spela klart omgången först.", "en": "Finish the round first."},
        "pt_human_out": {
            "sv": "Du är ute ur spelet – datorspelarna spelar vidare.",
            "en": "You are out of the game – the computer players play on.",
        },
        "pt_your_hand": {"sv": "Din hand", "en": "Your hand"},
        "pt_role_you": {"sv": "du", "en": "you"},
        "pt_role_computer": {"sv": "datorspelare · {kind}", "en": "computer · {kind}"},
        "pt_bot_random": {"sv": "slumpen", "en": "random"},
        "pt_bot_beginner": {"sv": "nybörjare", "en": "beginner"},
        "pt_bot_expert": {"sv": "expert", "en": "expert"},
        "pt_bot_strong": {"sv": "stark", "en": "strong"},
        "pt_bots_missing": {
            "sv": "Datorspelarna (vandatta.ai) finns inte här – en enkel reserv lägger första tillåtna draget.",
            "en": "The computer players (vandatta.ai) are missing – a simple stand-in makes the first legal move.",
        },
        "pt_player_n": {"sv": "Spelare {n}", "en": "Player {n}"},
        "pt_cards_n": {"sv": "{n} kort", "en": "{n} cards"},
        "pt_cards_1": {"sv": "1 kort", "en": "1 card"},
        "pt_points_n": {"sv": "{n} poäng", "en": "{n} points"},
        "pt_lappen_tag": {"sv": "Lappen!", "en": "Lappen!"},
        "pt_winner_tag": {"sv": "★ Vinnare", "en": "★ Winner"},
        "pt_winner_word": {"sv": "vinnare", "en": "winner"},
        "pt_seat_to_move": {"sv": "{player} är på tur", "en": "{player} to move"},
        "pt_must_draw_note": {
            "sv": "Sista kortet var ett specialkort – dra kort (V2)",
            "en": "The last card was a special card – draw (V2)",
        },
        "pt_begins": {"sv": "{player} börjar.", "en": "{player} begins."},
        "pt_log_draw": {"sv": "dra", "en": "draw"},
        "pt_log_pass": {"sv": "stå över", "en": "pass"},
        "pt_thinking": {"sv": "Tänker …", "en": "Thinking …"},
        "pt_hint_title": {"sv": "Tips: de bästa dragen just nu", "en": "Hint: the best moves now"},
        "pt_hint_your_turn": {"sv": "Tips finns när det är din tur.", "en": "Hints are given on your turn."},
        "pt_hint_missing": {
            "sv": "Tipsen (vandatta.ai) finns inte här ännu.",
            "en": "Hints (vandatta.ai) are not available here yet.",
        },
        "pt_match_shared": {
            "sv": "Spelet är slut – {players} delar segern!",
            "en": "The game is over – {players} share the win!",
        },
        "pt_scoreboard_title": {"sv": "Poängtavla – spelet till 100", "en": "Score board – the game to 100"},
        "pt_no_rounds": {"sv": "Inga omgångar spelade ännu.", "en": "No rounds played yet."},
        "pt_player_col": {"sv": "Spelare", "en": "Player"},
        "pt_chart_title": {"sv": "Summa efter varje omgång", "en": "Totals after each round"},
        "pt_start_short": {"sv": "start", "en": "start"},
        "pt_target_line": {"sv": "{n} poäng – ute ur spelet", "en": "{n} points – out of the game"},
        "pt_out_short": {"sv": "ute", "en": "out"},
        "pt_totals_caption": {
            "sv": "Summa efter varje omgång (och omgångens poäng)",
            "en": "Total after each round (and the round's points)",
        },
    }
)

# -- the simulation lesson's charts (widgets/charts.py) ------------------------------------------
UI.update(
    {
        "chart_player_random": {"sv": "slump", "en": "random"},
        "chart_player_beginner": {"sv": "nybörjare", "en": "beginner"},
        "chart_player_expert": {"sv": "expert", "en": "expert"},
        "chart_player_strong": {"sv": "stark", "en": "strong"},
        "chart_wins_rounds": {
            "sv": "Andel vunna omgångar ({n} omgångar)",
            "en": "Share of rounds won ({n} rounds)",
        },
        "chart_wins_matches": {
            "sv": "Andel vunna spel till 100 ({n} spel)",
            "en": "Share of games to 100 won ({n} games)",
        },
        "chart_win_share": {"sv": "andel vinster", "en": "share of wins"},
        "chart_ci_note": {
            "sv": "Strecket visar osäkerheten: ett 95 % konfidensintervall.",
            "en": "The whisker shows the uncertainty: a 95% confidence interval.",
        },
        "chart_points_title": {
            "sv": "Så växer poängen: medelsumma efter varje omgång ({n} spel)",
            "en": "How points pile up: average total after each round ({n} games)",
        },
        "chart_round": {"sv": "omgång", "en": "round"},
        "chart_average_total": {"sv": "medelsumma", "en": "average total"},
        "chart_target": {"sv": "{n} poäng: ute ur spelet", "en": "{n} points: out of the game"},
        "chart_seat": {"sv": "Plats {n}", "en": "Seat {n}"},
        "chart_deals": {"sv": "(ger)", "en": "(deals)"},
        "chart_begins": {"sv": "(börjar)", "en": "(begins)"},
        "chart_seats_title": {
            "sv": "Vinster per plats vid bordet ({n} omgångar)",
            "en": "Wins by seat at the table ({n} rounds)",
        },
        "chart_progress": {"sv": "{done} av {total} spel", "en": "{done} of {total} games"},
    }
)

# -- the dashboard (widgets/dashboard.py) ---------------------------------------------------------
UI.update(
    {
        "db_subtitle": {
            "sv": "Det svenska kortspelet – förklarat drag för drag",
            "en": "The Swedish card game – explained move by move",
        },
        "db_language_tip": {"sv": "Byt språk på hela sidan", "en": "Change the language of the whole page"},
        "db_tab_replay": {"sv": "Repris", "en": "Replay"},
        "db_tab_new": {"sv": "Ny omgång", "en": "New game"},
        "db_tab_play": {"sv": "Spela", "en": "Play"},
        "db_tab_match": {"sv": "Spelet till 100", "en": "Match to 100"},
        "db_sample": {"sv": "Exempelomgång", "en": "Sample game"},
        "db_new": {"sv": "Ny omgång", "en": "New game"},
        "db_from_file": {"sv": "Från filen ”{name}”", "en": "From the file “{name}”"},
        "db_seed_is": {"sv": "frö {seed}", "en": "seed {seed}"},
        "db_rules_basic": {"sv": "grundreglerna", "en": "the basic rules"},
        "db_rules_with": {"sv": "regler: {ids}", "en": "rules: {ids}"},
        "db_step_tip": {"sv": "stega med ”Nästa ▶” eller →", "en": "step with “Next ▶” or →"},
        "db_players_n": {"sv": "{n} spelare: {kinds}", "en": "{n} players: {kinds}"},
        "db_players_count": {"sv": "{n} spelare", "en": "{n} players"},
        "db_bot_random": {"sv": "slumpspelare", "en": "random"},
        "db_bot_beginner": {"sv": "nybörjare", "en": "beginner"},
        "db_bot_expert": {"sv": "expert", "en": "expert"},
        "db_bot_strong": {"sv": "stark", "en": "strong"},
        "db_new_title": {"sv": "Låt datorn spela en ny omgång", "en": "Let the computer play a new game"},
        "db_new_help": {
            "sv": "Välj frö, antal spelare, vem som sitter på varje plats och vilka tilläggsregler som "
            "gäller. Tryck sedan på ”Starta” – datorspelarna spelar omgången och den visas under ”Repris”.",
            "en": "Choose a seed, the number of players, who sits at each seat and which additional rules "
            "apply. Then press “Start” – the computer players play the round and it appears under “Replay”.",
        },
        "db_seed": {"sv": "Frö", "en": "Seed"},
        "db_seed_tip": {
            "sv": "Samma frö ger samma giv och samma drag varje gång",
            "en": "The same seed gives the same deal and the same moves every time",
        },
        "db_random_seed": {"sv": "Slumpa frö", "en": "Random seed"},
        "db_random_seed_tip": {"sv": "Välj ett nytt frö på måfå", "en": "Pick a new seed at random"},
        "db_players": {"sv": "Antal spelare", "en": "Players"},
        "db_seats": {"sv": "Vem sitter på varje plats?", "en": "Who sits at each seat?"},
        "db_bots_help": {
            "sv": "Slumpspelaren gör vilket tillåtet drag som helst. Nybörjaren lägger första kortet som "
            "passar. Experten sparar sina specialkort och tänker på vad de andra har kvar. Den starka "
            "spelaren provspelar sina bästa drag många gånger innan den väljer (här med kort betänketid).",
            "en": "The random player makes any legal move. The beginner lays the first card that fits. The "
            "expert saves its special cards and thinks about what the others have left. The strong player "
            "tries out its best moves many times before it chooses (with a short think here).",
        },
        "db_variants": {"sv": "Tilläggsregler", "en": "Additional rules"},
        "db_start": {"sv": "Starta ▶", "en": "Start ▶"},
        "db_start_tip": {
            "sv": "Datorspelarna spelar omgången – sedan visas den under ”Repris”",
            "en": "The computer players play the round – then it appears under “Replay”",
        },
        "db_playing": {
            "sv": "Datorspelarna spelar omgången …",
            "en": "The computer players are playing the round …",
        },
        "db_started": {
            "sv": "Klart! Omgången är {n} drag lång – stega igenom den under ”Repris”.",
            "en": "Done! The round is {n} moves long – step through it under “Replay”.",
        },
        "db_upload_title": {"sv": "Eller öppna en sparad omgång", "en": "Or open a saved game"},
        "db_upload_help": {
            "sv": "En .json-fil som sparats med ”Spara partiet (JSON)”, högst 1 MB. "
            "Varje drag i filen kontrolleras mot reglerna.",
            "en": "A .json file saved with “Save the game (JSON)”, at most 1 MB. "
            "Every move in the file is checked against the rules.",
        },
        "db_upload": {"sv": "Öppna fil (.json)", "en": "Open a file (.json)"},
        "db_upload_tip": {"sv": "Välj en sparad omgång (.json)", "en": "Choose a saved game (.json)"},
        "db_loaded": {
            "sv": "Filen ”{name}” är öppnad: {n} drag. Stega igenom den under ”Repris”.",
            "en": "The file “{name}” is open: {n} moves. Step through it under “Replay”.",
        },
        "db_bad_file": {
            "sv": "Filen ”{name}” kunde inte öppnas",
            "en": "The file “{name}” could not be opened",
        },
        "db_kept": {
            "sv": "Omgången som visades förut finns kvar.",
            "en": "The game shown before is still there.",
        },
        "db_not_json_name": {
            "sv": "välj en fil vars namn slutar på .json.",
            "en": "choose a file whose name ends in .json.",
        },
        "db_too_big": {
            "sv": "den är {size} byte stor, men högst {limit} byte (1 MB) går att öppna.",
            "en": "it is {size} bytes large, but at most {limit} bytes (1 MB) can be opened.",
        },
        "db_empty": {"sv": "filen är tom.", "en": "the file is empty."},
        "db_not_utf8": {"sv": "det är ingen text (UTF-8).", "en": "it is not text (UTF-8)."},
        "db_not_json": {
            "sv": "det är inte JSON – fel på rad {line}, kolumn {col} ({detail}).",
            "en": "it is not JSON – an error at line {line}, column {col} ({detail}).",
        },
        "db_not_json_plain": {"sv": "det är inte JSON ({detail}).", "en": "it is not JSON ({detail})."},
        "db_bad_move": {
            "sv": "drag {n} (”{move}”) är inte tillåtet: {why}",
            "en": "move {n} (“{move}”) is not allowed: {why}",
        },
        "db_bad_move_text": {
            "sv": "drag {n} (”{move}”) går inte att läsa: {why}",
            "en": "move {n} (“{move}”) cannot be read: {why}",
        },
        "db_move_after_end": {
            "sv": "drag {n} (”{move}”) kommer efter att omgången redan är slut.",
            "en": "move {n} (“{move}”) comes after the round was already over.",
        },
        "db_bad_field": {"sv": "fältet ”{field}” är fel: {why}", "en": "the field “{field}” is wrong: {why}"},
        "db_bad_record": {"sv": "det är ingen giltig omgång: {why}", "en": "it is not a valid game: {why}"},
        "db_play_intro": {
            "sv": "Du är Spelare 1. Motståndare, frö och regler hämtas från ”Ny omgång”.",
            "en": "You are Player 1. The opponents, seed and rules come from “New game”.",
        },
        "db_match_intro": {
            "sv": "Spelet till 100 (S2): korten du har kvar när omgången är slut ger poäng, och poängen "
            "läggs ihop. Den som når 100 är ute – den som sist är kvar under 100 vinner. Du är Spelare 1; "
            "motståndare, frö och regler hämtas från ”Ny omgång”.",
            "en": "The game to 100 (S2): the cards left in your hand when a round ends give points, and the "
            "points add up. Whoever reaches 100 is out – the last player left below 100 wins. You are "
            "Player 1; the opponents, seed and rules come from “New game”.",
        },
        "db_restart": {"sv": "Börja om med de inställningarna", "en": "Start again with those settings"},
        "db_restart_tip": {
            "sv": "Ett nytt bord med inställningarna från ”Ny omgång”",
            "en": "A new table with the settings of “New game”",
        },
        "db_loading": {"sv": "Dukar bordet …", "en": "Setting the table …"},
        "db_seed_range": {
            "sv": "Fröet ska vara ett heltal från 0 till {max}, inte {value}.",
            "en": "The seed must be a whole number from 0 to {max}, not {value}.",
        },
        "db_players_range": {
            "sv": "Vändåtta spelas av 2 till 8 spelare, inte {value} (R1).",
            "en": "Vändåtta is played by 2 to 8 players, not {value} (R1).",
        },
        "db_bad_choice": {"sv": "Det valet finns inte: {value}", "en": "There is no such choice: {value}"},
        "db_close": {"sv": "Stäng meddelandet", "en": "Close the message"},
    }
)


# -- every screen: the page, the replay's labels, classroom mode, the upload button ---------------
# (widgets/page.py, widgets/replay.py, widgets/movelist.py, widgets/upload.py)
UI.update(
    {
        "page_title": {"sv": "Vändåtta", "en": "Vändåtta"},
        "page_lost_title": {"sv": "Sidan har tappat kontakten", "en": "The page lost its connection"},
        "page_lost_text": {
            "sv": "Ladda om sidan så kan du fortsätta. Det som visas nu börjar då om från början.",
            "en": "Reload the page to go on. What is shown now then starts again from the beginning.",
        },
        "page_lost_button": {"sv": "Ladda om sidan", "en": "Reload the page"},
        "page_language": {"sv": "Språk", "en": "Language"},
        "db_unreadable": {"sv": "filen gick inte att läsa.", "en": "the file could not be read."},
        # the replay's controls, for the eye and for a screen reader
        "rp_slider_label": {"sv": "Drag i omgången", "en": "Move in the round"},
        "rp_moves_label": {
            "sv": "Dragen – välj ett för att gå dit",
            "en": "The moves – choose one to go there",
        },
        "rp_earlier": {"sv": "◀ Tidigare drag", "en": "◀ Earlier moves"},
        "rp_later": {"sv": "Senare drag ▶", "en": "Later moves ▶"},
        "rp_view_follow": {"sv": "Den som spelar", "en": "The player who moves"},
        # classroom mode
        "rp_classroom": {"sv": "Klassrumsläge", "en": "Classroom mode"},
        "rp_classroom_tip": {
            "sv": "Stora kort och stor text för projektorn; fråga klassen före varje drag",
            "en": "Large cards and text for the projector; ask the class before each move",
        },
        "rp_classroom_off": {"sv": "Lämna klassrumsläget", "en": "Leave classroom mode"},
        "rp_ask": {"sv": "Fråga först", "en": "Ask first"},
        "rp_ask_tip": {
            "sv": "Visa läget före varje drag och låt klassen gissa innan draget visas",
            "en": "Show the position before each move and let the class guess before the move is shown",
        },
        "rp_reveal": {"sv": "Visa draget", "en": "Show the move"},
        "rp_reveal_tip": {
            "sv": "Visa vad som spelades, och varför (R)",
            "en": "Show what was played, and why (R)",
        },
        "rp_question": {"sv": "Vad skulle du spela?", "en": "What would you play?"},
        "rp_question_who": {"sv": "{player} är på tur.", "en": "It is {player}'s turn."},
        "rp_question_look": {
            "sv": "Titta på korten. Vad skulle du lägga – och varför?",
            "en": "Look at the cards. What would you lay – and why?",
        },
        "rp_question_then": {
            "sv": "När ni har pratat klart: tryck på ”Visa draget” (eller R).",
            "en": "When you have talked it over, press “Show the move” (or R).",
        },
        "rp_keys_hint": {
            "sv": "Tangenter: → nästa · ← tillbaka · R visa draget · F helskärm · B mörk skärm",
            "en": "Keys: → next · ← back · R show the move · F full screen · B blank screen",
        },
    }
)


# -- the game review (widgets/review.py) ----------------------------------------------------------
UI.update(
    {
        "rv_review": {"sv": "Granska omgången", "en": "Review the round"},
        "rv_review_tip": {
            "sv": "Datorn går igenom dina drag och visar var du kunde ha spelat bättre",
            "en": "The computer goes through your moves and shows where you could have played better",
        },
        "rv_analyse": {"sv": "Analysera", "en": "Analyse"},
        "rv_analyse_tip": {
            "sv": "Datorn går igenom dragen och visar var det fanns bättre drag",
            "en": "The computer goes through the moves and shows where there were better ones",
        },
        "rv_stop": {"sv": "Avbryt", "en": "Stop"},
        "rv_stop_tip": {"sv": "Sluta granska", "en": "Stop reviewing"},
        "rv_whose": {"sv": "Vems drag", "en": "Whose moves"},
        "rv_player": {"sv": "Spelare {n}", "en": "Player {n}"},
        "rv_everyone": {"sv": "Alla spelare", "en": "Every player"},
        "rv_working": {
            "sv": "Granskar … {done} av {total} beslut klara",
            "en": "Reviewing … {done} of {total} decisions done",
        },
        "rv_progress_label": {"sv": "Hur långt granskningen har kommit", "en": "How far the review has come"},
        "rv_stopped": {"sv": "Granskningen avbröts.", "en": "The review was stopped."},
        "rv_nothing": {
            "sv": "Det finns inga beslut att granska: varje drag var det enda tillåtna.",
            "en": "There is nothing to review: every move was the only one allowed.",
        },
        "rv_done": {
            "sv": "Klart: {n} beslut granskade på {s} sekunder.",
            "en": "Done: {n} decisions reviewed in {s} seconds.",
        },
        "rv_loaded": {
            "sv": "Omgången har redan granskats: {n} beslut.",
            "en": "The round has been reviewed already: {n} decisions.",
        },
        "rv_summary": {"sv": "Sammanfattning", "en": "Summary"},
        "rv_marks": {
            "sv": "Dragen med omdöme – välj ett för att se det",
            "en": "The moves and their verdicts – choose one to see it",
        },
        "rv_chart_title": {"sv": "Vinstchans under omgången", "en": "Chance to win over the round"},
        "rv_chart_x": {"sv": "Drag", "en": "Move"},
        "rv_chart_y": {"sv": "Vinstchans", "en": "Chance to win"},
        "rv_chart_band": {
            "sv": "Det skuggade bandet: där chansen ligger, med 95 % säkerhet",
            "en": "The shaded band: where the chance lies, 95 % sure",
        },
        "rv_chart_even": {"sv": "lika chans", "en": "even chance"},
        "rv_move_of": {"sv": "Drag {n} · {player}", "en": "Move {n} · {player}"},
        "rv_played": {"sv": "Spelat:", "en": "Played:"},
        "rv_better": {"sv": "Bättre:", "en": "Better:"},
        "rv_chance": {
            "sv": "Vinstchans: {before} med det bästa draget, {after} med draget som spelades (±{margin}).",
            "en": "Chance to win: {before} with the best move, {after} with the move played (±{margin}).",
        },
        "rv_choose": {
            "sv": "Välj ett drag i diagrammet eller i raden med omdömen för att se läget.",
            "en": "Choose a move in the chart or in the row of verdicts to see the position.",
        },
        "rv_position": {
            "sv": "Läget före draget, som {player} såg det",
            "en": "The position before the move, as {player} saw it",
        },
        "rv_save": {
            "sv": "Spara omgången med granskningen (JSON)",
            "en": "Save the round with its review (JSON)",
        },
        "rv_save_tip": {
            "sv": "En fil som kan öppnas i repriser, med omdömena",
            "en": "A file that opens in the replay, with the verdicts",
        },
        "rv_how": {
            "sv": "Datorn spelade klart omgången {p} gånger för varje möjligt drag, med korten "
            "den inte kunde se utdelade på nytt varje gång. Den tittade aldrig på de andras kort.",
            "en": "The computer played the round out {p} times for every possible move, dealing the "
            "cards it could not see anew each time. It never looked at the others' cards.",
        },
        "rv_error": {"sv": "Granskningen gick inte: {error}", "en": "The review failed: {error}"},
        "rv_not_over": {
            "sv": "Granska omgången när den är slut.",
            "en": "Review the round once it is over.",
        },
    }
)
