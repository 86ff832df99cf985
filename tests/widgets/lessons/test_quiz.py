"""Quizzes that teach (widgets/lessons/quiz.py): every answer and every reason comes from the engine, a
wrong answer is told why it is wrong (with a hint toward the rule), the right one is explained
in full, a short line at a time — in both languages."""

from __future__ import annotations

import html
import re

import pytest

import vandatta as v
from vandatta.lang import LocalText
from vandatta_widgets.base.i18n import sentences
from vandatta_widgets.lessons import quiz as qz
from vandatta_widgets.lessons.chips import without_citations
from vandatta_widgets.path.session import item_name


def text(q: qz.Quiz) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", q.feedback.value))


def chips_of(q: qz.Quiz) -> list[str]:
    """The rule ids of the feedback's chips (issue 43: a chip to tap, never inside a sentence)."""
    return re.findall(
        r'<details class="vd-chip vd-chip-rule"><summary[^>]*>([^<]+)</summary>', q.feedback.value
    )


def index_of(q: qz.Quiz, value) -> int:
    return next(i for i, (_, val) in enumerate(q.choices) if val == value)


def wrong_indices(q: qz.Quiz) -> list[int]:
    return [i for i, (_, val) in enumerate(q.choices) if val != q.answer]


def test_a_quiz_checks_its_answer_and_choices():
    with pytest.raises(ValueError, match="not among the choices"):
        qz.Quiz(prompt=LocalText(sv="?", en="?"), choices=[1, 2], answer=3)
    with pytest.raises(ValueError, match="at least two"):
        qz.Quiz(prompt=LocalText(sv="?", en="?"), choices=[1], answer=1)
    with pytest.raises(ValueError, match="must differ"):
        qz.Quiz(prompt=LocalText(sv="?", en="?"), choices=[1, 1], answer=1)
    q = qz.Quiz(
        prompt=LocalText(sv="?", en="?"),
        choices=[
            qz.Choice(True, LocalText(sv="Ja", en="Yes")),
            qz.Choice(False, LocalText(sv="Nej", en="No")),
        ],
        answer=False,
    )
    assert [b.description for b in q.buttons] == ["Ja", "Nej"]
    with pytest.raises(ValueError):
        q.choose(5)
    assert q.choose(1) == "right"


def test_a_wrong_answer_is_told_why_and_can_be_tried_again():
    q = qz.Quiz(
        prompt=LocalText(sv="Hur många?", en="How many?"),
        choices=[
            qz.Choice.plain(5, lambda lang: ["five is one short (R2)"]),
            6,
            qz.Choice.plain(7, lambda lang: ["seven is one too many (R2)"]),
        ],
        answer=6,
        explain=lambda lang: ["six cards (R2)"],
        hint=lambda lang: ["count the cards dealt"],
        rules=["R2"],
        lang="en",
    )
    q.buttons[0].click()
    assert q.status == "wrong"
    shown = text(q)
    assert "Not quite – “5” is not the right answer." in shown
    assert "Five is one short." in shown and "Hint: Count the cards dealt." in shown
    assert "Six cards" not in shown  # the answer is not given away
    assert chips_of(q) == ["R2"]  # the rule it rests on: a chip to tap, in a child's words
    assert q.buttons[0].description == "✘ 5" and q.buttons[0].disabled  # marked, not by colour alone
    q.buttons[1].click()
    assert q.status == "right" and "Six cards." in text(q)
    assert q.buttons[1].description == "✔ 6" and q.buttons[1].button_style == "success"
    assert q.buttons[2].disabled
    assert q.practises == ("R2",)


@pytest.mark.parametrize(("players", "seed", "answer"), [(3, 1, 33), (7, 2, 61), (3, 2, 30)])
def test_talon_quiz(players, seed, answer):
    game = v.Game.deal(players=players, seed=seed)
    q = qz.talon_quiz(game, lang="sv")
    assert q.answer == game.talon_size == answer
    assert 3 <= len(q.choices) <= 4
    for i in wrong_indices(q):
        assert q.choose(i) == "wrong"
        assert q.options[i].reasons("sv"), f"{q.choices[i]} has no reason"
        assert "Tips:" in text(q)
    q.choose(index_of(q, answer))
    shown = text(q)
    assert f"= {answer} kort." in shown
    if players == 7:
        assert "två kortlekar: 104 kort" in shown
        q.choose(index_of(q, 52 - 42 - 1)) if 9 in [val for _, val in q.choices] else None
    if seed == 2 and players == 3:  # an ace was turned up: everyone drew one more (R11)
        assert "R11" in q.practises and "alla drog ett kort" in shown


def test_talon_quiz_names_the_mistake():
    q = qz.talon_quiz(v.Game.deal(players=3, seed=1), lang="sv")
    q.choose(index_of(q, 18))
    assert "18 kort är korten på händerna" in text(q)
    q.choose(index_of(q, 34))
    assert "Glömde du kortet som vändes upp och började högen?" in text(q)


def test_first_player_quiz():
    game = v.Game.deal(players=4, seed=5, dealer=2)
    q = qz.first_player_quiz(game, lang="sv")
    assert q.answer == game.to_move == 3
    assert q.prompts.text("sv") == "Fyra spelare. Spelare 3 delar ut korten. Vem börjar?"
    q.choose(2)  # the dealer
    assert "Spelare 3 delar ut korten. Den som ger börjar inte" in text(q)
    q.choose(0)
    assert "Spelare 1 sitter inte direkt efter Spelare 3. Efter Spelare 3 kommer Spelare 4." in text(q)
    assert q.choose(3) == "right"
    assert "efter Spelare 3 kommer Spelare 4." in text(q)


@pytest.mark.parametrize("move", ["A♥", "5♠", "draw"])
@pytest.mark.parametrize("lang", ["sv", "en"])
def test_legal_quiz_gives_the_engines_reason_either_way(move, lang):
    game = v.Game.from_position(hands=["A♥ 5♠ K♠", "2♦ 3♦"], top="7♥", talon="9♠ 4♦")
    q = qz.legal_quiz(game, move, lang=lang)
    verdict = game.check(move)
    assert q.answer is verdict.legal
    wrong = 1 if verdict.legal else 0
    assert q.choose(wrong) == "wrong"
    for line in sentences(verdict.lines(lang)):  # why that answer is wrong: the engine's reason
        assert without_citations(line)[0] in text(q)  # its rule: a chip
    assert verdict.rules[0] in text(q)
    assert q.choose(1 - wrong) == "right"
    for line in sentences(verdict.lines(lang)):
        assert without_citations(line)[0] in text(q)


def test_hand_size_quiz_with_an_ace_turned_up_and_with_o2():
    ace = v.Game.deal(players=3, seed=2)
    q = qz.hand_size_quiz(ace, lang="sv")
    assert q.answer == 7
    q.choose(index_of(q, 6))
    assert "esset som vändes upp fick alla att dra ett kort till" in text(q)
    q.choose(index_of(q, 7))
    assert "8♥ vändes upp först och blandades tillbaka i talongen." in text(q)
    o2 = v.Game.deal(players=3, seed=2, rules=v.Rules(redraw_special_starter=True))
    q = qz.hand_size_quiz(o2, lang="en")
    assert q.answer == 6 and "O2" in q.practises
    q.choose(index_of(q, 7))
    assert "A♣ was shuffled back into the talon, so nobody had to draw a card for it." in text(q)


def test_points_quiz_reasons_name_the_mistake():
    q = qz.points_quiz("8♦ 10♠ 3♣", lang="sv")
    assert q.answer == v.hand_points("8♦ 10♠ 3♣") == 40
    assert q.practises == ("S1",)
    q.choose(index_of(q, 40 - 17))  # the eight counted as 8
    assert "Räknade du åttan som 8? En åtta är värd 25 poäng." in text(q)
    q.choose(index_of(q, 40 - 2))  # the three counted as 3
    assert "Korten från tvåa till nia (utom åttan) är värda 5 poäng var" in text(q)
    assert q.choose(index_of(q, 40)) == "right"
    shown = text(q)
    for line in ("8♦: 25 poäng.", "10♠: 10 poäng.", "3♣: 5 poäng.", "Summa: 25 + 10 + 5 = 40 poäng."):
        assert line in shown
    aces = qz.points_quiz("A♣ A♦ Q♥ 2♠ 7♥", lang="en")
    aces.choose(index_of(aces, 50 - 28))
    assert "Did you count the ace as 1?" in text(aces)


def test_card_points_quiz_about_a_finished_round():
    done = v.Game.from_position(hands=["9♦", "K♠ 8♣ 4♥", "A♦ 2♣"], top="5♦", talon="Q♥ 3♠")
    done.play("9♦")
    q = qz.card_points_quiz("8♣", game=done, seat=1, lang="sv")
    assert q.answer == 25
    assert (
        q.prompts.text("sv") == "Spelare 2 har K♠ 8♣ 4♥ kvar och får 40 poäng. Hur många poäng är åttan värd?"
    )
    assert sorted(val for _, val in q.choices) == [8, 10, 15, 25]
    q.choose(index_of(q, 8))
    assert "Poängen är inte siffran på kortet." in text(q)
    q.choose(index_of(q, 15))
    assert "15 poäng får man för ess." in text(q)
    q.choose(index_of(q, 10))
    assert "10 poäng får man för tior, knektar, damer och kungar." in text(q)
    assert q.choose(index_of(q, 25)) == "right"
    assert "Åttan är värd 25 poäng." in text(q) and "10 + 25 + 5 = 40" in text(q)


@pytest.mark.parametrize("quick", [False, True])
def test_winner_quiz(quick):
    from vandatta_widgets.lessons.exercise import play_match

    rules = v.Rules(first_to_100_ends=quick)
    match = play_match(["expert", "beginner", "random"], seed=9, names=["Alva", "Bo", "Cleo"], rules=rules)
    q = qz.winner_quiz(match, lang="sv")
    for i in wrong_indices(q):
        q.choose(i)
        name = q.choices[i][0]
        shown = text(q)
        assert shown.count(name) >= 1 and "poäng" in shown
        assert ("O3" if quick else "S2") in chips_of(q)  # the rule: a chip to tap
    assert q.choose(index_of(q, q.answer)) == "right"
    if quick:  # Alva and Bo end on 55 each: they share the win, and the quiz says so
        assert match.winners == [0, 1] and q.answer == (0, 1)
        q.choose(index_of(q, 0))
        assert "Alva hade lägst summa, 55 poäng – men det hade Bo också, så de delar segern." in text(q)
        q.choose(index_of(q, (0, 1)))
        assert "Alva och Bo hade samma summa, 55 poäng – den lägsta – och delar segern." in text(q)
    else:
        assert q.answer == match.winners[0] == 1
        q.choose(index_of(q, 0))
        assert "Alva kom upp i 120 poäng efter omgång 6 och blev ute ur spelet." in text(q)
        q.choose(index_of(q, 2))
        assert "Cleo kom upp i 135 poäng efter omgång 4" in text(q)
        q.choose(index_of(q, 1))
        assert "Bo var sist kvar under 100 poäng." in text(q)


def test_hint_quiz_and_tournament_quiz():
    spot = v.Game.from_position(
        hands=["7♥ 7♣ 8♠ K♥ 2♣", "2♦ 3♦", "Q♠ 4♣ 9♥"], top="7♦", talon="9♠ 4♦ 2♣ 5♥ J♣ 6♠ 10♦ 3♥"
    )
    tip = v.hint(spot, playouts=200, seed=1)
    q = qz.hint_quiz(tip, lang="en")
    assert q.answer == str(tip.move)
    for i in wrong_indices(q):
        q.choose(i)
        assert f"but {tip.move} won in" in text(q)
    from vandatta.ai import tournament

    result = tournament(["expert", "beginner", "random"], games=60, seed=1, workers=1)
    t = qz.tournament_quiz(result, lang="sv")
    best = max(result["entries"], key=lambda e: e["win_rate"])
    assert t.answer == best["label"]
    assert {label for label, _ in t.choices} == {"expert", "nybörjare", "slumpspelare"}
    for i in wrong_indices(t):
        t.choose(i)
        assert "av omgångarna, men experten vann" in text(t) and " %" in text(t)


def test_card_points_quiz_says_esset_ar_vart():
    """An ace is neuter in Swedish: "esset är värt", but "åttan är värd"."""
    ace = qz.card_points_quiz("A♦", lang="sv")
    assert ace.prompts.text("sv") == "Hur många poäng är esset värt?"
    assert ace.prompts.text("en") == "How many points is the ace worth?"
    assert sorted(val for _, val in ace.choices) == [1, 10, 15, 25]
    ace.choose(index_of(ace, 15))
    assert "Esset är värt 15 poäng." in text(ace)
    king = qz.card_points_quiz("K♠", lang="sv")
    assert king.prompts.text("sv") == "Hur många poäng är kungen värd?"
    king.choose(index_of(king, 13))
    assert "Poängen är inte siffran på kortet." in text(king)


def test_a_question_is_one_localtext_and_a_labelled_choice_a_choice():
    asked = qz.Quiz(prompt=LocalText(sv="Hur många?", en="How many?"), choices=[5, 6], answer=6, lang="sv")
    assert asked.prompts.text("en") == "How many?" and "Hur många?" in asked.prompt.value
    # the record's name is made from both texts and the values, as when lessons wrote a pair
    assert asked.item == item_name("q", ("Hur många?", "How many?", ("5", "6")))
    with pytest.raises(TypeError, match="LocalText"):
        qz.Quiz(prompt="Hur många?", choices=[5, 6], answer=6)
    with pytest.raises(TypeError):
        qz.Quiz(prompt_sv="Hur många?", prompt_en="How many?", choices=[5, 6], answer=6)  # the old pair
    with pytest.raises(TypeError, match="Choice"):  # the old (label_sv, label_en, value) shape
        qz.Quiz(prompt=asked.prompts, choices=[("Ja", "Yes", True), ("Nej", "No", False)], answer=True)
