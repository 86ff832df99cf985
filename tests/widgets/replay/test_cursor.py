"""Where the replay's steps go, without widgets (vandatta_widgets.replay.cursor): plainly one ply at a
time; in the classroom a question before every move and its answer after."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from vandatta_widgets.replay.cursor import Shown, step_back, step_on


def walk(start: Shown, moves: int, step, *, asks: bool) -> list[Shown]:
    path = [start]
    while (to := step(path[-1], moves, asks=asks)) is not None:
        path.append(to)
        assert len(path) <= 2 * moves + 2, "a walk ends"
    return path


@given(moves=st.integers(0, 60))
def test_plain_steps_visit_every_ply_once_and_stop_at_the_ends(moves):
    on = walk(Shown(0), moves, step_on, asks=False)
    assert on == [Shown(p) for p in range(moves + 1)]
    assert walk(Shown(moves), moves, step_back, asks=False) == on[::-1]


@given(moves=st.integers(0, 60))
def test_asking_puts_a_question_before_every_move_and_its_answer_after(moves):
    on = walk(Shown(0), moves, step_on, asks=True)
    expected = [Shown(0)]
    for ply in range(moves):
        expected += [Shown(ply, question=True), Shown(ply + 1)]
    assert on == expected  # every move is asked about once, and never shown before it is asked
    back = walk(Shown(moves), moves, step_back, asks=True)
    assert back == on[::-1][: len(on) - 1 if moves else 1]  # back retraces it, to the first question


@given(moves=st.integers(1, 60), data=st.data())
def test_a_step_back_undoes_a_step_on(moves, data):
    asks = data.draw(st.booleans())
    ply = data.draw(st.integers(0, moves - 1))
    question = asks and data.draw(st.booleans())
    here = Shown(ply, question=question)
    there = step_on(here, moves, asks=asks)
    assert there is not None
    if asks and there == Shown(0, question=True):  # before the first question: nothing to go back to
        assert step_back(there, moves, asks=asks) is None
    else:
        assert step_back(there, moves, asks=asks) == here
