"""A week's mistake asked to the class as "Vad skulle du spela?" (widgets/server/teacher.py):
before the answer is shown, nothing tells it (no rule chip, no rule title, no explanation);
after it, the rule with its title, what was chosen, and the engine's explanation of the strong
computer's move. Only what the child saw is drawn: the pile's top card and their hand; the
cards nobody saw (the other player's hand, the talon, even its size) are never shown face up or
counted, and the class is told in words that nobody knows them."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import pytest

from vandatta import Move, rule_title
from vandatta_widgets.base.i18n import LANGS, t
from vandatta_widgets.learner.events import PositionError, position_game
from vandatta_widgets.server.teacher import mistake_question, question_record, teacher_view

# (position as the learner's record keeps it, the child's move, its outcome, the week's rule)
MISTAKES = [
    ("7H KS 2C|7C", "KS", "not_allowed", "R4"),
    ("5H 2C|AH|f=H", "2C", "not_allowed", "R7"),
    ("7H 8S QD|7C", "8S=KH", "mistake", "R6"),
    ("4D 9S|8C=KH|d=1", "4D", "not_allowed", "R6"),
]


def _asked(position: str, move: str, outcome: str, rule: str, lang: str) -> dict:
    strong = question_record(position, move)["strong"]
    return mistake_question(position, move, outcome, rule, strong, lang)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("position", "move", "outcome", "rule"), MISTAKES)
def test_the_question_tells_no_rule_before_the_answer_and_the_answer_does(
    position, move, outcome, rule, lang
):
    asked = _asked(position, move, outcome, rule, lang)
    question = json.dumps(asked["question"], ensure_ascii=False)
    title = rule_title(rule, lang)
    assert rule not in question and title not in question
    assert t("kt_ex_top", lang, card="")[:6] in asked["question"]["words"]  # the position, in words
    # what was chosen and whether it was allowed is part of the answer, not the question
    assert t("kt_ex_not_allowed", lang) not in question and t("kt_ex_better", lang) not in question
    answer = asked["answer"]
    assert answer["rules"][0] == {"id": rule, "title": title}
    assert answer["chose"].endswith(
        t("kt_ex_not_allowed" if outcome == "not_allowed" else "kt_ex_better", lang)
    )
    # the engine's explanation of the strong move, in sentences without "(R4)": the ids are chips
    game = position_game(position)
    strong = Move.parse(answer["move"])
    assert game.is_legal(strong)
    assert answer["why"] and not any("(R" in line for line in answer["why"])
    assert {r["id"] for r in answer["rules"]} >= set(game.check(strong).rules)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("position", "move", "outcome", "rule"), MISTAKES)
def test_no_card_that_nobody_saw_is_shown_or_counted(position, move, outcome, rule, lang):
    game = position_game(position)
    # (an eight's declaration names a card that is not there: "counts as the king of hearts")
    invented = [
        c for c in (*game.hand(1 - game.to_move), *game.talon) if (c.suit, c.rank) != game.declaration
    ]
    seen = [*game.hand(game.to_move), game.pile[-1]]
    for picture in (
        _asked(position, move, outcome, rule, lang)["question"]["svg"],
        _overview_svg(position, move, outcome, lang),
    ):
        said = _texts(picture)  # every title, description and caption of the picture
        for card in invented:
            assert card.name(lang) not in said, card
        for card in seen:
            assert card.name(lang) in said, card
        # the talon face down and not counted: its size was never kept
        assert not re.search(rf"\b{game.talon_size}\b", said), said
    assert _asked(position, move, outcome, rule, lang)["question"]["unknown"] == t("kt_ex_unknown", lang)


def _texts(svgs: str) -> str:
    return " ".join(" ".join(ET.fromstring(f"<div>{svgs}</div>").itertext()).split())


def _overview_svg(position: str, move: str, outcome: str, lang: str) -> str:
    """The example's picture in the overview's list of mistakes (teacher_view's)."""

    class OneMistake:
        def overview(self, class_id: int, *, lang: str) -> dict:
            example = {"position": position, "move": move, "outcome": outcome}
            return {"mistakes": [{"rule": "R4", "example": example}]}

    return teacher_view(OneMistake(), 1, lang=lang)["mistakes"][0]["example"]["svg"]  # type: ignore[arg-type]


def test_a_position_or_rule_that_cannot_be_read_is_refused_or_left_out():
    with pytest.raises(PositionError):
        mistake_question("<b>|7C", "KS", "not_allowed", "R4", "draw", "sv")
    asked = mistake_question("7H KS 2C|7C", "KS", "not_allowed", "<R99>", "2♣", "sv")
    assert [r["id"] for r in asked["answer"]["rules"]] == ["R4"]  # only the engine's, never the text sent


def test_the_question_api_sends_the_question_and_the_answer_apart(engine):
    from tests.server.test_handlers import Client, body
    from tests.server.test_teacher import serve
    from vandatta_widgets.server.classes import ClassService

    async def check(client: Client, service: ClassService) -> None:
        made = body(await client.fetch("vandatta/api/classes", {"name": "4B"}))
        path, teacher = (
            f"vandatta/api/classes/{made['code']}/question?lang=sv",
            {"X-Vandatta-Teacher": made["secret"]},
        )
        sent = {"position": "7H KS 2C|7C", "move": "KS", "outcome": "not_allowed", "rule": "R4"}
        asked = body(await client.fetch(path, sent, headers=teacher))
        assert asked["record"]["moves"] and asked["answer"]["move"] == asked["strong"]
        assert "R4" not in json.dumps(asked["question"]) and asked["answer"]["rules"][0]["id"] == "R4"
        for bad in ({"rule": ["R4"]}, {"outcome": 3}, {"position": None}, {"position": "<b>|7C"}):
            refused = await client.fetch(path, sent | bad, headers=teacher)
            assert refused.code == 400 and body(refused)["text"] == t("kl_bad_request", "sv")

    serve(engine, check)
