"""A week's mistake asked on the pupils' devices (vandatta_widgets.tables.poll with the record of
vandatta_widgets.server.teacher.question_record): after the reveal a pupil's page says nothing
untrue. When the child's move was not allowed, the round records the strong computer's move in
its place, so no line may say that anybody played it; the talon was never kept, so the pile is
drawn with the talon face down and not counted. The projector's chart gives the engine's
sentences without "(R4)", the rule ids beside them as data (chips to tap)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from vandatta import RULE_IDS
from vandatta.ai import demo_game
from vandatta.record import write_record
from vandatta_widgets.base.chips import uncited
from vandatta_widgets.base.i18n import LANGS, t
from vandatta_widgets.learner.events import position_game
from vandatta_widgets.server.teacher import question_record
from vandatta_widgets.tables.poll import Poll

# (position as the learner's record keeps it, the child's move, whether the rules allowed it)
MISTAKES = [
    ("7H KS 2C|7C", "KS", False),
    ("5H 2C|AH|f=H", "2C", False),
    ("4D 9S|8C=KH|d=1", "4D", False),
    ("7H 8S QD|7C", "8S=KH", True),
]


def _texts(svg: str) -> str:
    return " ".join(" ".join(ET.fromstring(svg).itertext()).split())


def _asked(position: str, move: str) -> tuple[Poll, list[str]]:
    """A poll about the mistake's position, opened and answered by a pupil (with the child's own
    move, another with the strong move, a third not at all), then revealed; the pupils' tokens."""
    found = question_record(position, move)
    poll = Poll.create(found["record"], code="AHCK7", now=0)
    poll.ask(poll.owner_token, ply=0, strong=found["strong"], now=1)
    pupils = [poll.add_pupil(now=1) for _ in range(3)]
    poll.answer(pupils[0], move, now=2)
    poll.answer(pupils[1], found["strong"], now=2)
    return poll, pupils


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("position", "move", "allowed"), MISTAKES)
def test_no_line_says_a_made_up_move_was_played(position, move, allowed, lang):
    poll, pupils = _asked(position, move)
    poll.reveal(poll.owner_token, now=3)
    played_words = (t("cl_other_played", lang, move="")[:12], t("cl_same_played", lang))
    for token in pupils:
        frame = poll.pupil_frame(token, lang)
        said = " ".join(frame["lines"])
        if allowed:  # the child's move is the round's: a classmate did play it
            assert any(words in said for words in played_words), said
        else:
            assert not any(words in said for words in played_words), said
            assert frame["played"] is None
        assert t("cl_same_strong", lang) in said or t("cl_other_strong", lang, move="")[:20] in said
    for row in poll.tally(lang):
        assert row["played"] is (allowed and row["move"] == str(poll.game.moves[0]))
    # the summary (and its CSV) neither: no share of a move nobody played
    (summary,) = poll.summary()
    if allowed:
        assert summary["played"] == str(poll.game.moves[0])
        assert summary["played_share"] == round(1 / 2, 3)
    else:
        assert summary["played"] is None and summary["played_share"] is None
        assert poll.summary_csv(lang).splitlines()[1].endswith(f",,{summary['strong']}")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("position", "move", "allowed"), MISTAKES)
def test_the_talon_is_face_down_and_not_counted(position, move, allowed, lang):
    poll, _pupils = _asked(position, move)
    game = position_game(position)
    said = _texts(poll.question_view(lang)["pile_svg"])
    assert not re.search(rf"\b{game.talon_size}\b", said), said
    assert game.pile[-1].name(lang) in said  # the top card, as the child saw it
    # (an eight's declaration names a card that is not there: "counts as the king of hearts")
    for card in (c for c in game.talon if (c.suit, c.rank) != game.declaration):
        assert card.name(lang) not in said and str(card) not in said, card
    assert "talon" in said.lower()  # the talon is there, face down


def test_a_rounds_question_still_counts_its_talon():
    record = write_record(demo_game())
    poll = Poll.create(record, code="AHCK7", now=0)
    poll.ask(poll.owner_token, ply=0, strong=None, now=1)
    talon = poll.position(0).talon_size
    assert f"Talong: {talon}" in _texts(poll.question_view("sv")["pile_svg"])


@pytest.mark.parametrize("lang", LANGS)
def test_the_charts_explanations_have_no_rule_id_and_give_the_ids_as_data(lang):
    poll, _pupils = _asked("7H KS 2C|7C", "KS")
    poll.reveal(poll.owner_token, now=3)
    rows = poll.tally(lang)
    assert rows and any(not row["legal"] for row in rows)
    for row in rows:
        assert "(R" not in row["why"] and not re.search(r"\b[RVSO]\d{1,2}\b", row["why"]), row
        _legal, why = poll.verdict(0, row["move"])
        texts, cited = uncited(why[lang])
        assert row["why"] == " ".join(texts)
        assert row["rules"] == list(cited) and row["rules"], row
        assert set(row["rules"]) <= set(RULE_IDS)
    # the ids a teacher taps: R4 for K♠ on 7♣
    assert "R4" in next(row for row in rows if row["move"] == "K♠")["rules"]
