"""Every word the widgets show, in Swedish and English, and the language switch.

The engine explains moves in both languages itself (``Verdict.text(lang)``); this catalog
holds the UI's own words: button labels, tooltips, headings, the puzzle board's (``pb_…``), the
strategy lessons' (``sg_…``), what the teacher reads when serving (``srv_…``), the "full" page
(``full_…``) — the one catalog of the UI layer. Words follow the glossary (docs/glossary.md).

>>> t("next", "sv"), t("next", "en")
('Nästa', 'Next')
>>> t("move_n_of_m", "sv", n=3, m=40)
'Drag 3 av 40'
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from vandatta.lang import LANGS, UnknownLanguage, check_lang, genitive, join_words, said_in
from vandatta.lang import number_word as _number_word

if TYPE_CHECKING:
    import ipywidgets as w

__all__ = [
    "UI",
    "t",
    "LANGS",
    "UnknownLanguage",
    "check_lang",
    "language_switch",
    "genitive",
    "join_words",
    "sentences",
    "number_word",
    "percent",
    "decimal",
    "visitor_lang",
]

# The languages, their check and the small words are the engine's (vandatta.lang), shared.

UI: dict[str, dict[str, str]] = {
    # replay controls
    "first": {"sv": "Första", "en": "First"},
    "previous": {"sv": "Föregående", "en": "Previous"},
    "next": {"sv": "Nästa", "en": "Next"},
    "last": {"sv": "Sista", "en": "Last"},
    "play": {"sv": "Spela upp", "en": "Play back"},
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
    # not "utgångsläge", a word a child does not know (docs/glossary.md)
    "start_position": {"sv": "Före första draget", "en": "Before the first move"},
    "moves": {"sv": "Drag", "en": "Moves"},
    "explanation": {"sv": "Förklaring", "en": "Explanation"},
    "also_legal": {"sv": "Annat som var tillåtet", "en": "Also allowed here"},
    "considered": {"sv": "Datorspelaren tänkte på", "en": "The computer player thought about"},
    "win_chance": {"sv": "vinstchans", "en": "chance to win"},
    "open_hands": {"sv": "Visa alla händer", "en": "Show all hands"},
    "view_of": {"sv": "Visa som", "en": "View as"},
    "everyone": {"sv": "Alla (öppna kort)", "en": "Everyone (open hands)"},
    "export_record": {"sv": "Spara omgången (JSON)", "en": "Save the round (JSON)"},
    "export_narration": {"sv": "Spara berättelsen (text)", "en": "Save the story (text)"},
    "language": {"sv": "Språk", "en": "Language"},
    # playing
    "play_cards": {"sv": "Lägg kort", "en": "Lay cards"},
    "draw": {"sv": "Dra ett kort", "en": "Draw a card"},
    "pass": {"sv": "Stå över", "en": "Pass"},
    "lappen": {"sv": "Säg ”lappen”", "en": "Call “lappen”"},
    "varning": {"sv": "Säg ”varning”", "en": "Call “varning”"},
    "hint": {"sv": "Tips", "en": "Hint"},
    "next_round": {"sv": "Nästa omgång", "en": "Next round"},
    "new_game": {"sv": "Nytt spel till 100", "en": "New game to 100"},
    "clear": {"sv": "Avmarkera", "en": "Clear"},
    "your_turn": {"sv": "Din tur", "en": "Your turn"},
    "waiting": {"sv": "Väntar på {player} …", "en": "Waiting for {player} …"},
    "select_hint": {
        "sv": "Välj ett kort (eller flera av samma valör) och tryck på ”Lägg kort”.",
        "en": "Choose a card (or several of one rank) and press “Lay cards”.",
    },
    "nothing_selected": {"sv": "Välj först ett kort att lägga.", "en": "Choose a card to lay first."},
    "you": {"sv": "Du", "en": "You"},
    "computer": {"sv": "Datorspelare", "en": "Computer player"},
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
    "match_over": {
        "sv": "Spelet till 100 är slut – {players} vinner!",
        "en": "The game to 100 is over – {players} wins!",
    },
    "out_of_game": {"sv": "ute ur spelet", "en": "out of the game"},
    "error": {"sv": "Något gick fel", "en": "Something went wrong"},
}


def t(key: str, lang: str = "en", **params: object) -> str:
    """The UI word ``key`` in ``lang``, with ``{fields}`` filled in, each value said in
    ``lang`` (:func:`vandatta.lang.said_in`: a mapping from language to text, a function of
    the language, anything with a ``text(lang)``), as the engine's messages do.

    >>> t("rv_done", "sv", n=18, s=lambda lang: decimal(0.94, lang))
    'Klart: 18 beslut granskade på 0,9 sekunder.'
    """
    check_lang(lang)
    text = UI[key][lang]
    return text.format(**{name: said_in(value, lang) for name, value in params.items()}) if params else text


def visitor_lang(query_lang: str | None, accept_language: str | None) -> str:
    """The visitor's language: ``?lang=`` if it is sv or en, else the first of sv/en in the
    browser's ``Accept-Language``, else Swedish.

    >>> visitor_lang(None, "en-GB,en;q=0.9,sv;q=0.8"), visitor_lang("sv", "en"), visitor_lang("xx", None)
    ('en', 'sv', 'sv')
    """
    if query_lang in LANGS:
        return query_lang
    for part in (accept_language or "").split(","):
        tag = part.split(";")[0].strip().lower()
        primary = tag.split("-")[0]
        if primary in LANGS:
            return primary
        if primary == "nb" or primary == "nn" or primary == "da":  # neighbours read Swedish
            return "sv"
    return "sv"


def sentences(lines: list[str] | tuple[str, ...]) -> list[str]:
    """Phrases made into sentences a child reads one at a time: a capital first letter and a
    full stop (``["du drar ett kort (R8)"]`` → ``["Du drar ett kort (R8)."]``)."""
    out = []
    for line in lines:
        line = str(line).strip()
        if not line:
            continue
        line = line[:1].upper() + line[1:]
        end = re.sub(r"\s*\([^()]*\)$", "", line)  # "… högen? (R2)" ends with its "?"
        if line[-1] not in ".!?…:" and end[-1:] not in ("!", "?", "…"):
            line += "."
        out.append(line)
    return out


def number_word(n: int, lang: str) -> str:
    """``number_word(4, "sv") == "fyra"``, counting people (``"en spelare"``, zero ``"noll"``);
    numbers above eight stay digits. The words are :func:`vandatta.lang.number_word`'s."""
    return _number_word(n, lang, gender="common")


def decimal(x: float, lang: str, places: int = 1) -> str:
    """A number with ``places`` decimals, as each language writes it: ``"0,9"`` / ``"0.9"``.

    >>> decimal(0.94, "sv"), decimal(12.25, "en", places=2)
    ('0,9', '12.25')
    """
    check_lang(lang)
    text = f"{x:.{places}f}"
    return text.replace(".", ",") if lang == "sv" else text


def percent(share: float, lang: str) -> str:
    """A share as a whole percentage, as each language writes it: ``"48 %"`` / ``"48%"``."""
    check_lang(lang)
    return f"{round(100 * share)} %" if lang == "sv" else f"{round(100 * share)}%"


def language_switch(
    value: str = "sv", *, button_width: str = "80px", classes: tuple[str, ...] = ()
) -> w.ToggleButtons:
    """The sv/en switch every composite view carries (``classes``: its CSS classes, given
    here rather than added afterwards, which would cost a message to the browser each).
    (ipywidgets is imported here, not above, so that the catalog loads without Jupyter.)"""
    import ipywidgets as w

    return w.ToggleButtons(
        options=[("Svenska", "sv"), ("English", "en")],
        value=value,
        tooltips=["Byt till svenska", "Switch to English"],
        style={"button_width": button_width},
        layout=w.Layout(width="auto"),
        _dom_classes=classes,
    )


# -- the lessons' "try it" exercises (widgets/lessons/exercise.py) ---------------------------------------
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
        "ex_varning_called": {"sv": "har sagt ”varning”", "en": "has called “varning”"},
        "ex_varning_tip": {
            "sv": "Tryck här innan du lägger ditt kort (eller står över) när du får tre kort kvar, "
            "för att säga ”varning”",
            "en": "Press this before you lay your card (or pass) when you will have three cards left, "
            "to call “varning”",
        },
        "ex_varning_not_with_draw": {
            "sv": "”Varning” sägs med draget som avslutar turen, aldrig när du drar ett kort (O9).",
            "en": "“Varning” goes with the move that ends your turn, never with a draw (O9).",
        },
        "goal_varning_miss": {
            "sv": "Det var tillåtet, men här skulle du ha sagt ”varning”. Lägg ett kort så att du får tre kort "
            "kvar – och tryck på ”Säg varning” innan du lägger det.",
            "en": "That was allowed, but this was the moment to call “varning”. Lay a card that leaves you "
            "three cards – and press “Call varning” before you lay it.",
        },
        "ex_lappen_not_with_draw": {
            "sv": "”Lappen” sägs med draget som avslutar turen, aldrig när du drar ett kort (V3).",
            "en": "“Lappen” goes with the move that ends your turn, never with a draw (V3).",
        },
        "ex_order": {
            "sv": "Du lägger korten i den här ordningen: {cards}. Det sista kortet hamnar överst.",
            "en": "You lay the cards in this order: {cards}. The last card ends up on top.",
        },
        "ex_quiz_wrong": {
            "sv": "Inte riktigt – ”{choice}” är inte rätt svar.",
            "en": "Not quite – “{choice}” is not the right answer.",
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


# -- the replay viewer (widgets/replay/viewer.py, widgets/controls/export.py) ------------------------------------
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
        "rp_move_heading": {"sv": "Drag {n}", "en": "Move {n}"},
        "rp_begins": {"sv": "{player} börjar.", "en": "{player} begins."},
        "rp_then": {"sv": "Sedan hände det här", "en": "What happened next"},
        "rp_rules": {"sv": "Regler", "en": "Rules"},
        "rp_nothing_else": {
            "sv": "Inget annat – det här var det enda tillåtna draget.",
            "en": "Nothing else – this was the only allowed move.",
        },
        "rp_and_more": {"sv": "och {n} till", "en": "and {n} more"},
        "rp_hidden": {
            "sv": "Dolt här – du ser bara {owner} kort.",
            "en": "Hidden here – you see only {owner} cards.",
        },
        "rp_record_ends": {
            "sv": "Filen slutar här, men omgången är inte färdigspelad.",
            "en": "The file ends here, but the round is not finished.",
        },
        "rp_winner": {"sv": "vinnare", "en": "winner"},
        "rp_bad_ply": {
            "sv": "Det finns inget drag {n}: välj ett drag från 0 till {m}.",
            "en": "There is no move {n}: choose a move from 0 to {m}.",
        },
        "rp_bad_choice": {"sv": "Det valet finns inte: {value}", "en": "There is no such choice: {value}"},
        "rp_no_moves": {"sv": "Omgången har inga drag ännu.", "en": "The round has no moves yet."},
        "export_record_tip": {
            "sv": "Hela omgången som en fil som kan spelas upp igen",
            "en": "The whole round as a file that can be played back again",
        },
        "export_narration_tip": {
            "sv": "Alla drag med förklaringar, som text",
            "en": "Every move with its explanation, as text",
        },
    }
)


# -- the play table, the table views and the score board (widgets/play/play_table.py, table.py, scoreboard.py)
UI.update(
    {
        "pt_lay_tip": {
            "sv": "Lägg de markerade korten, i den ordning du valde dem",
            "en": "Lay the selected cards, in the order you chose them",
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
        "pt_varning_tip": {
            "sv": "Tryck här innan du lägger ditt kort (eller står över) när du får tre kort kvar, "
            "för att säga ”varning” (O9)",
            "en": "Press this before you lay your card (or pass) when you will have three cards left, "
            "to call “varning” (O9)",
        },
        "pt_clear_tip": {"sv": "Ta bort markeringen från korten", "en": "Unselect the cards"},
        "pt_hint_tip": {
            "sv": "Vad skulle en bra spelare göra här, och varför?",
            "en": "What would a good player do here, and why?",
        },
        "pt_new_round_tip": {
            "sv": "Dela ut nästa omgång med samma spelare och regler",
            "en": "Deal the next round with the same players and rules",
        },
        "pt_illegal_word": {"sv": "Inte tillåtet", "en": "Not allowed"},
        "pt_not_your_turn": {"sv": "Vänta – nu är det {whose} tur.", "en": "Wait – it is {whose} turn."},
        "pt_round_over_new": {
            "sv": "Omgången är slut. Tryck på ”Nästa omgång” för att spela igen.",
            "en": "The round is over. Press “Next round” to play again.",
        },
        "pt_round_points": {
            "sv": "Poäng i omgången (S1): {points}.",
            "en": "Points this round (S1): {points}.",
        },
        "pt_press_new_round": {"sv": "Tryck på ”Nästa omgång”.", "en": "Press “Next round”."},
        "pt_finish_round_first": {"sv": "Spela klart omgången först.", "en": "Finish the round first."},
        "pt_human_out": {
            "sv": "Du är ute ur spelet – datorspelarna spelar vidare.",
            "en": "You are out of the game – the computer players play on.",
        },
        "pt_your_hand": {"sv": "Din hand", "en": "Your hand"},
        "pt_role_you": {"sv": "du", "en": "you"},
        "pt_role_computer": {"sv": "datorspelare · {kind}", "en": "computer player · {kind}"},
        "pt_bot_random": {"sv": "slumpspelare", "en": "random player"},
        "pt_bot_beginner": {"sv": "nybörjare", "en": "beginner"},
        "pt_bot_expert": {"sv": "expert", "en": "expert"},
        "pt_bot_strong": {"sv": "stark", "en": "strong"},
        "pt_bots_missing": {
            "sv": "Datorspelarna (vandatta.ai) finns inte här – en enkel reserv lägger första tillåtna draget.",
            "en": "The computer players (vandatta.ai) are missing – a simple stand-in makes the first allowed move.",
        },
        "pt_player_n": {"sv": "Spelare {n}", "en": "Player {n}"},
        "pt_cards_n": {"sv": "{n} kort", "en": "{n} cards"},
        "pt_cards_1": {"sv": "1 kort", "en": "1 card"},
        "pt_points_n": {"sv": "{n} poäng", "en": "{n} points"},
        "pt_lappen_tag": {"sv": "Lappen!", "en": "Lappen!"},
        "pt_varning_tag": {"sv": "Varning!", "en": "Varning!"},
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
            "sv": "Spelet till 100 är slut – {players} delar segern!",
            "en": "The game to 100 is over – {players} share the win!",
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

# -- the simulation lesson's charts (widgets/controls/charts.py) ------------------------------------------
UI.update(
    {
        "chart_player_random": {"sv": "slumpspelare", "en": "random player"},
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
        "chart_progress": {"sv": "{done} av {total} klara", "en": "{done} of {total} done"},
    }
)

# -- the dashboard and its "new round" form (widgets/app/dashboard.py, widgets/app/settings.py) ----------
UI.update(
    {
        "db_subtitle": {
            "sv": "Det svenska kortspelet – förklarat drag för drag",
            "en": "The Swedish card game – explained move by move",
        },
        "db_language_tip": {"sv": "Byt språk på hela sidan", "en": "Change the language of the whole page"},
        "db_tab_replay": {"sv": "Repris", "en": "Replay"},
        "db_tab_new": {"sv": "Ny omgång", "en": "New round"},
        "db_tab_play": {"sv": "Spela", "en": "Play"},
        "db_tab_match": {"sv": "Spelet till 100", "en": "The game to 100"},
        "db_tab_puzzles": {"sv": "Pussel", "en": "Puzzles"},
        "db_sample": {"sv": "Exempelomgång", "en": "Sample round"},
        "db_new": {"sv": "Ny omgång", "en": "New round"},
        "db_from_file": {"sv": "Från filen ”{name}”", "en": "From the file “{name}”"},
        "db_seed_is": {"sv": "spelnummer {seed}", "en": "game number {seed}"},
        "db_rules_basic": {"sv": "grundreglerna", "en": "the basic rules"},
        "db_rules_with": {"sv": "regler: {ids}", "en": "rules: {ids}"},
        "db_step_tip": {"sv": "stega med ”Nästa ▶” eller →", "en": "step with “Next ▶” or →"},
        "db_players_n": {"sv": "{n} spelare: {kinds}", "en": "{n} players: {kinds}"},
        "db_players_count": {"sv": "{n} spelare", "en": "{n} players"},
        "db_bot_random": {"sv": "slumpspelare", "en": "random player"},
        "db_bot_beginner": {"sv": "nybörjare", "en": "beginner"},
        "db_bot_expert": {"sv": "expert", "en": "expert"},
        "db_bot_strong": {"sv": "stark", "en": "strong"},
        "db_players": {"sv": "Antal spelare", "en": "Players"},
        "db_seats": {"sv": "Vem sitter på varje plats?", "en": "Who sits at each seat?"},
        "db_bots_help": {
            "sv": "Slumpspelaren gör vilket tillåtet drag som helst. Nybörjaren lägger första kortet som "
            "passar. Experten sparar sina specialkort och tänker på vad de andra har kvar. Den starka "
            "datorspelaren testar sina bästa drag många gånger innan den väljer. Här får den bara tänka "
            "en liten stund.",
            "en": "The random player makes any allowed move. The beginner lays the first card that fits. "
            "The expert saves its special cards and thinks about what the others have left. The strong "
            "computer player tries its best moves many times before it chooses. Here it only gets to "
            "think for a little while.",
        },
        "db_variants": {"sv": "Tilläggsregler", "en": "Additional rules"},
        "db_playing": {
            "sv": "Datorspelarna spelar omgången …",
            "en": "The computer players are playing the round …",
        },
        "db_started": {
            "sv": "Datorspelarna har spelat en ny omgång på {n} drag. Stega igenom den med ”Nästa ▶”.",
            "en": "The computer players have played a new round of {n} moves. Step through it with “Next ▶”.",
        },
        "db_upload_title": {"sv": "Eller öppna en sparad omgång", "en": "Or open a saved round"},
        "db_upload_help": {
            "sv": "En .json-fil som sparats med ”Spara omgången (JSON)”, högst 1 MB. "
            "Varje drag i filen kontrolleras mot reglerna, och omgången visas under ”Repris”.",
            "en": "A .json file saved with “Save the round (JSON)”, at most 1 MB. "
            "Every move in the file is checked against the rules, and the round is shown under “Replay”.",
        },
        "db_upload": {"sv": "Öppna en sparad omgång (.json)", "en": "Open a saved round (.json)"},
        "db_upload_tip": {"sv": "Välj en sparad omgång (.json)", "en": "Choose a saved round (.json)"},
        "db_loaded": {
            "sv": "Filen ”{name}” är öppnad: {n} drag. Stega igenom den med ”Nästa ▶”.",
            "en": "The file “{name}” is open: {n} moves. Step through it with “Next ▶”.",
        },
        "db_bad_file": {
            "sv": "Filen ”{name}” kunde inte öppnas",
            "en": "The file “{name}” could not be opened",
        },
        "db_file_refused": {
            "sv": "Filen ”{name}” kunde inte öppnas: {reason} Omgången som visades förut finns kvar.",
            "en": "The file “{name}” could not be opened: {reason} The round shown before is still there.",
        },
        "db_kept": {
            "sv": "Omgången som visades förut finns kvar.",
            "en": "The round shown before is still there.",
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
        "db_bad_record": {"sv": "det är ingen giltig omgång: {why}", "en": "it is not a valid round: {why}"},
        "db_play_intro": {
            "sv": "Du är Spelare 1 och spelar en omgång mot datorspelarna.",
            "en": "You are Player 1 and play a round against the computer players.",
        },
        "db_match_intro": {
            "sv": "Spelet till 100 (S2): korten du har kvar när omgången är slut ger poäng, och poängen "
            "läggs ihop. Den som når 100 är ute – den som sist är kvar under 100 vinner. Du är Spelare 1.",
            "en": "The game to 100 (S2): the cards left in your hand when a round ends give points, and the "
            "points add up. Whoever reaches 100 is out – the last player left below 100 wins. You are "
            "Player 1.",
        },
        "db_change": {"sv": "Andra spelare eller regler …", "en": "Other players or rules …"},
        "db_change_tip": {
            "sv": "Välj spelare, tilläggsregler och spelnummer under ”Ny omgång”",
            "en": "Choose players, additional rules and a game number under “New round”",
        },
        "db_loading": {"sv": "Dukar bordet …", "en": "Setting the table …"},
        "db_players_range": {
            "sv": "Vändåtta spelas av 2 till 8 spelare, inte {value} (R1).",
            "en": "Vändåtta is played by 2 to 8 players, not {value} (R1).",
        },
        "db_bad_choice": {"sv": "Det valet finns inte: {value}", "en": "There is no such choice: {value}"},
        "db_close": {"sv": "Stäng meddelandet", "en": "Close the message"},
        "db_confirm_play": {
            "sv": "Du har en omgång på gång under ”Spela”. Vill du avbryta den och börja en ny?",
            "en": "You have a round going on under “Play”. Do you want to stop it and start a new one?",
        },
        "db_confirm_match": {
            "sv": "Du har ett spel till 100 på gång. Vill du avbryta det och börja ett nytt?",
            "en": "You have a game to 100 going on. Do you want to stop it and start a new one?",
        },
        # the "new round" form
        "st_title": {"sv": "Ny omgång", "en": "New round"},
        "st_help": {
            "sv": "Välj vem som spelar, hur många ni är och vilka tilläggsregler som gäller. Tryck sedan på "
            "knappen längst ned.",
            "en": "Choose who plays, how many you are and which additional rules apply. Then press the button "
            "at the bottom.",
        },
        "st_who": {"sv": "Vem spelar?", "en": "Who plays?"},
        "st_who_play": {"sv": "Jag mot datorn", "en": "Me against the computer"},
        "st_who_play_tip": {
            "sv": "Du är Spelare 1 och spelar en omgång under ”Spela”",
            "en": "You are Player 1 and play a round under “Play”",
        },
        "st_who_match": {"sv": "Spelet till 100 mot datorn", "en": "The game to 100 against the computer"},
        "st_who_match_tip": {
            "sv": "Du är Spelare 1 och spelar spelet till 100 under ”Spelet till 100”",
            "en": "You are Player 1 and play the game to 100 under “The game to 100”",
        },
        "st_who_watch": {"sv": "Bara datorspelare", "en": "Only computer players"},
        "st_who_watch_tip": {
            "sv": "Datorspelarna spelar en omgång, och du stegar igenom den under ”Repris”",
            "en": "The computer players play a round, and you step through it under “Replay”",
        },
        "st_you": {"sv": "du", "en": "you"},
        "st_number": {"sv": "Spelnummer", "en": "Game number"},
        "st_number_tip": {
            "sv": "Samma spelnummer ger samma giv – och samma drag av datorspelarna – varje gång",
            "en": "The same game number gives the same deal – and the same moves by the computer players – "
            "every time",
        },
        "st_new_number": {"sv": "Slumpa ett nytt", "en": "Pick a new one at random"},
        "st_new_number_tip": {"sv": "Slumpa ett nytt spelnummer", "en": "Pick a new game number at random"},
        "st_number_range": {
            "sv": "Spelnumret ska vara ett heltal från 0 till {max}, inte {value}.",
            "en": "The game number must be a whole number from 0 to {max}, not {value}.",
        },
        "st_start_play": {"sv": "Spela ▶", "en": "Play ▶"},
        "st_start_play_tip": {
            "sv": "Dela ut en ny omgång under ”Spela”",
            "en": "Deal a new round under “Play”",
        },
        "st_start_match": {"sv": "Börja spelet till 100 ▶", "en": "Start the game to 100 ▶"},
        "st_start_match_tip": {
            "sv": "Börja ett nytt spel till 100 under ”Spelet till 100”",
            "en": "Start a new game to 100 under “The game to 100”",
        },
        "st_start_watch": {"sv": "Låt datorspelarna spela ▶", "en": "Let the computer players play ▶"},
        "st_start_watch_tip": {
            "sv": "Datorspelarna spelar omgången – sedan visas den under ”Repris”",
            "en": "The computer players play the round – then it is shown under “Replay”",
        },
        "st_confirm_yes": {"sv": "Ja, börja en ny", "en": "Yes, start a new one"},
        "st_confirm_no": {"sv": "Nej, spela vidare", "en": "No, play on"},
    }
)


# -- play at a child's pace, the eight's buttons, questions before starting anew (play.py,
# declare.py, confirm.py) -----------------------------------------------------------------------
UI.update(
    {
        "pace_wait": {"sv": "Vänta på ”Fortsätt”", "en": "Wait for “Continue”"},
        "pt_pace_tip": {
            "sv": "Ska datorspelarna vänta tills du trycker på ”Fortsätt”, eller spela själva?",
            "en": "Should the computer players wait until you press “Continue”, or play by themselves?",
        },
        "pt_continue": {"sv": "Fortsätt ▶", "en": "Continue ▶"},
        "pt_continue_tip": {
            "sv": "Låt datorspelaren som står på tur göra sitt drag",
            "en": "Let the computer player whose turn it is make its move",
        },
        "pt_turn_of": {"sv": "Nu är det {whose} tur.", "en": "It is {whose} turn."},
        "pt_press_continue": {
            "sv": "Tryck på ”Fortsätt” när du är redo, så gör {player} sitt drag.",
            "en": "Press “Continue” when you are ready, and {player} makes a move.",
        },
        "pt_whose_move": {"sv": "{whose} drag", "en": "{whose} move"},
        "pt_last_move": {"sv": "Ditt senaste drag", "en": "Your last move"},
        "pt_last_move_none": {
            "sv": "Här står ditt senaste drag och förklaringen till det, tills du gör nästa.",
            "en": "Your latest move and its explanation stay here until you make the next one.",
        },
        "pt_highlight": {"sv": "Visa kort som passar", "en": "Show cards that fit"},
        "pt_highlight_tip": {
            "sv": "Lyft fram korten du får lägga. Stäng av för att öva på egen hand.",
            "en": "Lift the cards you may lay. Turn it off to practise on your own.",
        },
        "pt_confirm_new_round": {
            "sv": "Omgången är inte slut. Vill du avbryta den och dela ut en ny?",
            "en": "The round is not over. Do you want to stop it and deal a new one?",
        },
        "pt_confirm_yes_deal": {"sv": "Ja, dela ut en ny", "en": "Yes, deal a new one"},
        "pt_confirm_no_play_on": {"sv": "Nej, spela vidare", "en": "No, play on"},
        "confirm_yes": {"sv": "Ja", "en": "Yes"},
        "confirm_no": {"sv": "Nej", "en": "No"},
        "rules_in_force": {"sv": "Regler:", "en": "Rules:"},
        "rules_basic": {"sv": "grundreglerna", "en": "the basic rules"},
        "decl_title": {"sv": "Åttan räknas som:", "en": "The eight counts as:"},
        "decl_suit": {"sv": "Färg", "en": "Suit"},
        "decl_rank": {"sv": "Valör", "en": "Rank"},
        "decl_nothing": {"sv": "välj färg och valör", "en": "choose a suit and a rank"},
        "decl_nothing_suit": {"sv": "välj en färg", "en": "choose a suit"},
        "decl_need_rank": {"sv": "välj en valör också", "en": "choose a rank too"},
        "decl_need_suit": {"sv": "välj en färg också", "en": "choose a suit too"},
        "decl_pair": {"sv": "{suit} {rank}", "en": "{rank} of {suit}"},
    }
)


# -- quizzes that teach (widgets/lessons/quiz.py): every reason comes from the engine's numbers -----------
_THE_RANK = {
    "sv": (
        "esset",
        "tvåan",
        "trean",
        "fyran",
        "femman",
        "sexan",
        "sjuan",
        "åttan",
        "nian",
        "tian",
        "knekten",
        "damen",
        "kungen",
    ),
    "en": (
        "the ace",
        "the two",
        "the three",
        "the four",
        "the five",
        "the six",
        "the seven",
        "the eight",
        "the nine",
        "the ten",
        "the jack",
        "the queen",
        "the king",
    ),
}
UI.update(
    {f"rank_the_{n}": {"sv": _THE_RANK["sv"][n - 1], "en": _THE_RANK["en"][n - 1]} for n in range(1, 14)}
)
UI.update(
    {
        "quiz_hint": {"sv": "Tips: {hint}", "en": "Hint: {hint}"},
        "quiz_try_again": {"sv": "Försök igen!", "en": "Try again!"},
        "quiz_too_many": {"sv": "{value} är för många.", "en": "{value} is too many."},
        "quiz_too_few": {"sv": "{value} är för få.", "en": "{value} is too few."},
        # how many cards are left in the talon (R1, R2)
        "q_talon_prompt": {
            "sv": "Nu har {players} spelare fått sina kort. Hur många kort finns kvar i talongen?",
            "en": "Now {players} players have their cards. How many cards are left in the talon?",
        },
        "q_talon_deck1": {"sv": "En kortlek har {deck} kort (R1).", "en": "One deck has {deck} cards (R1)."},
        "q_talon_deck2": {
            "sv": "Är man {players} spelare blandar man ihop två kortlekar: {deck} kort (R1).",
            "en": "With {players} players two decks are shuffled together: {deck} cards (R1).",
        },
        "q_talon_hands": {
            "sv": "Alla {players} spelarna får sex kort var: {n} × 6 = {dealt} kort på händerna (R2).",
            "en": "All {players} players get six cards each: {n} × 6 = {dealt} cards in the hands (R2).",
        },
        "q_talon_up": {
            "sv": "Ett kort vänds upp och börjar högen (R2).",
            "en": "One card is turned up and starts the pile (R2).",
        },
        "q_talon_starter": {
            "sv": "Det uppvända kortet var ett ess, så alla drog ett kort: {n} kort till (R11).",
            "en": "The card turned up was an ace, so everyone drew a card: {n} more cards (R11).",
        },
        "q_talon_sum": {
            "sv": "Kvar i talongen: {expr} = {talon} kort.",
            "en": "Left in the talon: {expr} = {talon} cards.",
        },
        "q_talon_why_hands": {
            "sv": "{value} kort är korten på händerna. Talongen är det som blir kvar av kortleken (R2).",
            "en": "{value} cards are the cards in the hands. The talon is what is left of the deck (R2).",
        },
        "q_talon_why_up": {
            "sv": "Nästan! Glömde du kortet som vändes upp och började högen? (R2)",
            "en": "Almost! Did you forget the card that was turned up to start the pile? (R2)",
        },
        "q_talon_why_one_hand": {
            "sv": "Alla {players} spelarna får sex kort var – inte bara en av dem (R2).",
            "en": "All {players} players get six cards each – not just one of them (R2).",
        },
        "q_talon_why_one_deck": {
            "sv": "Är man sex, sju eller åtta spelare blandar man ihop två kortlekar, alltså 104 kort (R1).",
            "en": "With six, seven or eight players two decks are shuffled together: 104 cards (R1).",
        },
        "q_talon_why_starter": {
            "sv": "Glömde du korten som alla drog för det uppvända esset? Det var {n} kort (R11).",
            "en": "Did you forget the cards everyone drew for the ace turned up? That was {n} cards (R11).",
        },
        "q_talon_hint": {
            "sv": "Räkna alla kort i kortleken, ta bort korten på händerna och sedan det uppvända kortet.",
            "en": "Count all the cards of the deck, take away the cards in the hands, then the card turned up.",
        },
        # who begins (R3)
        "q_first_prompt": {
            "sv": "{players} spelare. {dealer} delar ut korten. Vem börjar?",
            "en": "{players} players. {dealer} deals the cards. Who begins?",
        },
        "q_first_right": {
            "sv": "Spelaren efter givaren börjar: efter {dealer} kommer {first} (R3).",
            "en": "The player after the dealer begins: after {dealer} comes {first} (R3).",
        },
        "q_first_why_dealer": {
            "sv": "{dealer} delar ut korten. Den som ger börjar inte – det gör spelaren efter (R3).",
            "en": "{dealer} deals the cards. The dealer does not begin – the player after does (R3).",
        },
        "q_first_why_other": {
            "sv": "{player} sitter inte direkt efter {dealer}. Efter {dealer} kommer {first} (R3).",
            "en": "{player} does not sit right after {dealer}. After {dealer} comes {first} (R3).",
        },
        "q_first_hint": {
            "sv": "Turen går runt i ordning, och efter den sista spelaren kommer Spelare 1 igen (R3).",
            "en": "The turn goes round in order, and after the last player comes Player 1 again (R3).",
        },
        # may this move be made here (every rule)
        "q_legal_not_allowed": {"sv": "Nej, det får {player} inte.", "en": "No, {player} may not."},
        "q_legal_is_allowed": {"sv": "Jo, det får {player}.", "en": "Yes, {player} may."},
        "q_legal_hint": {
            "sv": "Läs regeln {rules} en gång till och titta noga på korten.",
            "en": "Read rule {rules} once more and look closely at the cards.",
        },
        "q_legal_hint_many": {
            "sv": "Läs reglerna {rules} en gång till och titta noga på korten.",
            "en": "Read rules {rules} once more and look closely at the cards.",
        },
        # how many cards each player holds after the deal (R2, R11, O2)
        "q_hand_prompt": {
            "sv": "Hur många kort har varje spelare nu?",
            "en": "How many cards does each player hold now?",
        },
        "q_hand_dealt": {
            "sv": "Alla fick sex kort i given (R2).",
            "en": "Everyone got six cards in the deal (R2).",
        },
        "q_hand_back": {
            "sv": "{card} vändes upp först och blandades tillbaka i talongen ({rule}).",
            "en": "{card} was turned up first and shuffled back into the talon ({rule}).",
        },
        "q_hand_starter": {
            "sv": "Esset som vändes upp fick alla att dra ett kort till (R11).",
            "en": "The ace turned up made everyone draw one more card (R11).",
        },
        "q_hand_sum": {"sv": "Alltså {n} kort var.", "en": "So {n} cards each."},
        "q_hand_why_forgot_ace": {
            "sv": "Sex kort fick alla i given. Men esset som vändes upp fick alla att dra ett kort till (R11).",
            "en": "Everyone got six cards in the deal. But the ace turned up made everyone draw one more (R11).",
        },
        "q_hand_why_o2": {
            "sv": "{card} blandades tillbaka i talongen, så ingen behövde dra något kort för det ({rule}).",
            "en": "{card} was shuffled back into the talon, so nobody had to draw a card for it ({rule}).",
        },
        "q_hand_why_nobody_drew": {
            "sv": "Ingen har dragit något kort efter given, så alla har kvar sina sex kort (R2).",
            "en": "Nobody has drawn a card since the deal, so everyone still has six cards (R2).",
        },
        "q_hand_why_fewer": {
            "sv": "Ingen har lagt något kort ännu, så ingen kan ha färre än sex kort (R2).",
            "en": "Nobody has laid a card yet, so nobody can hold fewer than six cards (R2).",
        },
        "q_hand_hint": {
            "sv": "Titta på vad som hände när det första kortet vändes upp (R11).",
            "en": "Look at what happened when the first card was turned up (R11).",
        },
        # points (S1)
        "q_pts_card": {"sv": "{card}: {points} poäng", "en": "{card}: {points} points"},
        "q_pts_sum": {
            "sv": "Summa: {expr} = {total} poäng (S1)",
            "en": "Total: {expr} = {total} points (S1)",
        },
        "q_pts_why_eight": {
            "sv": "Räknade du åttan som 8? En åtta är värd 25 poäng (S1).",
            "en": "Did you count the eight as 8? An eight is worth 25 points (S1).",
        },
        "q_pts_why_ace": {
            "sv": "Räknade du esset som 1? Ett ess är värt 15 poäng (S1).",
            "en": "Did you count the ace as 1? An ace is worth 15 points (S1).",
        },
        "q_pts_why_faces": {
            "sv": "Knekt, dam och kung är värda 10 poäng var – inte 11, 12 och 13 (S1).",
            "en": "Jack, queen and king are worth 10 points each – not 11, 12 and 13 (S1).",
        },
        "q_pts_why_small": {
            "sv": "Korten från tvåa till nia (utom åttan) är värda 5 poäng var, vad det än står på dem (S1).",
            "en": "The cards from two to nine (but not the eight) are worth 5 points each, whatever number they show (S1).",
        },
        "q_pts_hint": {
            "sv": "Åtta 25, ess 15, tia, knekt, dam och kung 10, alla andra kort 5 poäng (S1).",
            "en": "Eight 25, ace 15, ten, jack, queen and king 10, every other card 5 points (S1).",
        },
        "q_pts_small_cards": {
            "sv": "korten från tvåa till nia (utom åttan)",
            "en": "the cards from two to nine (but not the eight)",
        },
        "q_card_prompt": {
            "sv": "Hur många poäng är {card} {worth}?",
            "en": "How many points is {card} {worth}?",
        },
        "q_card_prompt_hand": {
            "sv": "{player} har {cards} kvar och får {total} poäng. Hur många poäng är {card} {worth}?",
            "en": "{player} is left with {cards} and scores {total} points. How many points is {card} {worth}?",
        },
        "q_card_right": {
            "sv": "{card} är {worth} {points} poäng (S1).",
            "en": "{card} is {worth} {points} points (S1).",
        },
        # "esset är värt", "åttan är värd": an ace is neuter in Swedish
        "q_worth": {"sv": "värd", "en": "worth"},
        "q_worth_ace": {"sv": "värt", "en": "worth"},
        "q_card_why_face": {
            "sv": "Poängen är inte siffran på kortet (S1).",
            "en": "The points are not the number on the card (S1).",
        },
        "q_card_why_worth": {
            "sv": "{value} poäng får man för {kinds} (S1).",
            "en": "{value} points is what {kinds} are worth (S1).",
        },
        "q_card_why_none": {
            "sv": "Inget kort är värt {value} poäng (S1).",
            "en": "No card is worth {value} points (S1).",
        },
        # who won the game to 100 (S2, O3)
        "q_winner_prompt": {"sv": "Vem vann spelet till 100?", "en": "Who won the game to 100?"},
        "q_winner_s2": {
            "sv": "{winner} var sist kvar under {target} poäng (S2).",
            "en": "{winner} was the last player left below {target} points (S2).",
        },
        "q_winner_s2_all": {
            "sv": "Alla som var kvar nådde {target} poäng i samma omgång, och {winner} hade lägst summa: {total} (S2).",
            "en": "Everyone still in reached {target} points in the same round, and {winner} had the lowest "
            "total: {total} (S2).",
        },
        "q_winner_o3": {
            "sv": "Spelet tog slut när någon nådde {target} poäng, och då hade {winner} lägst summa: {total} (O3).",
            "en": "The game ended when someone reached {target} points, and {winner} had the lowest total: "
            "{total} (O3).",
        },
        "q_winner_why_out": {
            "sv": "{name} kom upp i {total} poäng efter omgång {round} och blev ute ur spelet (S2).",
            "en": "{name} reached {total} points after round {round} and was out of the game (S2).",
        },
        "q_winner_why_more": {
            "sv": "{name} hade {total} poäng – fler än {winner}, som hade {wtotal} (S2).",
            "en": "{name} had {total} points – more than {winner}, who had {wtotal} (S2).",
        },
        "q_winner_why_more_o3": {
            "sv": "{name} hade {total} poäng när spelet tog slut – fler än {winner}, som hade {wtotal} (O3).",
            "en": "{name} had {total} points when the game ended – more than {winner}, who had {wtotal} (O3).",
        },
        "q_winner_shared": {
            "sv": "{names} hade samma summa, {total} poäng – den lägsta – och delar segern ({rule}).",
            "en": "{names} had the same total, {total} points – the lowest – and share the win ({rule}).",
        },
        "q_winner_why_shared": {
            "sv": "{name} hade lägst summa, {total} poäng – men det hade {others} också, så de delar segern ({rule}).",
            "en": "{name} had the lowest total, {total} points – but so did {others}, so they share the win ({rule}).",
        },
        "q_winner_hint_s2": {
            "sv": "Den som når {target} poäng är ute. Vem var kvar sist? Titta i tabellen (S2).",
            "en": "Whoever reaches {target} points is out. Who was left last? Look at the table (S2).",
        },
        "q_winner_hint_o3": {
            "sv": "Spelet slutar när någon når {target} poäng. Vem har då lägst summa? (O3)",
            "en": "The game ends when someone reaches {target} points. Who has the lowest total then? (O3)",
        },
        # what simulations say
        "q_sim_prompt": {
            "sv": "Vilket drag vinner oftast i simuleringen?",
            "en": "Which move wins most often in the simulation?",
        },
        "q_sim_right": {
            "sv": "{move} vann i {p} av de påhittade fortsättningarna – oftast av alla.",
            "en": "{move} won in {p} of the made-up continuations – the most of all.",
        },
        "q_sim_why": {
            "sv": "{move} vann i {p} av fortsättningarna, men {best} vann i {q}.",
            "en": "{move} won in {p} of the continuations, but {best} won in {q}.",
        },
        "q_sim_hint": {
            "sv": "Vilket drag lämnar dig med kort som passar nästa gång? Färgen på det sista kortet du lägger "
            "är den som gäller sedan (R5).",
            "en": "Which move leaves you with cards that fit next time? The suit of the last card you lay is the "
            "suit from then on (R5).",
        },
        "q_tour_prompt_rounds": {
            "sv": "Vilken datorspelare vann flest omgångar?",
            "en": "Which computer player won the most rounds?",
        },
        "q_tour_prompt_games": {
            "sv": "Vilken datorspelare vann flest spel till 100?",
            "en": "Which computer player won the most games to 100?",
        },
        "q_tour_right_rounds": {
            "sv": "{the_kind} vann {p} av omgångarna – flest av alla.",
            "en": "{the_kind} won {p} of the rounds – the most of all.",
        },
        "q_tour_right_games": {
            "sv": "{the_kind} vann {p} av spelen – flest av alla.",
            "en": "{the_kind} won {p} of the games – the most of all.",
        },
        "q_tour_why_rounds": {
            "sv": "{the_kind} vann {p} av omgångarna, men {the_best} vann {q}.",
            "en": "{the_kind} won {p} of the rounds, but {the_best} won {q}.",
        },
        "q_tour_why_games": {
            "sv": "{the_kind} vann {p} av spelen, men {the_best} vann {q}.",
            "en": "{the_kind} won {p} of the games, but {the_best} won {q}.",
        },
        "q_the_random": {"sv": "slumpspelaren", "en": "the random player"},
        "q_the_beginner": {"sv": "nybörjaren", "en": "the beginner"},
        "q_the_expert": {"sv": "experten", "en": "the expert"},
        "q_the_strong": {"sv": "den starka datorspelaren", "en": "the strong computer player"},
        "q_tour_hint": {
            "sv": "Titta på diagrammet: vilken stapel är högst?",
            "en": "Look at the chart: which bar is the tallest?",
        },
    }
)


# -- every screen: the page, the replay's labels, classroom mode, the upload button ---------------
# (widgets/app/page.py, widgets/replay/viewer.py, widgets/movelist.py, widgets/controls/upload.py)
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
        "read_aloud": {"sv": "Läs upp", "en": "Read aloud"},
        "sound_on": {"sv": "Ljud: på", "en": "Sound: on"},
        "sound_off": {"sv": "Ljud: av", "en": "Sound: off"},
        "tbc_sound_on": {"sv": "Ljud: på", "en": "Sound: on"},
        "tbc_sound_off": {"sv": "Ljud: av", "en": "Sound: off"},
        "rp_on": {"sv": "på", "en": "on"},
        "rp_off": {"sv": "av", "en": "off"},
        "rp_ask_off_note": {
            "sv": "Av: varje drag visas direkt, utan fråga.",
            "en": "Off: each move is shown at once, without a question.",
        },
        "rp_ask_off_class": {
            "sv": "Klassen får inga frågor nu. Deras skärmar säger att du visar dragen på tavlan.",
            "en": "The class gets no questions now. Their screens say that you show the moves on the board.",
        },
        "rp_no_choice": {
            "sv": "Ingen fråga här: {player} hade inget val.",
            "en": "No question here: {player} had no choice.",
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


# -- the game review (widgets/controls/review.py) --------------------------------------------------------
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
            "sv": "Vinstchans: {before} med det bästa draget, {after} med draget som spelades "
            "(skillnaden kan vara {margin} procent mer eller mindre).",
            "en": "Chance to win: {before} with the best move, {after} with the move played "
            "(the difference may be {margin} % more or less).",
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

# -- the play session and pass and play (widgets/play/session.py, widgets/play/play_table.py, widgets/app/settings.py)
UI.update(
    {
        "ps_error": {"sv": "Det går inte just nu.", "en": "That cannot be done now."},
        "ps_computer_seat": {
            "sv": "Datorn spelar för {player} just nu.",
            "en": "The computer plays for {player} just now.",
        },
        "ps_not_a_person": {
            "sv": "{player} är en datorspelare, inte en person.",
            "en": "{player} is a computer player, not a person.",
        },
        "ps_bad_seat": {
            "sv": "Det finns ingen plats {value} vid bordet (platserna är 0 till {last}).",
            "en": "There is no seat {value} at the table (the seats are 0 to {last}).",
        },
        "ps_hand_to": {
            "sv": "Ge plattan till {name} – tryck när du är redo",
            "en": "Hand the tablet to {name} – tap when ready",
        },
        "ps_ready": {"sv": "Jag är {name} – visa mina kort", "en": "I am {name} – show my cards"},
        "ps_screen_note": {
            "sv": "Korten är gömda så att ingen ser någon annans hand.",
            "en": "The cards are hidden so that nobody sees anyone else's hand.",
        },
        "ps_hand_of": {"sv": "{whose} hand", "en": "{whose} hand"},
        "ps_turn_of_person": {"sv": "▶ {whose} tur.", "en": "▶ {whose} turn."},
        "ps_role_person": {"sv": "person", "en": "person"},
        "st_seat_person": {"sv": "person vid plattan", "en": "person at this tablet"},
        "st_watch_person": {
            "sv": "Bara datorspelare: välj en datorspelare för varje plats.",
            "en": "Computer players only: choose a computer player for every seat.",
        },
        "st_name": {"sv": "Namn", "en": "Name"},
        "st_name_tip": {
            "sv": "Skriv ett namn (högst {n} tecken) eller låt det vara tomt",
            "en": "Type a name (at most {n} characters) or leave it empty",
        },
        "st_people_help": {
            "sv": "Välj ”person” för varje plats där någon ska spela. Flera personer turas om med "
            "samma platta: korten göms mellan turerna.",
            "en": "Choose “person” for every seat where someone plays. Several people take turns "
            "on the same tablet: the cards are hidden between turns.",
        },
    }
)

# -- house rules O4–O9 and the presets in the new-round form and the badges (widgets/app/settings.py,
# -- widgets/play/play_table.py) -------------------------------------------------------------------------------
UI.update(
    {
        "hr_title": {"sv": "Husregler", "en": "House rules"},
        "hr_help": {
            "sv": "Många familjer spelar lite olika. Välj ett regelpaket, eller välj varje regel själv här under.",
            "en": "Many families play a little differently. Pick a preset, or choose each rule yourself below.",
        },
        "hr_preset": {"sv": "Regelpaket", "en": "Preset"},
        "hr_preset_tip": {
            "sv": "Ett regelpaket ställer in reglerna här under på en gång",
            "en": "A preset sets the rules below all at once",
        },
        "hr_preset_own": {"sv": "Egna val", "en": "Your own choice"},
        "hr_preset_own_text": {
            "sv": "Du har valt reglerna själv.",
            "en": "You have chosen the rules yourself.",
        },
        "hr_preset_kallan": {"sv": "Källan", "en": "Källan (the source)"},
        "hr_preset_standard": {"sv": "Standard", "en": "Standard"},
        "hr_preset_sju_kort": {"sv": "Sju kort", "en": "Seven cards"},
        "hr_preset_fem_kort": {"sv": "Fem kort", "en": "Five cards"},
        "hr_preset_strict": {"sv": "Källans tilläggsregler", "en": "The source's additional rules"},
        "hr_preset_crazy_eights": {"sv": "Crazy Eights", "en": "Crazy Eights"},
        "hr_preset_quick": {"sv": "Kortare spel", "en": "A shorter game"},
        "hr_preset_varning_och_lappen": {"sv": "Varning och lappen", "en": "Varning and lappen"},
        "hr_preset_nodecardgame": {"sv": "Som i NodeCardGame", "en": "As in NodeCardGame"},
        "hr_preset_sparbanken_eken": {"sv": "Som hos Sparbanken Eken", "en": "As on Sparbanken Eken's page"},
        "hr_preset_mau_mau": {"sv": "Som i Mau-Mau", "en": "As in Mau-Mau"},
        "pt_place": {"sv": "placering {n}", "en": "place {n}"},  # rule O10: the scoreboard, the replay
        "hr_o4_6": {"sv": "Sex kort (som i källan)", "en": "Six cards (as in the source)"},
        "hr_o4_7": {"sv": "Sju kort", "en": "Seven cards"},
        "hr_o4_5": {"sv": "Fem kort", "en": "Five cards"},
        "hr_o6_3": {
            "sv": "Tre kort i straff (som i källan)",
            "en": "Three cards as a penalty (as in the source)",
        },
        "hr_o6_2": {"sv": "Två kort i straff", "en": "Two cards as a penalty"},
        "hr_o6_needs_v3": {
            "sv": "O6 gäller bara när V3 – Lappen eller O9 – Varning är på.",
            "en": "O6 counts only when V3 – Lappen or O9 – Varning is on.",
        },
        "hr_o8_three": {
            "sv": "Dra högst tre kort (som i källan)",
            "en": "Draw up to three cards (as in the source)",
        },
        "hr_o8_one": {
            "sv": "Dra ett kort, lägg det eller stå över",
            "en": "Draw one card, then lay it or pass",
        },
        "hr_o8_until": {"sv": "Dra tills ett kort passar", "en": "Draw until a card fits"},
        "hr_badge_o6": {"sv": "{n} kort", "en": "{n} cards"},
        "hr_badge_o8_one": {"sv": "dra ett kort", "en": "draw one card"},
        "hr_badge_o8_until": {"sv": "dra tills ett kort passar", "en": "draw until a card fits"},
        "hr_problem_o3_o7": {
            "sv": "O3 och O7 är två olika sätt att avsluta spelet till 100. Välj bara en av dem.",
            "en": "O3 and O7 are two different ways to end the game to 100. Choose only one of them.",
        },
        "hr_problem_other": {
            "sv": "De här reglerna går inte ihop. Ändra en av dem.",
            "en": "These rules do not go together. Change one of them.",
        },
    }
)


# -- tables for people on different devices (widgets/tables): the server's words (tb_) and the
# -- page's (tbc_, sent to the page in both languages with it) -----------------------------------
UI.update(
    {
        "tb_page_title": {"sv": "Vändåtta – spela med andra", "en": "Vändåtta – play with others"},
        "tb_bad_request": {
            "sv": "Det där förstod inte bordet. Ladda om sidan och försök igen.",
            "en": "The table did not understand that. Reload the page and try again.",
        },
        "tb_bad_name": {
            "sv": "Ett namn är bokstäver och siffror, högst {n} tecken.",
            "en": "A name is letters and digits, at most {n} characters.",
        },
        "tb_bad_seats": {
            "sv": "Ett bord har 2 till {most} platser, och varje plats är en person eller en datorspelare.",
            "en": "A table has 2 to {most} seats, and each seat is a person or a computer player.",
        },
        "tb_no_person": {
            "sv": "Minst en plats ska vara en person.",
            "en": "At least one seat must be a person.",
        },
        "tb_bad_rules": {"sv": "De reglerna finns inte i spelet.", "en": "The game has no such rules."},
        "tb_closed": {"sv": "Bordet är stängt.", "en": "The table is closed."},
        "tb_bad_seat": {
            "sv": "Den platsen finns inte vid bordet, eller så är det en datorspelares plats.",
            "en": "There is no such seat at the table, or it is a computer player's seat.",
        },
        "tb_seat_taken": {
            "sv": "Någon sitter redan där – välj en annan plats.",
            "en": "Someone already sits there – choose another seat.",
        },
        "tb_already_seated": {"sv": "Du sitter redan vid bordet.", "en": "You already sit at this table."},
        "tb_started": {"sv": "Spelet har redan börjat.", "en": "The game has already started."},
        "tb_owner_only": {
            "sv": "Bara den som gjorde bordet kan göra det.",
            "en": "Only the one who made the table can do that.",
        },
        "tb_not_started": {"sv": "Spelet har inte börjat än.", "en": "The game has not started yet."},
        "tb_no_seat": {"sv": "Du har ingen plats vid bordet.", "en": "You have no seat at this table."},
        "tb_round_on": {"sv": "Omgången pågår fortfarande.", "en": "The round is still going on."},
        "tb_paused": {"sv": "Spelet är pausat.", "en": "The game is paused."},
        "tb_bad_move": {"sv": "Det där är inget drag.", "en": "That is not a move."},
        "tb_waiting_for": {
            "sv": "Väntar på fler spelare ({n} lediga platser).",
            "en": "Waiting for more players ({n} free seats).",
        },
        "tb_all_here": {
            "sv": "Alla är här – den som gjorde bordet kan börja.",
            "en": "Everyone is here – the one who made the table can start.",
        },
        "tb_turn_of": {"sv": "Det är {whose} tur.", "en": "It is {whose} turn."},
        "tb_too_many_pages": {
            "sv": "Bordet har så många skärmar öppna som det får. Stäng en och försök igen.",
            "en": "The table has as many screens open as it may. Close one and try again.",
        },
        "tb_rules_source": {"sv": "Regler: som i källan.", "en": "Rules: as in the source."},
        "tb_rules_with": {
            "sv": "Regler: som i källan, och {rules}.",
            "en": "Rules: as in the source, and {rules}.",
        },
        "tb_full": {
            "sv": "Det får inte plats fler bord just nu. Försök igen om en stund.",
            "en": "There is no room for another table right now. Try again in a while.",
        },
        "tb_not_saved": {
            "sv": "Servern kunde inte spara, så ingenting ändrades. Försök igen om en stund "
            "– säg till läraren om det händer igen.",
            "en": "The server could not save, so nothing changed. Try again in a moment "
            "– tell your teacher if it happens again.",
        },
        "tb_slow_down": {
            "sv": "Du har provat många koder. Vänta en minut och försök igen.",
            "en": "You have tried many codes. Wait a minute and try again.",
        },
        "tb_too_fast": {
            "sv": "Oj, så fort det gick! Vänta en liten stund och försök igen.",
            "en": "Whoa, that was fast! Wait a moment and try again.",
        },
        "tb_bad_code": {
            "sv": "En bordskod har fem tecken, bokstäver och siffror.",
            "en": "A table code has five characters, letters and digits.",
        },
        "tb_no_table": {
            "sv": "Det finns inget bord med koden {code}. Titta på koden igen och försök en gång till.",
            "en": "There is no table with the code {code}. Look at the code again and try once more.",
        },
        "tb_not_from_here": {
            "sv": "Det här kom inte från spelets egen sida, så ingenting ändrades.",
            "en": "This did not come from the game's own page, so nothing was changed.",
        },
        "tb_too_many_yours": {
            "sv": "Det har gjorts väldigt många bord härifrån på kort tid. Gå med vid ett bord som redan "
            "finns, eller vänta en stund och försök igen.",
            "en": "Very many tables have been made from here in a short time. Join a table that is "
            "already there, or wait a while and try again.",
        },
        # the page
        "tbc_play_with_others": {"sv": "Spela med andra", "en": "Play with others"},
        "db_tab_tables": {"sv": "Spela med andra", "en": "Play with others"},
        "tbc_table_code": {"sv": "Bordskod {code}", "en": "Table code {code}"},
        "tbc_make_title": {"sv": "Gör ett nytt bord", "en": "Make a new table"},
        "tbc_join_title": {"sv": "Gå med vid ett bord", "en": "Join a table"},
        "tbc_code_label": {"sv": "Bordskoden", "en": "The table code"},
        "tbc_type_code": {"sv": "Skriv bordskoden först.", "en": "Type the table code first."},
        "tbc_join": {"sv": "Gå med", "en": "Join"},
        "tbc_back": {"sv": "Tillbaka", "en": "Back"},
        "tbc_open_page": {"sv": "Öppna Spela med andra", "en": "Open Play with others"},
        "tbc_tab_help": {
            "sv": "Spela mot kompisar som sitter vid sina egna skärmar: gör ett bord och visa koden, "
            "eller skriv in koden till ett bord som någon annan har gjort.",
            "en": "Play friends who sit at their own screens: make a table and show its code, "
            "or type the code of a table someone else has made.",
        },
        "tbc_no_server": {
            "sv": "Här finns inga bord: de finns när Vändåtta körs som app (vandatta dashboard) eller i skolans JupyterHub.",
            "en": "There are no tables here: they exist when Vändåtta runs as an app (vandatta dashboard) or on the school's JupyterHub.",
        },
        "tbc_create": {"sv": "Gör bordet", "en": "Make the table"},
        "tbc_your_name": {"sv": "Ditt namn", "en": "Your name"},
        "tbc_seats_hint": {
            "sv": "Vem sitter vid bordet? Välj ”person” för varje plats där någon ska spela från sin egen skärm.",
            "en": "Who sits at the table? Choose “person” for every seat where someone plays from their own screen.",
        },
        "tbc_seat_n": {"sv": "Plats {n}", "en": "Seat {n}"},
        "tbc_you": {"sv": "du", "en": "you"},
        "tbc_seat_you": {"sv": "Du (plats 1)", "en": "You (seat 1)"},
        "tbc_fewer": {"sv": "En plats mindre", "en": "One seat fewer"},
        "tbc_more": {"sv": "En plats till", "en": "One more seat"},
        "tbc_kind_person": {"sv": "person", "en": "person"},
        "tbc_kind_random": {"sv": "datorspelare · slumpspelare", "en": "computer player · random player"},
        "tbc_kind_beginner": {"sv": "datorspelare · nybörjare", "en": "computer player · beginner"},
        "tbc_kind_expert": {"sv": "datorspelare · expert", "en": "computer player · expert"},
        "tbc_kind_strong": {"sv": "datorspelare · stark", "en": "computer player · strong"},
        "tbc_match": {"sv": "Spelet till 100 poäng", "en": "The game to 100 points"},
        "tbc_rules": {"sv": "Regler", "en": "Rules"},
        "tbc_more_rules": {"sv": "Tilläggsregler", "en": "Additional rules"},
        "tbc_choose_seat": {"sv": "Välj en plats", "en": "Choose a seat"},
        "tbc_sit_at": {"sv": "Sätt dig på {whose} plats", "en": "Sit in {whose} seat"},
        "tbc_no_free_seat": {"sv": "Alla platser är tagna.", "en": "Every seat is taken."},
        "tbc_people": {"sv": "Vid bordet", "en": "At the table"},
        "tbc_free": {"sv": "ledig plats", "en": "free seat"},
        "tbc_covered": {
            "sv": "borta – en datorspelare spelar så länge",
            "en": "away – a computer player plays for now",
        },
        "tbc_away": {"sv": "borta en stund", "en": "away for a moment"},
        "tbc_cards": {"sv": "{n} kort", "en": "{n} cards"},
        "tbc_points": {"sv": "{n} poäng", "en": "{n} points"},
        "tbc_your_hand": {"sv": "Din hand", "en": "Your hand"},
        "tbc_lappen_tag": {"sv": "Lappen!", "en": "Lappen!"},
        "tbc_varning": {"sv": "Säg ”varning”", "en": "Call “varning”"},
        "tbc_varning_tag": {"sv": "Varning!", "en": "Varning!"},
        "tbc_place_tag": {"sv": "Placering {n}", "en": "Place {n}"},  # rule O10 ("plats" is a seat)
        "tbc_winner_tag": {"sv": "Vinnare", "en": "Winner"},
        "tbc_no_cards": {"sv": "Inga kort kvar.", "en": "No cards left."},
        "tbc_eight_counts_as": {"sv": "Vad ska åttan räknas som?", "en": "What does the eight count as?"},
        "tbc_suit_0": {"sv": "spader", "en": "spades"},
        "tbc_suit_1": {"sv": "hjärter", "en": "hearts"},
        "tbc_suit_2": {"sv": "ruter", "en": "diamonds"},
        "tbc_suit_3": {"sv": "klöver", "en": "clubs"},
        "tbc_start": {"sv": "Börja spela", "en": "Start the game"},
        "tbc_pause": {"sv": "Pausa", "en": "Pause"},
        "tbc_resume": {"sv": "Fortsätt", "en": "Go on"},
        "tbc_close": {"sv": "Stäng bordet", "en": "Close the table"},
        "tbc_close_sure": {
            "sv": "Stänga bordet? Spelet tar slut för alla.",
            "en": "Close the table? The game ends for everyone.",
        },
        "tbc_next_round": {"sv": "Nästa omgång", "en": "Next round"},
        "tbc_save_record": {"sv": "Spara omgången (JSON)", "en": "Save the round (JSON)"},
        "tbc_moves": {"sv": "Drag", "en": "Moves"},
        "tbc_others_join": {"sv": "Andra går med här:", "en": "Others join here:"},
        "tbc_connecting": {"sv": "Ansluter till bordet …", "en": "Connecting to the table …"},
        "tbc_reconnecting": {
            "sv": "Kontakten med bordet bröts – försöker igen …",
            "en": "Lost touch with the table – trying again …",
        },
        "tbc_offline": {
            "sv": "Ingen kontakt med bordet just nu. Vänta lite och försök igen.",
            "en": "No contact with the table right now. Wait a little and try again.",
        },
    }
)

# -- the class answering (vandatta_widgets.tables.poll): the server's words (cl_) and the pages' (clc_) ---
UI.update(
    {
        "cl_toggle": {"sv": "Klassen svarar", "en": "The class answers"},
        "cl_toggle_tip": {
            "sv": "Eleverna svarar på sina egna skärmar: du får en kod att visa för klassen",
            "en": "The pupils answer on their own screens: you get a code to show the class",
        },
        "cl_bad_request": {
            "sv": "Det där förstod vi inte. Ladda om sidan och försök igen.",
            "en": "We did not understand that. Reload the page and try again.",
        },
        "cl_bad_record": {
            "sv": "Omgången gick inte att läsa, så klassen kunde inte börja.",
            "en": "The round could not be read, so the class could not start.",
        },
        "cl_bad_code": {
            "sv": "Det där är ingen klasskod. Titta på tavlan och skriv de fem tecknen.",
            "en": "That is not a class code. Look at the board and type the five characters.",
        },
        "cl_no_class": {
            "sv": "Det finns ingen klass med koden {code}. Titta på koden igen och försök en gång till.",
            "en": "There is no class with the code {code}. Look at the code again and try once more.",
        },
        "cl_slow_down": {
            "sv": "Du har provat många koder. Vänta en minut och försök igen.",
            "en": "You have tried many codes. Wait a minute and try again.",
        },
        "cl_too_many": {
            "sv": "Det finns för många klasser just nu. Stäng en gammal och försök igen.",
            "en": "There are too many classes right now. Close an old one and try again.",
        },
        "cl_too_many_yours": {
            "sv": "Det har öppnats väldigt många klasser härifrån på kort tid. Stäng en gammal, "
            "eller vänta en stund och försök igen.",
            "en": "Very many classes have been opened from here in a short time. Close an old one, "
            "or wait a while and try again.",
        },
        "cl_full": {
            "sv": "Klassen är full. Fråga läraren.",
            "en": "The class is full. Ask your teacher.",
        },
        "cl_no_pupil": {
            "sv": "Sidan vet inte vem du är. Ladda om sidan.",
            "en": "The page does not know who you are. Reload the page.",
        },
        "cl_not_teacher": {"sv": "Bara läraren kan göra det.", "en": "Only the teacher can do that."},
        "cl_bad_ply": {
            "sv": "Det draget finns inte i omgången (den har {n} drag).",
            "en": "That move is not in the round (it has {n} moves).",
        },
        "cl_closed": {"sv": "Klassen är slut.", "en": "The class is over."},
        "cl_no_question": {
            "sv": "Det finns ingen fråga just nu. Vänta på nästa.",
            "en": "There is no question right now. Wait for the next one.",
        },
        "cl_revealed": {
            "sv": "Svaret är redan visat. Vänta på nästa fråga.",
            "en": "The answer has been shown already. Wait for the next question.",
        },
        "cl_bad_move": {
            "sv": "Det där är inget drag. Välj kort, dra ett kort eller stå över.",
            "en": "That is not a move. Choose cards, draw a card or pass.",
        },
        "cl_not_in_hand": {
            "sv": "Välj bara bland korten som visas.",
            "en": "Only choose among the cards shown.",
        },
        "cl_no_answer": {
            "sv": "Du svarade inte på den här frågan.",
            "en": "You did not answer this question.",
        },
        "cl_verdict_legal": {
            "sv": "Ditt svar: {move}. Det är tillåtet! ✔",
            "en": "Your answer: {move}. It is allowed! ✔",
        },
        "cl_verdict_illegal": {
            "sv": "Ditt svar: {move}. Det är inte tillåtet. ✘",
            "en": "Your answer: {move}. It is not allowed. ✘",
        },
        "cl_same_played": {
            "sv": "Det var precis det som spelades!",
            "en": "That is exactly what was played!",
        },
        "cl_other_played": {
            "sv": "I spelet valde spelaren: {move}.",
            "en": "In the game, the player chose: {move}.",
        },
        "cl_same_strong": {
            "sv": "Den starka datorspelaren skulle också spela så.",
            "en": "The strong computer player would play that too.",
        },
        "cl_other_strong": {
            "sv": "Den starka datorspelaren skulle välja: {move}.",
            "en": "The strong computer player would choose: {move}.",
        },
        "cl_csv_question": {"sv": "fråga", "en": "question"},
        "cl_csv_move": {"sv": "drag", "en": "move"},
        "cl_csv_answers": {"sv": "svar", "en": "answers"},
        "cl_csv_legal_share": {"sv": "andel_tillåtna", "en": "legal_share"},
        "cl_csv_played_share": {"sv": "andel_som_spelat", "en": "played_share"},
        "cl_csv_played": {"sv": "spelat_drag", "en": "played"},
        "cl_csv_strong": {"sv": "starka_datorn", "en": "strong"},
        "clc_page_title": {"sv": "Klassen svarar – Vändåtta", "en": "The class answers – Vändåtta"},
        "clc_title": {"sv": "Klassen svarar", "en": "The class answers"},
        "clc_code_label": {"sv": "Klasskoden", "en": "The class code"},
        "clc_type_code": {"sv": "Skriv klasskoden från tavlan.", "en": "Type the class code from the board."},
        "clc_join": {"sv": "Gå med", "en": "Join"},
        "clc_code": {"sv": "Kod", "en": "Code"},
        "clc_join_here": {"sv": "Gå till", "en": "Go to"},
        "clc_waiting": {"sv": "Väntar på nästa fråga", "en": "Waiting for the next question"},
        "clc_question": {"sv": "Vad skulle du spela?", "en": "What would you play?"},
        "clc_question_n": {"sv": "Fråga {n}", "en": "Question {n}"},
        "clc_who": {
            "sv": "Du är {player}. Här är korten och högen.",
            "en": "You are {player}. Here are the cards and the pile.",
        },
        "clc_your_answer": {"sv": "Ditt svar: {move}", "en": "Your answer: {move}"},
        "clc_change": {
            "sv": "Du kan ändra dig tills läraren visar svaret.",
            "en": "You can change your mind until the teacher shows the answer.",
        },
        "clc_no_answer_yet": {"sv": "Du har inte svarat än.", "en": "You have not answered yet."},
        "clc_closed": {
            "sv": "Klassen är slut för i dag. Tack!",
            "en": "The class is over for today. Thank you!",
        },
        "clc_your_name": {"sv": "Ditt namn", "en": "Your name"},
        "clc_save_name": {"sv": "Spara namnet", "en": "Save the name"},
        "clc_answered": {"sv": "{n} av {m} har svarat", "en": "{n} of {m} have answered"},
        "clc_here": {"sv": "Med i klassen: {n}", "en": "In the class: {n}"},
        "clc_answers": {"sv": "Klassens svar", "en": "The class's answers"},
        "clc_legal": {"sv": "tillåtet", "en": "allowed"},
        "clc_illegal": {"sv": "inte tillåtet", "en": "not allowed"},
        "clc_played": {"sv": "spelades", "en": "was played"},
        "clc_strong": {"sv": "starka datorspelaren", "en": "strong computer player"},
        "clc_nobody": {"sv": "Ingen har svarat.", "en": "Nobody has answered."},
        "clc_names": {"sv": "Visa namn", "en": "Show names"},
        "clc_read_aloud": {"sv": "Läs upp", "en": "Read aloud"},
        "clc_marks": {
            "sv": "Visa på elevernas skärmar vilka kort som passar",
            "en": "Show on the pupils' screens which cards fit",
        },
        "clc_paused": {
            "sv": "Nu visar läraren dragen på tavlan, utan frågor. Titta på tavlan!",
            "en": "The teacher is showing the moves on the board now, without questions. Look at the board!",
        },
        "clc_paused_teacher": {
            "sv": "Fråga först är av: klassen får inga frågor. Deras skärmar säger: titta på tavlan.",
            "en": "Ask first is off: the class gets no questions. Their screens say: look at the board.",
        },
        "clc_summary": {"sv": "Sammanfattning", "en": "Summary"},
        "clc_share_legal": {"sv": "tillåtna svar", "en": "allowed answers"},
        "clc_share_played": {"sv": "samma som i spelet", "en": "same as in the game"},
        "clc_csv": {"sv": "Ladda ner sammanfattningen (CSV)", "en": "Download the summary (CSV)"},
        "clc_close": {"sv": "Avsluta klassen", "en": "End the class"},
        "clc_connecting": {"sv": "Ansluter …", "en": "Connecting …"},
        "clc_reconnecting": {
            "sv": "Kontakten bröts – försöker igen …",
            "en": "Lost touch – trying again …",
        },
        "clc_offline": {
            "sv": "Ingen kontakt just nu. Vänta lite och försök igen.",
            "en": "No contact right now. Wait a little and try again.",
        },
        "clc_no_server": {
            "sv": "Klassen svarar behöver instrumentpanelens server (vandatta dashboard).",
            "en": "The class answers needs the dashboard's server (vandatta dashboard).",
        },
    }
)

# -- the puzzle board (widgets/lessons/puzzle.py) ----------------------------------------------

UI.update(
    {
        "pb_title": {"sv": "Pussel", "en": "Puzzles"},
        "pb_intro": {
            "sv": "Varje pussel har ett enda svar. Datorn har prövat alla sätt som turen kan gå.",
            "en": "Every puzzle has exactly one answer. The computer has tried every way the turn can go.",
        },
        "pb_level": {"sv": "Nivå", "en": "Level"},
        "pb_level_1": {"sv": "1 · Lätt", "en": "1 · Easy"},
        "pb_level_2": {"sv": "2 · Mellan", "en": "2 · Medium"},
        "pb_level_3": {"sv": "3 · Svår", "en": "3 · Hard"},
        "pb_level_tip": {
            "sv": "Svårare pussel har fler drag att välja mellan, eller flera drag i rad",
            "en": "Harder puzzles have more moves to choose from, or several moves in a row",
        },
        "pb_count": {"sv": "Pussel {n} av {m}", "en": "Puzzle {n} of {m}"},
        "pb_streak": {"sv": "Rätt i rad: {n}", "en": "In a row: {n}"},
        "pb_best": {"sv": "Bästa: {n}", "en": "Best: {n}"},
        "pb_streak_tip": {
            "sv": "Pussel du har klarat i rad utan fel och utan att titta på svaret",
            "en": "Puzzles you solved in a row without a wrong try and without looking at the answer",
        },
        "pb_rules_on": {"sv": "Tilläggsregler:", "en": "Additional rules:"},
        "pb_your_hand": {"sv": "Din hand", "en": "Your hand"},
        "pb_your_moves": {"sv": "Dina drag:", "en": "Your moves:"},
        "pb_next": {"sv": "Nästa pussel", "en": "Next puzzle"},
        "pb_next_tip": {"sv": "Ett nytt pussel på samma nivå", "en": "A new puzzle at the same level"},
        "pb_restart_tip": {"sv": "Börja om med samma pussel", "en": "Start this puzzle again"},
        "pb_hint_tip": {"sv": "Ett tips på vägen – inte svaret", "en": "A hint on the way – not the answer"},
        "pb_answer": {"sv": "Visa svaret", "en": "Show the answer"},
        "pb_answer_tip": {
            "sv": "Visa svaret (då börjar ”rätt i rad” om från noll)",
            "en": "Show the answer (then “in a row” starts again from zero)",
        },
        "pb_right": {"sv": "Rätt!", "en": "Right!"},
        "pb_solved_streak": {"sv": "Rätt i rad: {n}.", "en": "In a row: {n}."},
        "pb_step": {"sv": "Rätt – fortsätt!", "en": "Right – go on!"},
        "pb_step_more": {
            "sv": "Din tur fortsätter: lägg nästa kort.",
            "en": "Your turn goes on: lay the next card.",
        },
        "pb_wrong": {"sv": "Tillåtet – men inte svaret", "en": "Allowed – but not the answer"},
        "pb_illegal": {"sv": "Inte tillåtet", "en": "Not allowed"},
        "pb_hint_label": {"sv": "Tips:", "en": "Hint:"},
        "pb_try_again": {"sv": "Försök igen!", "en": "Try again!"},
        "pb_the_answer": {"sv": "Svaret:", "en": "The answer:"},
        "pb_shown": {
            "sv": "Prova själv nu, eller gå vidare till nästa pussel.",
            "en": "Try it yourself now, or go on to the next puzzle.",
        },
        "pb_nothing_chosen": {
            "sv": "Välj först ett kort (eller flera av samma valör) att lägga.",
            "en": "First choose a card (or several of one rank) to lay.",
        },
        "pb_choose_eight": {
            "sv": "Välj färg och valör för åttan med knapparna.",
            "en": "Choose the eight's suit and rank with the buttons.",
        },
        "pb_order": {
            "sv": "Ordning: {cards} (det sista hamnar överst)",
            "en": "Order: {cards} (the last ends up on top)",
        },
        "pb_done_already": {
            "sv": "Det här pusslet är klart. Tryck på ”Nästa pussel” eller ”Börja om”.",
            "en": "This puzzle is done. Press “Next puzzle” or “Start over”.",
        },
        "pb_bad_level": {"sv": "Nivån {value} finns inte", "en": "There is no level {value}"},
        "pb_none": {"sv": "Här finns inga pussel.", "en": "There are no puzzles here."},
    }
)

# -- the strategy lessons (widgets/lessons/strategy.py) ----------------------------------------

UI.update(
    {
        # the ideas
        "sg_title_several": {
            "sv": "Lägg flera kort av samma valör på en gång",
            "en": "Lay several cards of one rank at once",
        },
        "sg_title_eight": {"sv": "Spara åttan", "en": "Save your eight"},
        "sg_title_ace": {"sv": "Lägg esset när du kan", "en": "Lay the ace when you can"},
        "sg_title_next": {"sv": "Håll koll på nästa spelare", "en": "Watch the next player"},
        "sg_short_several": {"sv": "flera på en gång", "en": "several at once"},
        "sg_short_eight": {"sv": "spara åttan", "en": "save the eight"},
        "sg_short_ace": {"sv": "esset direkt", "en": "the ace at once"},
        "sg_short_next": {"sv": "koll på nästa", "en": "watch the next"},
        # the two computer players of each idea
        "sg_several_follows": {"sv": "lägger flera på en gång", "en": "lays several at once"},
        "sg_several_skips": {"sv": "lägger ett kort i taget", "en": "lays one card at a time"},
        "sg_eight_follows": {"sv": "sparar åttan", "en": "keeps the eight"},
        "sg_eight_skips": {"sv": "lägger åttan direkt", "en": "lays the eight at once"},
        "sg_ace_follows": {"sv": "lägger esset direkt", "en": "lays the ace at once"},
        "sg_ace_skips": {"sv": "sparar esset", "en": "saves the ace"},
        "sg_next_follows": {"sv": "håller koll på nästa spelare", "en": "watches the next player"},
        "sg_next_skips": {"sv": "tittar bara på sin hand", "en": "looks at its own hand only"},
        # the charts
        "sg_chart_title": {"sv": "Vem vann oftast? {n} omgångar", "en": "Who won more often? {n} rounds"},
        "sg_chart_y": {"sv": "andel vunna omgångar", "en": "share of rounds won"},
        "sg_chart_note": {
            "sv": "Strecket: där ligger den verkliga andelen, med 95 % säkerhet.",
            "en": "The whisker: where the true share lies, 95 % sure.",
        },
        "sg_chart_even": {"sv": "lika bra (50 %)", "en": "equally good (50 %)"},
        "sg_summary_title": {
            "sv": "Hur ofta vann den som följde idén?",
            "en": "How often did the one who followed the idea win?",
        },
        "sg_summary_y": {"sv": "andel vunna av {n} omgångar", "en": "share of {n} rounds won"},
        # the quiz of one idea
        "sg_q_prompt": {
            "sv": "Ungefär hur många omgångar av 100 vann datorspelaren som {follows}?",
            "en": "About how many rounds out of 100 did the computer player who {follows} win?",
        },
        "sg_q_right": {
            "sv": "Den som {follows} vann {wins} av {games} omgångar – ungefär {n} av 100.",
            "en": "The one who {follows} won {wins} of {games} rounds – about {n} out of 100.",
        },
        "sg_q_interval": {
            "sv": "Med 95 % säkerhet ligger den verkliga andelen mellan {low} och {high}.",
            "en": "95 % sure, the true share lies between {low} and {high}.",
        },
        "sg_q_pays": {
            "sv": "Hela strecket ligger över 50 %: idén lönar sig.",
            "en": "The whole whisker is above 50 %: the idea pays off.",
        },
        "sg_q_pays_little": {
            "sv": "Hela strecket ligger över 50 %: idén lönar sig – men bara lite.",
            "en": "The whole whisker is above 50 %: the idea pays off – but only a little.",
        },
        "sg_q_unsure": {
            "sv": "Strecket når ner till 50 %: vi kan inte säga säkert att idén lönar sig.",
            "en": "The whisker reaches down to 50 %: we cannot say for sure that the idea pays off.",
        },
        "sg_q_why_other": {
            "sv": "{n} är ungefär hur många den som {skips} vann.",
            "en": "{n} is about how many the one who {skips} won.",
        },
        "sg_q_why_even": {
            "sv": "50 av 100 skulle betyda att de var lika bra. Når stapeln över den streckade linjen?",
            "en": "50 out of 100 would mean they were equally good. Does the bar reach above the dashed line?",
        },
        "sg_q_why_far": {
            "sv": "Så långt når inte stapeln: den slutar vid {p}.",
            "en": "The bar does not reach that far: it ends at {p}.",
        },
        "sg_q_hint": {
            "sv": "Läs av hur hög stapeln är för den som {follows}.",
            "en": "Read off how high the bar of the one who {follows} reaches.",
        },
        # the quiz of every idea
        "sg_big_prompt": {
            "sv": "Vilken idé gjorde störst skillnad?",
            "en": "Which idea made the biggest difference?",
        },
        "sg_big_right": {
            "sv": "”{title}”: den som följde idén vann {more} fler omgångar av 100 än den som inte gjorde det.",
            "en": "“{title}”: the one who followed the idea won {more} more rounds out of 100 than the one who did not.",
        },
        "sg_big_why": {
            "sv": "”{title}” gav {more} fler vunna omgångar av 100. En annan idé gav {most} fler.",
            "en": "“{title}” gave {more} more rounds won out of 100. Another idea gave {most} more.",
        },
        "sg_big_hint": {
            "sv": "Jämför stapeln för varje idé med den streckade linjen vid 50 %.",
            "en": "Compare each idea's bar with the dashed line at 50 %.",
        },
        # the exercise goal "keep the eight"
        "sg_keep_eight_miss": {
            "sv": "Du lade en åtta fast ett annat kort passade. Spara åttan till när inget annat passar!",
            "en": "You laid an eight although another card fitted. Save the eight for when nothing else fits!",
        },
    }
)

# -- what the teacher reads when serving (widgets/server/serve.py) --------------------------------

UI.update(
    {
        "srv_serving": {
            "sv": "Vändåtta: {url}  (Ctrl+C stoppar)",
            "en": "Vändåtta: {url}  (Ctrl+C stops it)",
        },
        "srv_cap": {
            "sv": "Högst {max} sidor öppna samtidigt (ändra med --max-kernels).",
            "en": "At most {max} pages open at once (change it with --max-kernels).",
        },
        "srv_filling": {"sv": "Förbereder {size} platser …", "en": "Preparing {size} seats …"},
        "srv_progress": {"sv": "{ready} av {size} platser klara", "en": "{ready} of {size} seats ready"},
        "srv_ready": {
            "sv": "{size} platser klara – nu kan klassen öppna sidan.",
            "en": "{size} seats ready – the class can open the page now.",
        },
        "srv_filling_one": {"sv": "Förbereder 1 plats …", "en": "Preparing 1 seat …"},
        "srv_ready_one": {
            "sv": "1 plats klar – nu kan sidan öppnas.",
            "en": "1 seat ready – the page can be opened now.",
        },
        "srv_full": {
            "sv": "Fullt: {kernels} av {max} sidor öppna – en besökare fick vänta. Höj gränsen med --max-kernels.",
            "en": "Full: {kernels} of {max} pages open – a visitor was asked to wait. Raise the limit with --max-kernels.",
        },
        "srv_port_taken": {
            "sv": "Porten {port} används redan av ett annat program. Välj en annan, t.ex. --port {other}.",
            "en": "Port {port} is already used by another program. Choose another, e.g. --port {other}.",
        },
        "srv_classes_unavailable": {
            "sv": "Klasserna kan inte sparas ({error}), så servern startar utan dem. "
            "Lektionerna och borden fungerar ändå.",
            "en": "The classes cannot be kept ({error}), so the server starts without them. "
            "The lessons and the tables work anyway.",
        },
        "srv_store_set_aside": {
            "sv": "Filen med borden och klasserna var skadad. Den är sparad som {aside}, och en ny, tom fil "
            "används nu. Lektionerna och allt annat fungerar som vanligt.",
            "en": "The file of the tables and the classes was damaged. It is kept as {aside}, and a new, empty "
            "file is used now. The lessons and everything else work as usual.",
        },
        "srv_store_broken": {
            "sv": "Sparade bord eller klasser som inte gick att läsa visas inte: {codes} ({n} st). De andra finns kvar.",
            "en": "Saved tables or classes that could not be read are not shown: {codes} ({n}). The others are kept.",
        },
        "srv_store_memory": {
            "sv": "Borden och klasserna kan inte sparas i {path}; de finns bara tills servern stoppas. "
            "Lektionerna fungerar som vanligt.",
            "en": "The tables and the classes cannot be saved in {path}; they last only until the server stops. "
            "The lessons work as usual.",
        },
        "srv_store_write_failed": {
            "sv": "Servern kunde inte spara borden eller klasserna (är disken full, eller filen skrivskyddad?). "
            "Det som skulle sparas gjordes inte, och den som försökte fick veta det.",
            "en": "The server could not save the tables or the classes (is the disk full, or the file read-only?). "
            "What was to be saved was not done, and whoever tried was told.",
        },
        "srv_unknown_host": {
            "sv": "Ingen dator som heter {host} kan hittas. Skriv en adress som finns, t.ex. "
            "--host 127.0.0.1 (bara den här datorn) eller --host 0.0.0.0 (hela nätverket).",
            "en": "No computer called {host} can be found. Give an address that exists, e.g. "
            "--host 127.0.0.1 (this computer only) or --host 0.0.0.0 (the whole network).",
        },
        "srv_host_not_here": {
            "sv": "{host} är inte en adress till den här datorn, så sidan kan inte visas där. Välj en av "
            "datorns egna, t.ex. --host 127.0.0.1 (bara den här datorn) eller --host 0.0.0.0 (hela nätverket).",
            "en": "{host} is not an address of this computer, so the page cannot be served there. Choose one "
            "of its own, e.g. --host 127.0.0.1 (this computer only) or --host 0.0.0.0 (the whole network).",
        },
        "srv_port_forbidden": {
            "sv": "Porten {port} får bara användas av datorns administratör. Välj en port över 1023, t.ex. --port 8866.",
            "en": "Port {port} may only be used by the computer's administrator. Choose a port above 1023, "
            "e.g. --port 8866.",
        },
        "srv_cannot_listen": {
            "sv": "Sidan kan inte visas på {host} port {port} (felkod {code}). Prova --host 127.0.0.1 "
            "eller en annan --port.",
            "en": "The page cannot be served on {host} port {port} (error code {code}). Try --host 127.0.0.1 "
            "or another --port.",
        },
        "srv_stopped": {
            "sv": "Servern stannade (kod {code}) innan den hann öppna sidan; se meddelandena ovan.",
            "en": "The server stopped (code {code}) before it served the page; see the messages above.",
        },
        "srv_bad_port": {
            "sv": "--port ska vara ett tal från 0 till 65535, inte {port}.",
            "en": "--port must be a number from 0 to 65535, not {port}.",
        },
        "srv_bad_classroom": {
            "sv": "--classroom ska vara 0 eller fler platser, inte {n}.",
            "en": "--classroom must be 0 or more seats, not {n}.",
        },
        "srv_classroom_over_cap": {
            "sv": "--classroom {n} får inte vara större än --max-kernels {max}.",
            "en": "--classroom {n} must not be larger than --max-kernels {max}.",
        },
        "srv_bad_cap": {
            "sv": "--max-kernels ska vara 0 (efter datorns minne) eller fler, inte {n}.",
            "en": "--max-kernels must be 0 (from the machine's memory) or more, not {n}.",
        },
    }
)

# -- the 'full' page (widgets/server/voila_server.py) ---------------------------------------------------

UI.update(
    {
        "full_title": {"sv": "Vändåtta – fullt just nu", "en": "Vändåtta – full right now"},
        "full_heading": {"sv": "Det är fullt just nu", "en": "It is full right now"},
        "full_body": {
            "sv": "Alla platser används. Vänta en minut och försök igen – sidan försöker själv om en minut.",
            "en": "Every place is taken. Wait a minute and try again – the page tries again by itself in a minute.",
        },
        "full_retry": {"sv": "Försök igen", "en": "Try again"},
        "full_other": {"sv": "In English", "en": "På svenska"},
    }
)

# -- the tables' sign-in answer (widgets/server/hub.py) ----------------------------------------

UI.update(
    {
        "hub_sign_in": {
            "sv": "Du är inte inloggad vid borden än. Öppna borden en gång här: {page}",
            "en": "You are not signed in at the tables yet. Open the tables once here: {page}",
        },
        "hub_class_sign_in": {
            "sv": "Du är inte inloggad i klassen än. Öppna klassens sida en gång här: {page}",
            "en": "You are not signed in to the class yet. Open the class's page once here: {page}",
        },
    }
)

# Play at a child's pace (issue 43): the computers move by themselves, the buttons say why
# they cannot be used, the hint marks its cards, the end of a round speaks to the child, the
# four-colour deck and the screen reader's announcements (``cp_…``).
UI.update(
    {
        "cp_button_why": {
            "sv": "”{button}” går inte nu. {why}.",
            "en": "“{button}” cannot be used now. {why}.",
        },
        "cp_wait_turn": {"sv": "Vänta – nu är det {whose} tur.", "en": "Wait – it is {whose} turn."},
        "cp_no_card_fits": {
            "sv": "inget av dina kort passar på högen nu",
            "en": "none of your cards fits on the pile now",
        },
        "cp_hint_play": {"sv": "Tips: lägg {cards}.", "en": "Hint: lay {cards}."},
        "cp_hint_draw": {"sv": "Tips: dra ett kort.", "en": "Hint: draw a card."},
        "cp_hint_pass": {"sv": "Tips: stå över.", "en": "Hint: pass."},
        "cp_hint_marked_1": {
            "sv": "Kortet är markerat i din hand.",
            "en": "The card is marked in your hand.",
        },
        "cp_hint_marked_n": {
            "sv": "Korten är markerade i din hand.",
            "en": "The cards are marked in your hand.",
        },
        "cp_chances": {"sv": "Visa vinstchans i procent", "en": "Show chances to win in per cent"},
        "cp_chances_tip": {
            "sv": "För äldre spelare och för läraren: tipset visar hur ofta varje drag vann när datorn provade",
            "en": "For older players and the teacher: the hint shows how often each move won when the computer tried",
        },
        "cp_you_won": {"sv": "Du vann omgången!", "en": "You won the round!"},
        "cp_you_came": {"sv": "Du kom {place}!", "en": "You came {place}!"},
        "cp_name_won": {"sv": "{name} vann omgången!", "en": "{name} won the round!"},
        "cp_name_came": {"sv": "{name} kom {place}.", "en": "{name} came {place}."},
        "cp_fewest_best": {"sv": "Den som har minst poäng är bäst.", "en": "Fewest points is best."},
        "cp_points_list": {"sv": "Poäng: {points}.", "en": "Points: {points}."},
        "cp_play_again": {"sv": "Spela igen", "en": "Play again"},
        "cp_play_again_tip": {
            "sv": "En ny omgång med samma spelare och regler",
            "en": "A new round with the same players and rules",
        },
        "cp_press_play_again": {
            "sv": "Vill du spela igen? Tryck på ”Spela igen”.",
            "en": "Want to play again? Press “Play again”.",
        },
        "cp_place_1": {"sv": "etta", "en": "first"},
        "cp_place_2": {"sv": "tvåa", "en": "second"},
        "cp_place_3": {"sv": "trea", "en": "third"},
        "cp_place_4": {"sv": "fyra", "en": "fourth"},
        "cp_place_5": {"sv": "femma", "en": "fifth"},
        "cp_place_6": {"sv": "sexa", "en": "sixth"},
        "cp_place_7": {"sv": "sjua", "en": "seventh"},
        "cp_place_8": {"sv": "åtta", "en": "eighth"},
        "cp_you": {"sv": "Du", "en": "You"},
        "cp_people_vs_one": {
            "sv": "{people} spelar en omgång mot datorspelaren.",
            "en": "{people} play a round against the computer player.",
        },
        "cp_people_vs_many": {
            "sv": "{people} spelar en omgång mot datorspelarna.",
            "en": "{people} play a round against the computer players.",
        },
        "cp_people_only": {
            "sv": "{people} spelar en omgång mot varandra.",
            "en": "{people} play a round against each other.",
        },
        "cp_match_people": {
            "sv": "Spelet till 100: korten du har kvar när omgången är slut ger poäng, och poängen läggs "
            "ihop. Den som når 100 är ute – den som sist är kvar under 100 vinner. Vid bordet: {people}.",
            "en": "The game to 100: the cards left in your hand when a round ends give points, and the "
            "points add up. Whoever reaches 100 is out – the last player left below 100 wins. At the "
            "table: {people}.",
        },
        "cp_announce_your_turn": {"sv": "Nu är det din tur.", "en": "Now it is your turn."},
        "cp_announce_move": {"sv": "{name}: {move}.", "en": "{name}: {move}."},
        "cp_deck_four": {
            "sv": "Fyrfärgslek: ♠ svart, ♥ röd, ♦ blå, ♣ grön",
            "en": "Four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green",
        },
        "cp_deck_four_tip": {
            "sv": "Lättare att skilja färgerna åt – också för den som är färgblind",
            "en": "Easier to tell the suits apart – also for colour-blind players",
        },
        "cp_deck_title": {"sv": "Korten", "en": "The cards"},
        "pb_solved_count": {"sv": "Lösta: {n}", "en": "Solved: {n}"},
        "pb_first_try_streak": {"sv": "På första försöket i rad: {n}", "en": "First try in a row: {n}"},
        "pb_solved_after_tries": {
            "sv": "Bra kämpat – du löste det! Klarar du nästa på första försöket börjar en ny rad.",
            "en": "Well fought – you solved it! Solve the next one on the first try to start a new row.",
        },
        "pb_solved_first_try": {
            "sv": "På första försöket! Rätt i rad: {n}.",
            "en": "On the first try! In a row: {n}.",
        },
    }
)

# -- the lessons' chips (widgets/lessons/chips.py): each rule and each hard word in a child's words,
# opened by tapping its chip. One place for them: the lessons only name the rule id or the word.
UI.update(
    {
        "chip_rule_name": {"sv": "Regel {rule}: {title}", "en": "Rule {rule}: {title}"},
        "chip_word_name": {"sv": "Vad betyder {word}?", "en": "What does {word} mean?"},
        "chip_rule_R1": {
            "sv": "Ni kan vara två till åtta spelare. Är ni sex eller fler blandar ni ihop två kortlekar.",
            "en": "Two to eight people can play. With six or more, you mix two decks together.",
        },
        "chip_rule_R2": {
            "sv": "Alla får sex kort, ett i taget. Resten blir talongen. Det översta kortet vänds upp och blir högen.",
            "en": "Everyone gets six cards, one at a time. The rest is the talon. Its top card is turned up and starts the pile.",
        },
        "chip_rule_R3": {
            "sv": "Den som sitter efter givaren börjar. Sedan går turen runt bordet.",
            "en": "The player after the dealer starts. Then the turn goes round the table.",
        },
        "chip_rule_R4": {
            "sv": "Lägg ett kort med samma färg eller samma valör som det översta kortet i högen.",
            "en": "Lay a card of the same suit or the same rank as the top card of the pile.",
        },
        "chip_rule_R5": {
            "sv": "Har du flera kort med samma valör får du lägga dem på en gång. Det sista kortet hamnar överst.",
            "en": "If you have several cards of one rank, you may lay them at once. The last one ends up on top.",
        },
        "chip_rule_R6": {
            "sv": "En åtta får läggas på vad som helst. Du väljer vad den räknas som.",
            "en": "An eight may be laid on anything. You choose what it counts as.",
        },
        "chip_rule_R7": {
            "sv": "Lägger du ett ess drar alla andra ett kort. Sedan lägger du ett kort till i essets färg.",
            "en": "When you lay an ace, everyone else draws a card. Then you lay one more card of the ace's suit.",
        },
        "chip_rule_R8": {
            "sv": "Kan du inte lägga något drar du ett kort. Du får dra högst tre. Passar inget då står du över.",
            "en": "If you cannot lay a card, you draw one. You may draw at most three. If nothing fits then, you pass.",
        },
        "chip_rule_R9": {
            "sv": "Den som lägger sitt sista kort går ut och vinner omgången.",
            "en": "Whoever lays their last card goes out and wins the round.",
        },
        "chip_rule_R10": {
            "sv": "Tar talongen slut blandas högen om till en ny talong. Kan ingen göra något är omgången låst.",
            "en": "When the talon runs out, the pile is shuffled into a new talon. If nobody can do anything, the round is blocked.",
        },
        "chip_rule_R11": {
            "sv": "Är det första kortet i högen en åtta blandas den tillbaka. Är det ett ess drar alla ett kort.",
            "en": "If the first card of the pile is an eight, it is shuffled back. If it is an ace, everyone draws a card.",
        },
        "chip_rule_V1": {
            "sv": "Du får inte lägga en åtta eller ett ess på en åtta eller ett ess.",
            "en": "You may not lay an eight or an ace on an eight or an ace.",
        },
        "chip_rule_V2": {
            "sv": "Du får inte gå ut med en åtta eller ett ess som sista kort.",
            "en": "You may not go out with an eight or an ace as your last card.",
        },
        "chip_rule_V3": {
            "sv": "Kan du gå ut på nästa tur måste du säga ”lappen”. Glömmer du det drar du tre kort.",
            "en": "If you could go out next turn, you must call “lappen”. If you forget, you draw three cards.",
        },
        "chip_rule_S1": {
            "sv": "Korten du har kvar ger poäng: åtta 25, ess 15, tia, knekt, dam och kung 10, alla andra 5. Ju färre poäng, desto bättre.",
            "en": "The cards you still hold give points: eight 25, ace 15, ten, jack, queen and king 10, all others 5. Fewest points is best.",
        },
        "chip_rule_S2": {
            "sv": "Poängen läggs ihop. Den som kommer upp i 100 är ute. Den som är sist kvar vinner.",
            "en": "The points add up. Whoever reaches 100 is out. The last one left wins.",
        },
        "chip_rule_O1": {
            "sv": "Åttan räknas bara som en färg, inte som en valör.",
            "en": "The eight counts as a suit only, not as a rank.",
        },
        "chip_rule_O2": {
            "sv": "Är det första kortet i högen ett ess blandas det också tillbaka.",
            "en": "If the first card of the pile is an ace, it is shuffled back too.",
        },
        "chip_rule_O3": {
            "sv": "Spelet slutar när någon når 100 poäng. Den som har minst poäng vinner.",
            "en": "The game ends when someone reaches 100 points. Whoever has the fewest points wins.",
        },
        "chip_rule_O4": {
            "sv": "Alla får sju kort, eller fem, i stället för sex.",
            "en": "Everyone gets seven cards, or five, instead of six.",
        },
        "chip_rule_O5": {
            "sv": "Ett kort som du just har dragit får du lägga först på din nästa tur.",
            "en": "A card you have just drawn may only be laid on your next turn.",
        },
        "chip_rule_O6": {
            "sv": "Glömmer du att säga ”lappen” drar du två kort i stället för tre.",
            "en": "If you forget to call “lappen”, you draw two cards instead of three.",
        },
        "chip_rule_O7": {
            "sv": "Spelet slutar när någon kommer över 100 poäng. Den som har minst poäng vinner.",
            "en": "The game ends when someone goes over 100 points. Whoever has the fewest points wins.",
        },
        "chip_rule_O8": {
            "sv": "Du drar bara ett kort. Eller så drar du tills ett kort passar.",
            "en": "You draw only one card. Or you draw until a card fits.",
        },
        "chip_rule_O9": {
            "sv": "Har du tre kort kvar när din tur slutar säger du ”varning”. Glömmer du det drar du kort i straff.",
            "en": "If you have three cards left when your turn ends, you call “varning”. If you forget, you draw cards as a penalty.",
        },
        "chip_rule_O10": {
            "sv": "När någon går ut spelar de andra vidare. Nästa som går ut blir tvåa, sedan trea och så vidare.",
            "en": "When someone goes out, the others play on. The next to go out comes second, then third, and so on.",
        },
        "chip_rule_O11": {
            "sv": "Du får bara lägga en åtta när inget annat kort passar.",
            "en": "You may only lay an eight when no other card fits.",
        },
        "chip_rule_O12": {
            "sv": "Du får bara lägga en åtta i taget, aldrig flera på en gång.",
            "en": "You may lay only one eight at a time, never several at once.",
        },
        "chip_rule_O13": {
            "sv": "Du får inte gå ut med ett ess och kortet efter det.",
            "en": "You may not go out with an ace and the card after it.",
        },
        "chip_rule_O14": {
            "sv": "Säger du ”lappen” för tidigt drar du ett kort i straff.",
            "en": "If you call “lappen” too early, you draw a card as a penalty.",
        },
        # the hard words (docs/glossary.md): the word as the chip shows it, then what it means
        "chip_word_talong": {"sv": "talong", "en": "talon"},
        "chip_word_talong_says": {
            "sv": "Korten som ligger med baksidan upp mitt på bordet. Det är därifrån du drar kort.",
            "en": "The cards lying face down in the middle of the table. You draw your cards from it.",
        },
        "chip_word_hog": {"sv": "hög", "en": "pile"},
        "chip_word_hog_says": {
            "sv": "Korten som ligger med framsidan upp bredvid talongen. Där lägger alla sina kort.",
            "en": "The cards lying face up next to the talon. Everyone lays their cards there.",
        },
        "chip_word_valor": {"sv": "valör", "en": "rank"},
        "chip_word_valor_says": {
            "sv": "Vad det står på kortet: ess, två, tre och så vidare upp till tio, knekt, dam och kung.",
            "en": "What the card is: ace, two, three and so on up to ten, jack, queen and king.",
        },
        "chip_word_farg": {"sv": "färg", "en": "suit"},
        "chip_word_farg_says": {
            "sv": "Tecknet på kortet: spader ♠, hjärter ♥, ruter ♦ eller klöver ♣.",
            "en": "The sign on the card: spades ♠, hearts ♥, diamonds ♦ or clubs ♣.",
        },
        "chip_word_givare": {"sv": "givare", "en": "dealer"},
        "chip_word_givare_says": {
            "sv": "Den som blandar korten och delar ut dem.",
            "en": "The one who shuffles the cards and hands them out.",
        },
        "chip_word_specialkort": {"sv": "specialkort", "en": "special card"},
        "chip_word_specialkort_says": {
            "sv": "Alla åttor och alla ess. De gör något mer än vanliga kort.",
            "en": "Every eight and every ace. They do more than plain cards.",
        },
        "chip_word_joker": {"sv": "joker", "en": "wild"},
        "chip_word_joker_says": {
            "sv": "Ett kort som får läggas på vad som helst.",
            "en": "A card that may be laid on anything.",
        },
        "chip_word_tillaggsregel": {"sv": "tilläggsregel", "en": "additional rule"},
        "chip_word_tillaggsregel_says": {
            "sv": "En extra regel. Den gäller bara om ni slår på den.",
            "en": "An extra rule. It only counts if you switch it on.",
        },
        "chip_word_husregel": {"sv": "husregel", "en": "house rule"},
        "chip_word_husregel_says": {
            "sv": "Ett sätt att spela som en del familjer har. Den gäller bara om ni slår på den.",
            "en": "A way of playing that some families have. It only counts if you switch it on.",
        },
        "chip_word_regelpaket": {"sv": "regelpaket", "en": "preset"},
        "chip_word_regelpaket_says": {
            "sv": "Flera regler som slås på samtidigt.",
            "en": "Several rules switched on at the same time.",
        },
        "chip_word_omgang": {"sv": "omgång", "en": "round"},
        "chip_word_omgang_says": {
            "sv": "Från att korten delas ut tills någon går ut.",
            "en": "From the deal until someone goes out.",
        },
        "chip_word_vinstchans": {"sv": "vinstchans", "en": "chance to win"},
        "chip_word_vinstchans_says": {
            "sv": "Hur ofta man vinner om datorn spelar klart omgången många gånger därifrån.",
            "en": "How often you win when the computer plays the round out many times from there.",
        },
        "chip_word_granska": {"sv": "granska", "en": "review"},
        "chip_word_granska_says": {
            "sv": "Datorn går igenom dragen och säger var ett bättre drag fanns.",
            "en": "The computer goes through the moves and says where a better move was.",
        },
    }
)

# -- the learner's memory (widgets/learner/): rules in a child's words, levels, the path, files ----

UI.update(
    {
        # each rule as a child calls it (the chip beside it carries the rule id); a house rule
        # (O…) goes by the rulebook's title
        "lr_rule_R1": {"sv": "Hur många som spelar", "en": "How many play"},
        "lr_rule_R2": {"sv": "Given", "en": "The deal"},
        "lr_rule_R3": {"sv": "Vems tur det är", "en": "Whose turn it is"},
        "lr_rule_R4": {"sv": "Samma färg eller valör", "en": "Same suit or rank"},
        "lr_rule_R5": {"sv": "Flera kort på en gång", "en": "Several cards at once"},
        "lr_rule_R6": {"sv": "Åttan", "en": "The eight"},
        "lr_rule_R7": {"sv": "Esset", "en": "The ace"},
        "lr_rule_R8": {"sv": "Dra kort", "en": "Drawing cards"},
        "lr_rule_R9": {"sv": "Gå ut", "en": "Going out"},
        "lr_rule_R10": {"sv": "Tom talong", "en": "An empty talon"},
        "lr_rule_R11": {"sv": "Det första kortet", "en": "The first card"},
        "lr_rule_V1": {"sv": "Inget specialkort på specialkort", "en": "No special card on a special card"},
        "lr_rule_V2": {"sv": "Inte gå ut på specialkort", "en": "No going out on a special card"},
        "lr_rule_V3": {"sv": "Lappen", "en": "Lappen"},
        "lr_rule_S1": {"sv": "Kortens poäng", "en": "Card points"},
        "lr_rule_S2": {"sv": "Spelet till 100", "en": "The game to 100"},
        # how well a rule is known, never as a number
        "lr_level_not_started": {"sv": "{rule} – inte provat än", "en": "{rule} – not tried yet"},
        "lr_level_practising": {"sv": "{rule} – öva lite till", "en": "{rule} – practise a little more"},
        "lr_level_nearly": {"sv": "{rule} – nästan!", "en": "{rule} – nearly there!"},
        "lr_level_mastered": {"sv": "{rule} – det kan du!", "en": "{rule} – you know it!"},
        # "Min väg"
        "lr_path_title": {"sv": "Min väg", "en": "My path"},
        "lr_practice_title": {"sv": "Öva på dina misstag", "en": "Practise your mistakes"},
        "lr_lesson": {"sv": "Lektion {n}", "en": "Lesson {n}"},
        "lr_stars": {"sv": "{n} av 3 stjärnor", "en": "{n} of 3 stars"},
        "lr_continue": {"sv": "Fortsätt med lektion {n}", "en": "Go on with lesson {n}"},
        "lr_start": {"sv": "Börja med lektion 1", "en": "Start with lesson 1"},
        "lr_practice_today": {"sv": "{n} saker att öva i dag", "en": "{n} things to practise today"},
        "lr_practice_today_1": {"sv": "En sak att öva i dag", "en": "One thing to practise today"},
        "lr_practice_none": {
            "sv": "Inget att öva i dag – bra jobbat!",
            "en": "Nothing to practise today – well done!",
        },
        "lr_streak": {"sv": "{n} dagar i rad!", "en": "{n} days in a row!"},
        "lr_days": {"sv": "Du har övat {n} dagar", "en": "You have practised on {n} days"},
        "lr_days_1": {"sv": "Du har övat en dag", "en": "You have practised on one day"},
        "lr_first_day": {"sv": "Välkommen! Här börjar din väg.", "en": "Welcome! Your path starts here."},
        "lr_praise_star": {"sv": "Snyggt! Du fick en stjärna!", "en": "Nice! You earned a star!"},
        "lr_praise_lesson": {
            "sv": "Hela lektionen klar – bra jobbat!",
            "en": "The whole lesson done – great work!",
        },
        "lr_praise_mastered": {"sv": "{rule} – nu kan du den!", "en": "{rule} – now you know it!"},
        # the practice questions (vandatta.ai.drills: each drill's task)
        "lr_task_lay_allowed": {
            "sv": "Bara ett av dina kort får läggas här. Lägg det!",
            "en": "Only one of your cards may be laid here. Lay it!",
        },
        "lr_task_group": {
            "sv": "Lägg flera kort på en gång.",
            "en": "Lay several cards at once.",
        },
        "lr_task_follow_ace": {
            "sv": "Esset ligger överst. Vilket kort lägger du nu?",
            "en": "The ace is on top. Which card do you lay now?",
        },
        "lr_task_nothing_fits": {
            "sv": "Inget av dina kort passar. Vad gör du nu?",
            "en": "None of your cards fits. What do you do now?",
        },
        "lr_task_go_out": {"sv": "Gå ut på den här turen.", "en": "Go out this turn."},
        "lr_task_after_special": {
            "sv": "Ditt sista kort var ett specialkort. Vad gör du nu?",
            "en": "Your last card was a special card. What do you do now?",
        },
        "lr_task_call": {
            "sv": "Lägg ett kort – och glöm inte att säga det du ska!",
            "en": "Lay a card – and do not forget to call what you should!",
        },
        # the practice questions about what no single move decides (vandatta.ai.drills.Question)
        "lr_task_decks": {
            "sv": "Ni är {players} som ska spela. Hur många kort blandar ni?",
            "en": "There are {players} of you playing. How many cards do you shuffle?",
        },
        "lr_task_talon": {
            "sv": "Ni är {players} spelare. Alla har fått sina kort, och ett kort är vänt upp. "
            "Hur många kort är kvar i talongen?",
            "en": "There are {players} players. Everyone has their cards, and one card is turned up. "
            "How many cards are left in the talon?",
        },
        "lr_task_first_player": {
            "sv": "Ni är {players} spelare, och Spelare {dealer} delar ut. Vem lägger det första kortet?",
            "en": "There are {players} players, and Player {dealer} deals. Who lays the first card?",
        },
        "lr_task_starter": {
            "sv": "Korten är utdelade, och det första kortet som vänds upp är {card}. Vad händer nu?",
            "en": "The cards are dealt, and the first card turned up is {card}. What happens now?",
        },
        "lr_task_points": {
            "sv": "Omgången är slut, och de här korten är kvar på din hand. Hur många poäng får du?",
            "en": "The round is over, and these cards are left in your hand. How many points do you get?",
        },
        "lr_task_out": {
            "sv": "Ni spelar till 100. Här är poängen före omgången och poängen i omgången. "
            "Vem är ute ur spelet nu?",
            "en": "You are playing to 100. Here are the points before the round and the points in the "
            "round. Who is out of the game now?",
        },
        "lr_q_back": {
            "sv": "Det blandas in i talongen igen, och ett nytt kort vänds upp",
            "en": "It is shuffled back into the talon, and a new card is turned up",
        },
        "lr_q_draw": {"sv": "Alla drar ett kort", "en": "Everyone draws one card"},
        "lr_q_play": {"sv": "Spelet börjar på det kortet", "en": "Play starts on that card"},
        "lr_q_player": {"sv": "Spelare {n}", "en": "Player {n}"},
        "lr_q_before": {"sv": "Före omgången", "en": "Before the round"},
        "lr_q_round": {"sv": "I omgången", "en": "In the round"},
        "lr_q_wrong": {
            "sv": "Inte riktigt. Rätt svar: {answer}",
            "en": "Not quite. The right answer: {answer}",
        },
        # profiles on one device, and the file to keep them in
        "lr_name_empty": {"sv": "Skriv ett namn.", "en": "Write a name."},
        "lr_name_long": {
            "sv": "Namnet får ha högst {n} tecken.",
            "en": "A name may have at most {n} characters.",
        },
        "lr_name_taken": {"sv": "Det namnet finns redan här.", "en": "That name is already here."},
        "lr_picture_unknown": {"sv": "Välj en av bilderna.", "en": "Choose one of the pictures."},
        "lr_no_profile": {"sv": "Den profilen finns inte här.", "en": "That profile is not here."},
        "lr_too_many_profiles": {
            "sv": "Här får det finnas högst {n} profiler.",
            "en": "There can be at most {n} profiles here.",
        },
        "lr_file_damaged": {
            "sv": "Filen går inte att läsa – den kan vara trasig. Inget har ändrats.",
            "en": "The file cannot be read – it may be damaged. Nothing has changed.",
        },
        "lr_file_foreign": {
            "sv": "Det här är ingen Vändåtta-fil med det du har lärt dig. Inget har ändrats.",
            "en": "This is not a Vändåtta file of what you have learned. Nothing has changed.",
        },
        "lr_file_newer": {
            "sv": "Filen kommer från en nyare version av appen. Inget har ändrats.",
            "en": "The file comes from a newer version of the app. Nothing has changed.",
        },
        "lr_file_too_big": {
            "sv": "Filen är för stor för att vara en Vändåtta-fil. Inget har ändrats.",
            "en": "The file is too big to be a Vändåtta file. Nothing has changed.",
        },
    }
)

# -- "Min väg" / "My path" (widgets/path/): profiles, the device's storage, practice, praise ------

UI.update(
    {
        "pa_default_name": {"sv": "Jag", "en": "Me"},
        "pa_tab": {"sv": "Min väg", "en": "My path"},
        "pa_back_to_path": {"sv": "← Tillbaka till Min väg", "en": "← Back to My path"},
        "pa_privacy": {
            "sv": "Det här sparas bara på den här enheten, i webbläsaren: ditt namn, din bild och dina "
            "svar. Inget skickas någon annanstans. Rensas webbläsaren försvinner det – spara det då "
            "till en fil först.",
            "en": "This is kept only on this device, in the browser: your name, your picture and your "
            "answers. Nothing is sent anywhere else. If the browser is cleared, it is gone – so save it "
            "to a file first.",
        },
        "pa_loading": {"sv": "Hämtar det du har gjort …", "en": "Fetching what you have done …"},
        "pa_not_ready": {
            "sv": "Sidan hämtar fortfarande det du har gjort. Försök igen om en liten stund.",
            "en": "The page is still fetching what you have done. Try again in a moment.",
        },
        "pa_unavailable": {
            "sv": "Den här webbläsaren låter inte appen spara något (kanske privat läge). Du kan spela "
            "och öva ändå, men det sparas inte när sidan stängs.",
            "en": "This browser does not let the app save anything (private mode, perhaps). You can "
            "play and practise anyway, but it is not kept when the page closes.",
        },
        "pa_full": {
            "sv": "Enheten har inte plats för mer, så det senaste sparades inte. Spara till en fil, "
            "eller ta bort en profil som inte används.",
            "en": "The device has no room for more, so the latest was not saved. Save to a file, or "
            "delete a profile nobody uses.",
        },
        "pa_who": {"sv": "Vem spelar?", "en": "Who is playing?"},
        "pa_choose": {"sv": "Välj {name}", "en": "Choose {name}"},
        "pa_new": {"sv": "Ny spelare", "en": "New player"},
        "pa_name": {"sv": "Ditt namn", "en": "Your name"},
        "pa_picture": {"sv": "Välj en bild", "en": "Choose a picture"},
        "pa_add": {"sv": "Lägg till", "en": "Add"},
        "pa_added": {
            "sv": "Hej {name}! Nu sparas det du gör under ditt namn.",
            "en": "Hi {name}! What you do is now kept under your name.",
        },
        "pa_save_file": {"sv": "Spara till en fil", "en": "Save to a file"},
        "pa_open_file": {"sv": "Läs in en sparad fil", "en": "Open a saved file"},
        "pa_imported": {"sv": "{name} är inläst från filen.", "en": "{name} was read from the file."},
        "pa_file_refused": {
            "sv": "Filen ”{name}” är för stor för att vara en Vändåtta-fil. Inget har ändrats.",
            "en": "The file “{name}” is too big to be a Vändåtta file. Nothing has changed.",
        },
        "pa_delete": {"sv": "Ta bort {name}", "en": "Delete {name}"},
        "pa_delete_ask": {
            "sv": "Ta bort {name} och allt {name} har gjort på den här enheten? Det går inte att ångra.",
            "en": "Delete {name} and everything {name} has done on this device? It cannot be undone.",
        },
        "pa_delete_yes": {"sv": "Ja, ta bort", "en": "Yes, delete"},
        "pa_delete_no": {"sv": "Nej, behåll", "en": "No, keep"},
        "pa_deleted": {
            "sv": "{name} är borttagen från den här enheten.",
            "en": "{name} was deleted from this device.",
        },
        "pa_lessons": {"sv": "Lektionerna", "en": "The lessons"},
        "pa_rules": {"sv": "Reglerna du har provat", "en": "The rules you have tried"},
        "pa_rules_none": {
            "sv": "När du har svarat i en lektion syns reglerna här.",
            "en": "Once you have answered in a lesson, the rules show here.",
        },
        "pa_practice_go": {"sv": "Öva nu", "en": "Practise now"},
        "pa_practice_next": {"sv": "Nästa", "en": "Next"},
        "pa_practice_done": {
            "sv": "Klart för i dag – bra övat!",
            "en": "Done for today – good practice!",
        },
        "pa_practice_lesson": {
            "sv": "Det här övar du bäst i lektion {n}. Läs där igen och svara en gång till.",
            "en": "You practise this best in lesson {n}. Read it again there and answer once more.",
        },
        "pa_practice_again": {
            "sv": "Det här övar du i en lektion: läs om regeln där och svara igen.",
            "en": "You practise this in a lesson: read the rule again there and answer once more.",
        },
        "pa_puzzles": {"sv": "Pussel på din nivå", "en": "Puzzles at your level"},
        "pa_puzzles_where": {
            "sv": "Du hittar dem under Pussel: nivå {level}.",
            "en": "You find them under Puzzles: level {level}.",
        },
        "pa_puzzles_go": {"sv": "Till pusslen ▶", "en": "To the puzzles ▶"},
        "pa_pic_fox": {"sv": "Räv", "en": "Fox"},
        "pa_pic_owl": {"sv": "Uggla", "en": "Owl"},
        "pa_pic_cat": {"sv": "Katt", "en": "Cat"},
        "pa_pic_bear": {"sv": "Björn", "en": "Bear"},
        "pa_pic_frog": {"sv": "Groda", "en": "Frog"},
        "pa_pic_rabbit": {"sv": "Kanin", "en": "Rabbit"},
        "pa_pic_hedgehog": {"sv": "Igelkott", "en": "Hedgehog"},
        "pa_pic_moose": {"sv": "Älg", "en": "Moose"},
        "pa_pic_seal": {"sv": "Säl", "en": "Seal"},
        "pa_pic_bee": {"sv": "Bi", "en": "Bee"},
        "pa_pic_fish": {"sv": "Fisk", "en": "Fish"},
        "pa_pic_bird": {"sv": "Fågel", "en": "Bird"},
    }
)

# The class on the server (vandatta_widgets.server, issue 42): what a teacher or a pupil is told.
UI.update(
    {
        "kl_name_empty": {
            "sv": "Skriv klassens namn, till exempel 4B.",
            "en": "Write the class's name, for example 4B.",
        },
        "kl_name_long": {
            "sv": "Klassens namn får vara högst {n} tecken.",
            "en": "The class's name can be at most {n} characters.",
        },
        "kl_try_again": {
            "sv": "Det gick inte just nu. Försök igen.",
            "en": "That did not work just now. Try again.",
        },
        "kl_not_teacher": {
            "sv": "Det här får bara klassens lärare göra.",
            "en": "Only the class's teacher can do this.",
        },
        "kl_no_class": {
            "sv": "Det finns ingen klass med den koden. Titta på koden igen.",
            "en": "There is no class with that code. Look at the code again.",
        },
        "kl_no_pupil": {"sv": "Den eleven finns inte i klassen.", "en": "That pupil is not in the class."},
        "kl_pick_pictures": {
            "sv": "Välj {n} olika bilder.",
            "en": "Pick {n} different pictures.",
        },
        "kl_name_taken": {
            "sv": "Någon i klassen heter redan {name}. Välj ett annat namn.",
            "en": "Someone in the class is already called {name}. Pick another name.",
        },
        "kl_wrong_pictures": {
            "sv": "Det är inte dina bilder. Försök igen, eller fråga din lärare.",
            "en": "Those are not your pictures. Try again, or ask your teacher.",
        },
        "kl_pictures_reset": {
            "sv": "{name}, din lärare har gett dig nya bilder att välja. Välj två bilder.",
            "en": "{name}, your teacher has let you choose new pictures. Pick two pictures.",
        },
        "kl_slow_down": {
            "sv": "Många har provat just nu. Vänta en minut och försök igen.",
            "en": "Many tries just now. Wait a minute and try again.",
        },
        "kl_not_signed_in": {
            "sv": "Logga in i skolans Jupyter först.",
            "en": "Sign in to the school's Jupyter first.",
        },
        "kl_pick_nickname": {
            "sv": "Välj ett namn som klassen ser dig som.",
            "en": "Pick a name the class will see you as.",
        },
        "kl_signed_out": {
            "sv": "Du är inte inloggad i klassen längre. Logga in med dina bilder.",
            "en": "You are no longer signed in to the class. Sign in with your pictures.",
        },
        "kl_bad_events": {
            "sv": "Det du har gjort kunde inte skickas. Det finns kvar här och skickas senare.",
            "en": "What you have done could not be sent. It is kept here and sent later.",
        },
        "kl_bad_assignment": {
            "sv": "Uppdraget saknar något: välj vad som ska göras och ett datum som inte har varit.",
            "en": "The assignment is missing something: choose what to do and a date still to come.",
        },
        "kl_bad_request": {
            "sv": "Det där förstod inte servern. Ladda om sidan och försök igen.",
            "en": "The server did not understand that. Reload the page and try again.",
        },
    }
)

# The pupil's page for joining a class (widgets/server/join.js).
UI.update(
    {
        "kj_title": {"sv": "Gå med i klassen", "en": "Join your class"},
        "kj_code": {"sv": "Klassens kod", "en": "The class's code"},
        "kj_nickname": {"sv": "Ditt namn i klassen", "en": "Your name in the class"},
        "kj_pictures": {
            "sv": "Dina bilder: tryck på två bilder, först den ena och sedan den andra.",
            "en": "Your pictures: tap two pictures, first one and then the other.",
        },
        "kj_first": {"sv": "Först", "en": "First"},
        "kj_second": {"sv": "Sedan", "en": "Then"},
        "kj_again": {"sv": "Välj bilder igen", "en": "Choose pictures again"},
        "kj_join": {"sv": "Gå med", "en": "Join"},
        "kj_sign_in": {"sv": "Jag är redan med", "en": "I have joined before"},
        "kj_joined": {
            "sv": "Klart! Du är med i klassen som {name}.",
            "en": "Done! You are in the class as {name}.",
        },
        "kj_remember": {
            "sv": "Kom ihåg dina bilder i rätt ordning. Du behöver dem på en annan dator eller surfplatta.",
            "en": "Remember your pictures in the right order. You need them on another computer or tablet.",
        },
        "kj_sign_out": {"sv": "Logga ut från klassen", "en": "Sign out of the class"},
        "kj_other_lang": {"sv": "In English", "en": "På svenska"},
        "kj_wait": {"sv": "Ett ögonblick …", "en": "Just a moment …"},
        "kj_offline": {
            "sv": "Servern svarar inte just nu. Försök igen om en stund.",
            "en": "The server does not answer just now. Try again in a while.",
        },
        "kj_next": {"sv": "Fortsätt", "en": "Next"},
        "kj_your_pictures": {
            "sv": "Hej {name}! Tryck på dina två bilder, i rätt ordning.",
            "en": "Hi {name}! Tap your two pictures, in the right order.",
        },
        "kj_new_name": {
            "sv": "{name} är ett nytt namn i klassen. Välj två bilder som du kommer ihåg, först den ena och sedan den andra.",
            "en": "{name} is a new name in the class. Choose two pictures you will remember, first one and then the other.",
        },
        "kj_enter": {"sv": "Logga in", "en": "Sign in"},
        "kj_change_name": {"sv": "Ändra namnet", "en": "Change the name"},
        "kj_hub_note": {
            "sv": "Du är redan inloggad i skolans Jupyter, så du behöver inga bilder. Namnet behövs bara första gången.",
            "en": "You are already signed in to the school's Jupyter, so you need no pictures. The name is only needed the first time.",
        },
        "kj_hub_remember": {
            "sv": "Nästa gång räcker det att du loggar in i skolans Jupyter.",
            "en": "Next time, signing in to the school's Jupyter is enough.",
        },
    }
)

# The class on the child's path (widgets/path/sync.py, view.py): joining, sending, assignments.
UI.update(
    {
        "pa_class_title": {"sv": "Gå med i en klass", "en": "Join a class"},
        "pa_class_intro": {
            "sv": "Har din lärare gett dig en kod? Skriv den här, välj ditt namn och två bilder.",
            "en": "Has your teacher given you a code? Write it here, choose your name and two pictures.",
        },
        "pa_class_yours": {"sv": "Din klass", "en": "Your class"},
        "pa_class_in": {
            "sv": "Du är med i klassen {code} som {name}.",
            "en": "You are in the class {code} as {name}.",
        },
        "pa_class_sent": {
            "sv": "Det du gör skickas till din lärare.",
            "en": "What you do is sent to your teacher.",
        },
        "pa_class_kept": {
            "sv": "Du är inte på nätet just nu. Det du gör sparas här och skickas sedan.",
            "en": "You are offline just now. What you do is kept here and sent later.",
        },
        "pa_class_offline": {
            "sv": "Du är inte på nätet just nu. Försök igen när du är det.",
            "en": "You are offline just now. Try again when you are online.",
        },
        "pa_class_out": {
            "sv": "Du är inte med i klassen {code} längre. Allt du har gjort finns kvar här. "
            "Fråga din lärare om du ska gå med igen.",
            "en": "You are no longer in the class {code}. Everything you have done is still here. "
            "Ask your teacher if you should join again.",
        },
        "pa_class_hub": {
            "sv": "Öppna klassens sida en gång, så är du inloggad där:",
            "en": "Open the class's page once, and you are signed in there:",
        },
        "pa_class_page": {"sv": "Klassens sida", "en": "The class's page"},
        "pa_tasks": {"sv": "Uppdrag från din lärare", "en": "From your teacher"},
        "pa_task_lessons": {"sv": "Gör lektion {lessons}", "en": "Do lesson {lessons}"},
        "pa_task_puzzle": {"sv": "Lös 1 pussel på nivå {level}", "en": "Solve 1 puzzle at level {level}"},
        "pa_task_puzzles": {
            "sv": "Lös {count} pussel på nivå {level}",
            "en": "Solve {count} puzzles at level {level}",
        },
        "pa_task_round": {
            "sv": "Spela en omgång mot datorn ({level})",
            "en": "Play a round against the computer ({level})",
        },
        "pa_task_due": {"sv": "senast {date}", "en": "by {date}"},
        "pa_task_done": {"sv": "Klart!", "en": "Done!"},
        "pa_task_todo": {"sv": "Att göra", "en": "To do"},
        "pa_and": {"sv": "och", "en": "and"},
    }
)

# The teacher's pages of a class (widgets/server/teacher.js): plain words for a teacher.
UI.update(
    {
        "kt_title": {"sv": "Klassöversikt – Vändåtta", "en": "Class overview – Vändåtta"},
        "kt_make": {"sv": "Gör en ny klass", "en": "Make a new class"},
        "kt_class_name": {"sv": "Klassens namn", "en": "The class's name"},
        "kt_make_button": {"sv": "Gör klassen", "en": "Make the class"},
        "kt_open": {"sv": "Öppna en klass du redan har", "en": "Open a class you already have"},
        "kt_open_text": {
            "sv": "På en annan dator: skriv klassens kod och din lärarnyckel.",
            "en": "On another computer: type the class's code and your teacher's key.",
        },
        "kt_key": {"sv": "Lärarnyckel", "en": "Teacher's key"},
        "kt_open_button": {"sv": "Öppna klassen", "en": "Open the class"},
        "kt_yours": {"sv": "Dina klasser på den här datorn", "en": "Your classes on this computer"},
        "kt_made": {"sv": "Klassen {name} är klar", "en": "The class {name} is ready"},
        "kt_key_note": {
            "sv": "Skriv upp lärarnyckeln och visa den inte för eleverna. Med den kan du öppna klassen "
            "på en annan dator. Den här datorn kommer ihåg den.",
            "en": "Write the teacher's key down and do not show it to the pupils. With it you can open "
            "the class on another computer. This computer remembers it.",
        },
        "kt_to_overview": {"sv": "Till klassöversikten", "en": "To the class overview"},
        "kt_wait": {"sv": "Ett ögonblick …", "en": "Just a moment …"},
        "kt_offline": {
            "sv": "Servern svarar inte just nu. Försök igen om en stund.",
            "en": "The server does not answer just now. Try again in a while.",
        },
        "kt_overview_of": {"sv": "Klassöversikt: {name}", "en": "Class overview: {name}"},
        "kt_sections": {"sv": "Delar av klassöversikten", "en": "Parts of the class overview"},
        "kt_overview": {"sv": "Översikt", "en": "Overview"},
        "kt_cards": {"sv": "Inloggningskort", "en": "Sign-in cards"},
        "kt_tasks": {"sv": "Uppdrag", "en": "Assignments"},
        "kt_class_settings": {"sv": "Klassen och integritet", "en": "The class and privacy"},
        "kt_refresh": {"sv": "Hämta det senaste", "en": "Get the latest"},
        "kt_updated": {
            "sv": "Uppdaterad {time} (av sig själv var {n}:e sekund)",
            "en": "Updated {time} (by itself every {n} seconds)",
        },
        "kt_names": {"sv": "Visa namn", "en": "Show names"},
        "kt_pupil_n": {"sv": "Elev {n}", "en": "Pupil {n}"},
        "kt_pupil": {"sv": "Elev", "en": "Pupil"},
        "kt_no_pupils": {
            "sv": "Inga elever ännu. Gör inloggningskort eller låt eleverna gå med med klassens kod.",
            "en": "No pupils yet. Make sign-in cards or let the pupils join with the class's code.",
        },
        "kt_progress": {"sv": "Hur långt eleverna har kommit", "en": "How far the pupils have come"},
        "kt_lessons": {"sv": "Lektioner (stjärnor)", "en": "Lessons (stars)"},
        "kt_not_done": {"sv": "inte gjord", "en": "not done"},
        "kt_rules": {"sv": "Reglerna", "en": "The rules"},
        "kt_legend": {"sv": "Tecknen i tabellen", "en": "The signs in the table"},
        "kt_rules_untried": {
            "sv": "Ingen har provat de här reglerna än:",
            "en": "Nobody has tried these rules yet:",
        },
        "kt_level_mastered": {"sv": "kan regeln", "en": "knows the rule"},
        "kt_level_nearly": {"sv": "nästan", "en": "nearly there"},
        "kt_level_practising": {"sv": "övar fortfarande", "en": "still practising"},
        "kt_level_not_started": {"sv": "inte provat än", "en": "not tried yet"},
        "kt_mistakes": {
            "sv": "Vanligaste misstagen den här veckan",
            "en": "The most common mistakes this week",
        },
        "kt_no_mistakes": {"sv": "Inga misstag den här veckan.", "en": "No mistakes this week."},
        "kt_mistake_count": {"sv": "{n} gånger, av {pupils} elever", "en": "{n} times, by {pupils} pupils"},
        "kt_ask": {"sv": "Vad skulle du spela?", "en": "What would you play?"},
        "kt_reveal": {"sv": "Visa svaret", "en": "Show the answer"},
        "kt_back": {"sv": "Tillbaka till översikten", "en": "Back to the overview"},
        "kt_ex_top": {"sv": "Överst i högen ligger {card}.", "en": "On top of the pile is {card}."},
        "kt_ex_top_eight": {
            "sv": "Överst i högen ligger {card}, som räknas som {decl}.",
            "en": "On top of the pile is {card}, which counts as {decl}.",
        },
        "kt_ex_follow": {
            "sv": "Esset måste följas av ett kort i {suit}.",
            "en": "The ace must be followed by a card in {suit}.",
        },
        "kt_ex_hand": {"sv": "Du har {cards}.", "en": "You have {cards}."},
        "kt_ex_drawn": {"sv": "Du har redan dragit {n} kort.", "en": "You have already drawn {n} cards."},
        "kt_someone": {"sv": "Någon i klassen", "en": "Someone in the class"},
        "kt_the_pupil": {"sv": "Eleven", "en": "The pupil"},
        "kt_ex_laid": {"sv": "{who} lade {cards}.", "en": "{who} laid {cards}."},
        "kt_ex_counts_as": {"sv": "{cards}, som räknas som {decl}", "en": "{cards}, which counts as {decl}"},
        "kt_ex_drew": {"sv": "{who} drog ett kort.", "en": "{who} drew a card."},
        "kt_ex_passed": {"sv": "{who} stod över.", "en": "{who} passed."},
        "kt_ex_not_allowed": {"sv": "Det fick man inte.", "en": "That was not allowed."},
        "kt_ex_better": {
            "sv": "Det fick man, men det fanns ett bättre drag.",
            "en": "That was allowed, but there was a better move.",
        },
        "kt_path": {"sv": "Elevens väg", "en": "The pupil's path"},
        "kt_recent": {"sv": "Senaste misstagen", "en": "Recent mistakes"},
        "kt_no_mistakes_pupil": {"sv": "Inga misstag ännu.", "en": "No mistakes yet."},
        "kt_new_pictures": {"sv": "Nya bilder (nytt kort)", "en": "New pictures (new card)"},
        "kt_new_pictures_sure": {
            "sv": "Ge {name} två nya bilder? {name} loggas ut på sina enheter och loggar in med det nya kortet.",
            "en": "Give {name} two new pictures? {name} is signed out on their devices and signs in with the new card.",
        },
        "kt_new_card": {
            "sv": "{name} har fått nya bilder. Skriv ut det nya kortet.",
            "en": "{name} has new pictures. Print the new card.",
        },
        "kt_export_json": {"sv": "Ladda ner elevens data (JSON)", "en": "Download the pupil's data (JSON)"},
        "kt_export_csv": {"sv": "Ladda ner elevens data (CSV)", "en": "Download the pupil's data (CSV)"},
        "kt_delete_pupil": {"sv": "Ta bort eleven", "en": "Delete the pupil"},
        "kt_delete_pupil_sure": {
            "sv": "Ta bort {name} och allt om {name}? Det går inte att ångra.",
            "en": "Delete {name} and everything about them? This cannot be undone.",
        },
        "kt_cards_text": {
            "sv": "Skriv elevernas namn i klassen (ett smeknamn räcker). Varje elev får två bilder i "
            "en bestämd ordning. Skriv ut korten, klipp isär dem och dela ut dem.",
            "en": "Write the pupils' names in the class (a nickname is enough). Each pupil gets two "
            "pictures in a set order. Print the cards, cut them apart and hand them out.",
        },
        "kt_names_label": {"sv": "Namn, ett på varje rad", "en": "Names, one on each line"},
        "kt_make_cards": {"sv": "Gör kort", "en": "Make cards"},
        "kt_names_empty": {"sv": "Skriv minst ett namn.", "en": "Write at least one name."},
        "kt_cards_made": {"sv": "{n} kort är klara.", "en": "{n} cards are ready."},
        "kt_print": {"sv": "Skriv ut korten", "en": "Print the cards"},
        "kt_print_note": {
            "sv": "Bilderna visas bara nu. Ger du en elev nya bilder kan du skriva ut ett nytt kort.",
            "en": "The pictures are only shown now. If you give a pupil new pictures you can print a new card.",
        },
        "kt_card_sheet": {"sv": "Inloggningskorten", "en": "The sign-in cards"},
        "kt_card_first": {"sv": "1:a", "en": "1st"},
        "kt_card_then": {"sv": "2:a", "en": "2nd"},
        "kt_card_how": {
            "sv": "Skriv adressen, sedan ditt namn, och tryck på dina två bilder i rätt ordning.",
            "en": "Type the address, then your name, and tap your two pictures in the right order.",
        },
        "kt_card_go": {"sv": "Gå till", "en": "Go to"},
        "kt_all_pupils": {"sv": "Alla elever", "en": "All pupils"},
        "kt_new_task": {"sv": "Ge ett nytt uppdrag", "en": "Give a new assignment"},
        "kt_task_kind": {"sv": "Vad ska eleverna göra?", "en": "What should the pupils do?"},
        "kt_kind_lessons": {"sv": "Lektioner", "en": "Lessons"},
        "kt_kind_puzzles": {"sv": "Pussel", "en": "Puzzles"},
        "kt_kind_round": {"sv": "En runda mot datorn", "en": "A round against the computer"},
        "kt_which_lessons": {"sv": "Vilka lektioner?", "en": "Which lessons?"},
        "kt_level_n": {"sv": "Nivå {n}", "en": "Level {n}"},
        "kt_puzzle_level": {"sv": "Nivå", "en": "Level"},
        "kt_puzzle_count": {"sv": "Hur många pussel", "en": "How many puzzles"},
        "kt_computer": {"sv": "Datorspelare", "en": "Computer player"},
        "kt_due_label": {"sv": "Klart senast", "en": "Done by"},
        "kt_give_task": {"sv": "Ge uppdraget", "en": "Give the assignment"},
        "kt_task_given": {"sv": "Uppdraget är givet.", "en": "The assignment is given."},
        "kt_task_lessons": {"sv": "Lektion {lessons}", "en": "Lesson {lessons}"},
        "kt_task_puzzles": {"sv": "{count} pussel på nivå {level}", "en": "{count} puzzles at level {level}"},
        "kt_task_round": {"sv": "En runda mot {level}", "en": "A round against {level}"},
        "kt_due": {"sv": "senast {date}", "en": "by {date}"},
        "kt_task_done": {"sv": "klart", "en": "done"},
        "kt_task_not_done": {"sv": "inte klart än", "en": "not done yet"},
        "kt_tasks_who": {"sv": "Vem har gjort uppdragen?", "en": "Who has done the assignments?"},
        "kt_done_count": {"sv": "{n} av {m} klara", "en": "{n} of {m} done"},
        "kt_remove_task": {"sv": "Ta bort", "en": "Remove"},
        "kt_no_tasks": {"sv": "Inga uppdrag ännu.", "en": "No assignments yet."},
        "kt_privacy": {"sv": "Vad som sparas", "en": "What is kept"},
        "kt_privacy_text": {
            "sv": "Servern sparar elevernas smeknamn, en krypterad form av deras bilder och vad de har "
            "svarat i lektioner och pussel – på skolans egen dator, i högst sex månader. Bara du ser "
            "klassöversikten. Du kan ladda ner eller ta bort en elevs data på elevens sida.",
            "en": "The server keeps the pupils' nicknames, a scrambled form of their pictures and what "
            "they answered in lessons and puzzles – on the school's own computer, for at most six months. "
            "Only you see the class overview. You can download or delete a pupil's data on their page.",
        },
        "kt_show_key": {"sv": "Visa lärarnyckeln", "en": "Show the teacher's key"},
        "kt_forget": {"sv": "Glöm klassen på den här datorn", "en": "Forget the class on this computer"},
        "kt_end_class": {"sv": "Avsluta klassen", "en": "End the class"},
        "kt_end_sure": {
            "sv": "Avsluta {name}? Allt om klassen och eleverna tas bort. Det går inte att ångra.",
            "en": "End {name}? Everything about the class and its pupils is deleted. This cannot be undone.",
        },
        "kt_ended": {
            "sv": "Klassen är avslutad och allt om den är borttaget.",
            "en": "The class is ended and everything about it is deleted.",
        },
    }
)
