"""Each puzzle try is kept in the learner's record (widgets/lessons/puzzle.py's hook)."""

from __future__ import annotations

from .test_session import Browser, no_session, open_page  # noqa: F401


def test_each_puzzle_try_is_kept():
    from vandatta_widgets.lessons.puzzle import PuzzleBoard

    session = open_page(Browser())
    board = PuzzleBoard(lang="en")
    puzzle = board.puzzle
    board.try_move("draw")
    kept = session.learner.events
    assert len(kept) == 1 and kept[0].kind == "puzzle" and kept[0].item == puzzle.key
