"""The words: one catalog per layer (the engine's vandatta.messages, the widgets'
widgets/base/i18n.py), every key in Swedish and English; rule ids carried as data; each rule's code
found by one search; and explanations that say exactly what happens, in words a child knows."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import vandatta as v
from tests.helpers.positions import position_builder
from vandatta import ai, explain, messages, svg
from vandatta.messages import CITES, MESSAGES
from vandatta.rules import RULE_IDS

ROOT = Path(__file__).resolve().parent.parent
C = v.Card.parse
CITATION = re.compile(r"\((?:[RVSO]\d+)(?:, [RVSO]\d+)*\)")


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _catalogs() -> dict[str, dict[str, dict[str, str]]]:
    from vandatta_widgets.base.i18n import UI

    return {
        "vandatta.messages.MESSAGES": MESSAGES,
        "vandatta.messages.RULE_TITLES": messages.RULE_TITLES,
        "widgets.base.i18n.UI": UI,
    }


@pytest.mark.parametrize(
    "name", ["vandatta.messages.MESSAGES", "vandatta.messages.RULE_TITLES", "widgets.base.i18n.UI"]
)
def test_every_key_of_each_catalog_is_in_swedish_and_english(name):
    catalog = _catalogs()[name]
    assert catalog, name
    for key, entry in catalog.items():
        assert set(entry) == {"sv", "en"}, f"{name}[{key!r}] has {sorted(entry)}"
        assert entry["sv"].strip() and entry["en"].strip(), f"{name}[{key!r}] is empty"
        assert _fields(entry["sv"]) == _fields(entry["en"]), f"{name}[{key!r}]: the fields differ"


def test_the_pictures_captions_and_the_word_lists_have_both_languages():
    assert set(svg.TEXT) == {"sv", "en"} and set(svg.TEXT["sv"]) == set(svg.TEXT["en"])
    for table in (
        messages.NUMBERS,
        messages.ORDINALS,
        messages.SUIT_WORDS,
        messages.RANK_WORDS,
        messages.RANK_PLURALS,
    ):
        assert set(table) == {"sv", "en"} and len(table["sv"]) == len(table["en"])


def test_a_told_about_form_exists_only_beside_its_own_sentence():
    for key in MESSAGES:
        if key.endswith(".actor"):
            base = key.removesuffix(".actor")
            assert base in MESSAGES, key
            assert "actor" in _fields(MESSAGES[key]["en"]) and "actor" in _fields(MESSAGES[key]["sv"])


# -- rule ids as data ------------------------------------------------------------------------------


def test_rule_ids_are_data_not_text():
    for key, entry in MESSAGES.items():
        for lang, text in entry.items():
            assert not CITATION.search(text), f"{key}/{lang} writes its rule ids into the text: {text}"
    for key, ids in CITES.items():
        assert key in MESSAGES and ids and set(ids) <= set(RULE_IDS), key


def test_the_rules_of_a_verdict_do_not_change_with_a_translation(monkeypatch):
    g = v.Game.from_position(hands=["K♠ 5♥", "4♦"], top="7♥", talon="9♠")
    assert g.check("K♠").rules == ("R4",)
    monkeypatch.setitem(MESSAGES, "no_match", {"en": "nope (R9, V3)", "sv": "nej (S2)"})
    verdict = g.check("K♠")
    assert verdict.rules == ("R4",) and verdict.text("en") == "Nope (R9, V3) (R4)."
    for reason in g.check("5♥").reasons:
        assert reason.rules == CITES.get(reason.key, ())


def test_each_rule_s_code_is_found_by_one_search():
    """``grep -rn "rule R7" vandatta/`` lands on the code of R7: every rule id of the rulebook
    has such a tag, and every tag names a rule that exists."""
    sources = {p: p.read_text(encoding="utf-8") for p in (ROOT / "vandatta").rglob("*.py")}
    tags: dict[str, list[str]] = {}
    for path, text in sources.items():
        for line in text.splitlines():
            comment = line.partition("#")[2]
            for rule_id in re.findall(r"\brule ([RVSO]\d+)\b", comment):
                tags.setdefault(rule_id, []).append(path.name)
    assert set(RULE_IDS) <= set(tags), (
        f"rules without a '# rule X' tag in the code: {set(RULE_IDS) - set(tags)}"
    )
    assert set(tags) <= set(RULE_IDS), f"tags naming no rule: {set(tags) - set(RULE_IDS)}"


# -- words a child reads ----------------------------------------------------------------------------

_AVOID_SV = re.compile(r"\b(frö|fröet|motor\w*|skyldig\w*|parti(et|er)?)\b", re.IGNORECASE)
_AVOID_EN = re.compile(r"\b(seeds?|engines?)\b", re.IGNORECASE)


def _engine_texts() -> list[tuple[str, str, str]]:
    out = []
    for key, entry in MESSAGES.items():
        out += [(key, lang, text) for lang, text in entry.items()]
    for lang, table in svg.TEXT.items():
        out += [(key, lang, text) for key, text in table.items()]
    for key, entry in messages.RULE_TITLES.items():
        out += [(key, lang, text) for lang, text in entry.items()]
    return out


def test_no_engine_text_uses_the_words_to_avoid():
    for key, lang, text in _engine_texts():
        bad = (_AVOID_SV if lang == "sv" else _AVOID_EN).search(text)
        assert not bad, f"{key}/{lang}: {bad.group(0)!r} in {text!r}"


def test_what_the_engine_tells_of_whole_games_uses_no_word_to_avoid():
    lines = []
    for seed in range(6):
        g = ai.demo_game(players=3, seed=seed, rules=v.Rules.parse("strict") if seed % 2 else None)
        for lang in ("sv", "en"):
            lines += [(lang, line) for line in v.narrate(g, lang=lang)]
            hint_game = v.Game.deal(players=3, seed=seed)
            lines += [(lang, line) for line in v.hint(hint_game, playouts=60, seed=1).text(lang).splitlines()]
    for lang, line in lines:
        bad = (_AVOID_SV if lang == "sv" else _AVOID_EN).search(line)
        assert not bad, f"{lang}: {line}"
    assert all(line.count("går ut och vinner omgången") <= 1 for lang, line in lines if lang == "sv")


def test_computer_players_have_names_in_both_languages():
    for kind in ai.PLAYER_NAMES:  # the kinds are the game's terms, one home for both catalogs
        for form in ("kind", "kind_short", "kind_the"):
            assert messages.TERMS[f"{form}.{kind}"]["sv"] and messages.TERMS[f"{form}.{kind}"]["en"]
    assert messages.TERMS["kind.random"] == {"en": "random player", "sv": "slumpspelare"}
    assert v.make_player("random").title("sv") == "slumpspelare"
    assert v.make_player("strong").title("en") == "strong computer player"


# -- explanations that are exactly true (issue 9, point 6; issue 11) -----------------------------------


pos = position_builder(talon="9♠ 9♦ 9♣")


def test_a_group_that_changes_suit_names_only_the_final_suit():
    verdict = pos(["5♠ 5♥ 5♦ 2♣", "4♦"], "5♣").check("5♠ 5♦ 5♥")
    for lang, first_suit in (("en", "spades"), ("sv", "spader")):
        text = verdict.text(lang)
        assert first_suit not in text, text
    assert "hearts is now the suit" in verdict.text("en") and "nu gäller hjärter" in verdict.text("sv")
    assert verdict.text("en").count("is now the suit") == 1


def test_an_eight_under_v1_says_what_allowed_it():
    g = pos(["8♠ 2♥", "4♦"], "7♥", rules=v.Rules(no_special_on_special=True))
    verdict = g.check("8♠=K♥")
    assert verdict.rules == ("R6", "V1")
    assert "anything" not in verdict.text("en") and "vad som helst" not in verdict.text("sv")
    assert "7♥ is not a special card" in verdict.text("en")
    assert "7♥ är inget specialkort" in verdict.text("sv")


def test_an_eight_after_an_ace_says_it_follows_the_ace():
    verdict = pos(["A♥ 8♥ 2♣", "4♦"], "7♥", pre=["A♥"]).check("8♥=K♠")
    assert "anything" not in verdict.text("en") and "vad som helst" not in verdict.text("sv")
    assert verdict.text("en").startswith("8♥ follows the ace with its suit, hearts")


def test_a_penalty_with_nothing_to_draw_says_the_draws_lapse():
    lappen = v.Rules(lappen=True)
    nothing = pos(["5♥ 5♠", "4♦"], "7♥", talon="", rules=lappen).check("pass")  # the pile: its top only
    assert "nothing is left to draw" in nothing.text("en") and "inget kvar att dra" in nothing.text("sv")
    assert "R10" in nothing.rules and "you draw three cards as a penalty" not in nothing.text("en")
    one = pos(["5♥ 5♠ 9♥", "4♦"], "7♥", talon="", rules=lappen).check("9♥")  # 7♥ goes under the 9♥
    assert "only one card can be drawn" in one.text("en") and "bara ett kort finns att dra" in one.text("sv")
    some = pos(["5♥ 5♠ 9♥", "4♦"], "7♥", talon="3♣", rules=lappen).check("9♥")
    assert "only two cards can be drawn" in some.text("en")  # the talon's one and the 7♥ under the 9♥
    assert "bara två kort finns att dra" in some.text("sv")
    played = pos(["5♥ 5♠", "4♦"], "7♥", talon="", rules=lappen).play("pass")
    assert [e.text("en") for e in played.events if e.kind == "penalty"] == [
        "Player 1 did not call lappen, but nothing is left to draw as a penalty (V3, R10)."
    ]


def test_a_verdict_before_the_move_says_if_you_do_not_call():
    verdict = pos(["5♥ 5♠ 9♥", "4♦"], "7♥", rules=v.Rules(lappen=True)).check("9♥")
    assert "if you don't call" in verdict.text("en") and "om du inte säger" in verdict.text("sv")
    assert "did not call" not in verdict.text("en") and "sa inte" not in verdict.text("sv")


def test_a_group_of_eights_reads_plainly():
    verdict = pos(["8♠ 8♦ 2♥", "4♦"], "7♥").check("8♠ 8♦=Q♥")
    assert "bestäms" not in verdict.text("sv")
    assert "den sista, 8♦, räknas som hjärter dam" in verdict.text("sv")


def test_o1_names_the_suit_in_words():
    verdict = pos(["4♠ 3♦", "4♦"], "8♠=♥", rules=v.Rules(suit_only_eights=True)).check("4♠")
    assert verdict.text("sv").startswith("4♠ är inte hjärter")
    assert verdict.text("en").startswith("4♠ is not hearts")


def test_declaring_an_eight_is_asked_for_in_words_that_fit_buttons_and_the_command_line():
    for rules in (None, v.Rules(suit_only_eights=True)):
        g = pos(["8♦ 2♣", "4♦"], "7♥", rules=rules)
        for move in ("8♦", "8♦=♣" if rules is None else "8♦=K♣"):
            for lang in ("sv", "en"):
                text = g.check(move).text(lang)
                assert "skriv" not in text and "write" not in text and "t.ex." not in text and "=" not in text
                assert "välj" in text or "choose" in text


def test_the_card_turned_up_first_is_told_in_one_tense():
    event = v.Event("starter_back", cards=(C("8♣"),), rule="R11")
    assert event.text("sv") == "8♣ vänds upp först; det är en åtta, så det blandas tillbaka i talongen (R11)."
    assert "vändes" not in event.text("sv")


def test_drawing_is_counted_in_words():
    g = pos(["2♣", "4♦"], "7♥", talon="9♠ 9♦ 9♣ 10♠", pre=["draw", "draw"])
    assert "det tredje av högst tre" in g.check("draw").text("sv")
    hint = v.hint(g, playouts=20)
    assert hint.best.reason("sv") == "Inget kort passar: dra ett kort, ditt tredje av högst tre."
    assert "(3 av" not in hint.best.reason("sv")


def test_a_long_explanation_comes_as_short_lines():
    g = pos(["A♥ A♣ 5♣ 2♦", "4♦", "3♦"], "7♥", talon="9♠ 9♦ 9♣ 10♠ J♠")
    verdict = g.check("A♥ A♣")
    lines = verdict.lines("sv")
    assert len(lines) == len(verdict.reasons) >= 4
    assert all(line[0].isupper() and line.endswith(".") and line.count(";") <= 1 for line in lines)
    assert max(len(line) for line in lines) < max(90, len(verdict.text("sv")) // 2)
    phrases = verdict.phrases("sv")
    assert lines == [p[:1].upper() + p[1:] + "." for p in phrases]
    assert verdict.text("sv") == lines[0][:-1] + "; " + "; ".join(phrases[1:]) + "."
    played = g.play("A♥ A♣").lines("sv", names=["Anna", "Bo", "Cia"])
    assert played[: len(lines)] == lines and played[len(lines) :][0].startswith("Bo drar ")


def test_going_out_is_told_once_in_the_lines_of_a_played_move():
    lines = pos(["5♥", "4♦"], "7♥").play("5♥").lines("sv", player="Anna", names=["Anna", "Bo"])
    assert sum("går ut och vinner omgången" in line for line in lines) == 1


def test_message_formats_a_reason_with_its_citation():
    assert explain.message("round_over", "sv") == "omgången är slut (R9)"
    assert explain.message("goes_out", "en", actor="Anna") == (
        "that was the last card: Anna goes out and wins the round (R9)"
    )
    with pytest.raises(ValueError):
        explain.Reason.of("no_such_key")


# -- one catalog per layer -------------------------------------------------------------------------

# Besides the two catalogs, only the languages' own module holds words by language (the number
# words, vandatta.lang); a lesson's prompt given as {"sv": …, "en": …} inside a function is data
# of that lesson, not a catalog.
_CATALOG_MODULES = {"vandatta/messages.py", "widgets/base/i18n.py", "vandatta/lang.py"}
# The dashboard page's own two sentences ("Loading Vändåtta …") are on screen before the engine
# and the catalogs load (its cell imports neither: test_dashboard checks it).
_BEFORE_THE_CATALOGS = {"widgets/app/page.py": ["_LOADING", "_FAILED"]}


def _language_tables(path: Path) -> list[tuple[int, str]]:
    """Module-level assignments in ``path`` whose value is a table by language or by key."""
    import ast

    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
            continue
        for sub in ast.walk(node.value):
            if isinstance(sub, ast.Dict):
                keys = {k.value for k in sub.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
                if {"sv", "en"} <= keys:
                    found.append(
                        (
                            node.lineno,
                            ast.unparse(node.targets[0] if isinstance(node, ast.Assign) else node.target),
                        )
                    )
                    break
    return found


def test_no_module_keeps_a_language_table_of_its_own():
    modules = [p for folder in ("vandatta", "widgets") for p in (ROOT / folder).rglob("*.py")]
    assert len(modules) > 60
    strays = {
        str(p.relative_to(ROOT)): tables
        for p in modules
        if str(p.relative_to(ROOT)) not in _CATALOG_MODULES and (tables := _language_tables(p))
    }
    # by name, not line: an import added above them must not fail this test
    assert {
        name: [target for _, target in tables]
        for name, tables in strays.items()
        if name in _BEFORE_THE_CATALOGS
    } == _BEFORE_THE_CATALOGS
    strays = {name: tables for name, tables in strays.items() if name not in _BEFORE_THE_CATALOGS}
    assert not strays, f"words kept outside the two catalogs: {strays}"


def test_the_stray_table_check_finds_one(tmp_path):
    stray = tmp_path / "stray.py"
    stray.write_text(
        'WORDS = {"hello": {"sv": "hej", "en": "hello"}}\nX = {"sv": {"a": "b"}, "en": {"a": "c"}}\n'
    )
    assert _language_tables(stray) == [(1, "WORDS"), (2, "X")]
