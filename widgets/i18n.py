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
    "wins_round": {"sv": "{player} går ut och vinner omgången!", "en": "{player} goes out and wins the round!"},
    "blocked": {"sv": "Omgången är låst – ingen kan lägga eller dra.", "en": "The round is blocked – nobody can lay or draw."},
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


def language_switch(value: str = "sv") -> w.ToggleButtons:
    """The sv/en switch every composite view carries."""
    return w.ToggleButtons(
        options=[("Svenska", "sv"), ("English", "en")],
        value=value,
        tooltips=["Byt till svenska", "Switch to English"],
        style={"button_width": "80px"},
        layout=w.Layout(width="auto"),
    )
