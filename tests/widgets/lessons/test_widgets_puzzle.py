"""The puzzle board (widgets/lessons/puzzle.py) driven as a child would, with clicks: every kind solved
through the hand and the eight's buttons, wrong tries answered with the rules' reason and a
hint, the level choice, the streak, the language switch, and what a hostile browser may send."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import vandatta as v
from vandatta.ai import puzzles as pz
from vandatta_widgets.app.dashboard import PUZZLE_TAB, REPLAY_TAB, Dashboard
from vandatta_widgets.base.i18n import UI
from vandatta_widgets.lessons.puzzle import PuzzleBoard

ROOT = Path(__file__).resolve().parents[3]


def select(board: PuzzleBoard, cards) -> None:
    """Tap the cards in order, as the hand's front end reports it (indices in click order)."""
    hand = list(board.hand.cards)
    picked = []
    for card in cards:
        picked.append(next(i for i, c in enumerate(hand) if c == card and i not in picked))
    board.hand.selected = picked


def lay(board: PuzzleBoard, move: v.Move) -> None:
    """Lay ``move`` with clicks: the cards, the eight's suit and rank, then "Lay cards"."""
    select(board, move.cards)
    if move.cards[-1].is_eight:
        board.declaration.choose(move.declared_suit, move.declared_rank)
    board.lay_button.click()


def go_to(board: PuzzleBoard, key: str) -> None:
    puzzle = next(p for p in v.load_puzzles() if p.key == key)
    board.set_level(puzzle.level)
    while board.puzzle.key != key:
        board.next_button.click()


def assert_told(verdict: v.Verdict, lang: str, text: str) -> None:
    """Every reason of the rules' verdict is in ``text`` (one sentence each)."""
    for phrase in verdict.phrases(lang):
        assert phrase[1:] in text, (phrase, text)


def first_of(kind: str) -> v.Puzzle:
    return next(p for p in v.load_puzzles() if p.kind == kind)


@pytest.mark.parametrize("kind", pz.KINDS)
def test_every_kind_is_solved_with_clicks(kind):
    board = PuzzleBoard(lang="sv")
    puzzle = first_of(kind)
    go_to(board, puzzle.key)
    for number, step in enumerate(puzzle.solution):
        lay(board, step.move)
        assert board.errors == []
        assert board.status == ("solved" if number == puzzle.depth - 1 else "step")
    # the answer was played by the rules: the board's game is where the answer leads
    assert pz.Goal(kind, puzzle.game())(board.game).reached
    assert board.streak == 1 and board.best == 1
    text = board.feedback_text()
    assert text.startswith("✔ Rätt!") and "Rätt i rad: 1" in text
    last = puzzle.game_after([s.move for s in puzzle.solution[:-1]]).check(puzzle.solution[-1].move)
    assert_told(last, "sv", text)  # the rules' own explanation
    assert board.lay_button.disabled and board.next_button.button_style == "primary"


def test_a_wrong_try_gets_the_rules_reason_and_a_hint_and_the_position_stays():
    board = PuzzleBoard(lang="en", level=2)
    puzzle = board.puzzle
    game = puzzle.game()
    wrong = next(m for m in game.legal_moves() if m.is_play and not puzzle.solution[0].accepts(m))
    before = board.game.hands
    lay(board, wrong)
    assert board.status == "wrong"
    text = board.feedback_text()
    assert text.startswith("➜ Allowed – but not the answer")
    assert_told(game.check(wrong), "en", text)  # what the rules say it does
    assert puzzle.attempt([], wrong).outcome.text("en") in text  # what it would have led to
    assert f"Hint: {puzzle.hint(0, 'en')}" in text
    assert board.game.hands == before and board.done == []
    lay(board, wrong)  # the next wrong try gets the next hint
    assert f"Hint: {puzzle.hint(1, 'en')}" in board.feedback_text()


def test_a_move_the_rules_refuse_is_explained_with_its_rule():
    board = PuzzleBoard(lang="sv", level=1)
    game = board.puzzle.game()
    refused = next(
        v.Move.play([c]) for c in game.hand(board.puzzle.mover) if not game.is_legal(v.Move.play([c]))
    )
    lay(board, refused)
    assert board.status == "illegal"
    text = board.feedback_text()
    verdict = game.check(refused)
    assert text.startswith("✘ Inte tillåtet")
    assert_told(verdict, "sv", text)
    assert (
        "R4" in board.feedback.value and "Samma färg eller valör" in board.feedback.value
    )  # the rule's chip
    assert pz.words("rule_R4", "sv") in text


def test_a_draw_is_allowed_but_never_the_answer():
    board = PuzzleBoard(lang="en", level=1)
    board.draw_button.click()
    assert board.status == "wrong"
    assert pz.words("miss_draw", "en") in board.feedback_text()
    assert board.game.talon_size == board.puzzle.game().talon_size  # nothing was drawn


def test_an_eight_needs_its_choice_and_a_wrong_choice_is_told():
    board = PuzzleBoard(lang="en")
    puzzle = first_of("choose")
    go_to(board, puzzle.key)
    step = puzzle.solution[0]
    select(board, step.cards)
    assert board.declaration.layout.display != "none"  # the big buttons appear for an eight
    assert "Choose the eight&#x27;s suit and rank" in board.selection.value
    board.lay_button.click()  # no choice yet: the rules refuse a bare eight (R6)
    assert board.status == "illegal" and "R6" in board.feedback.value
    other = next(s for s in v.Suit if s is not step.suit)
    lay(board, v.Move.play(step.cards, declare=(other, v.Rank.KING)))
    assert board.status == "wrong" and "The right card – but Player 2 can lay" in board.feedback_text()
    lay(board, step.move)
    assert board.status == "solved"
    assert board.streak == 0  # there were wrong tries


def test_the_streak_counts_first_try_solves_and_breaks_on_a_wrong_try_or_the_answer():
    board = PuzzleBoard(lang="sv", level=1)
    for expected in (1, 2, 3):
        for step in board.puzzle.solution:
            lay(board, step.move)
        assert board.status == "solved" and board.streak == expected
        board.next_button.click()
    assert board.best == 3
    assert 'data-streak="3"' in board.streak_view.value
    board.draw_button.click()  # a wrong try
    assert board.streak == 0 and board.best == 3
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.streak == 0  # solved after a wrong try: no point
    board.next_button.click()
    board.answer_button.click()
    assert board.status == "shown" and board.puzzle.answer_text("sv") in board.feedback_text()
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.status == "solved" and board.streak == 0
    board.next_button.click()
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.streak == 1
    board.next_button.click()
    while board.puzzle.depth < 2:
        board.next_button.click()  # untried puzzles left behind cost nothing
    assert board.streak == 1
    lay(board, board.puzzle.solution[0].move)  # a right first step …
    board.level_buttons.value = 2  # … then away to another level: it was left unsolved
    assert board.streak == 0
    board.level_buttons.value = 1
    board.next_button.click()
    board.restart_button.click()  # starting over untouched costs nothing
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.streak == 1


def test_a_hint_on_demand_points_to_the_idea_and_keeps_the_streak():
    board = PuzzleBoard(lang="en", level=3)
    board.hint_button.click()
    assert board.feedback_text() == f"ℹ Hint Hint: {board.puzzle.hint(0, 'en')}"
    board.hint_button.click()
    assert board.puzzle.hint(1, "en") in board.feedback_text()
    assert board.puzzle.answer_text("en") not in board.feedback_text()
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.streak == 1


def test_start_over_goes_back_to_the_position():
    board = PuzzleBoard(lang="sv")
    puzzle = next(p for p in board.puzzles(2) if p.depth == 2)
    go_to(board, puzzle.key)
    lay(board, puzzle.solution[0].move)
    assert board.status == "step" and len(board.done) == 1
    assert "Dina drag:" in board.moves_view.value
    board.restart_button.click()
    assert board.status == "new" and board.done == [] and board.game.hands == puzzle.game().hands
    assert board.moves_view.layout.display == "none"


def test_the_level_choice_picks_the_puzzles_and_remembers_where_you_were():
    board = PuzzleBoard(lang="en", level=1)
    assert all(p.level == 1 for p in board.puzzles())
    assert len(board.puzzles(1)) + len(board.puzzles(2)) + len(board.puzzles(3)) == len(v.load_puzzles())
    board.next_button.click()
    second = board.puzzle.key
    board.level_buttons.value = 3
    assert board.puzzle.level == 3 and "Puzzle 1 of" in board.task.value
    board.level_buttons.value = 1
    assert board.puzzle.key == second
    kinds = [p.kind for p in board.puzzles(2)[:5]]
    assert len(set(kinds)) == 5  # the kinds take turns


def test_the_next_players_cards_are_shown_when_the_puzzle_is_about_them():
    board = PuzzleBoard(lang="en")
    puzzle = first_of("stuck")
    go_to(board, puzzle.key)
    nxt = puzzle.next_seat
    assert f'data-seat="{nxt}"' in board.seats_view.value and "vd-open" in board.seats_view.value
    go_to(board, first_of("go_out").key)
    assert "vd-open" not in board.seats_view.value  # the others' cards stay hidden


def test_the_language_switch_rewords_everything_in_place():
    board = PuzzleBoard(lang="sv", level=1)
    board.draw_button.click()
    assert "Tillåtet" in board.feedback_text() and board.lay_button.description == "Lägg kort"
    board.lang = "en"
    assert board.lay_button.description == "Lay cards" and board.next_button.description == "Next puzzle"
    assert "Allowed – but not the answer" in board.feedback_text()
    assert board.puzzle.task("en") in board.task.value.replace("&#x27;", "'")
    assert board.level_buttons.options[0][0] == "1 · Easy"
    views = (board.declaration, board.hand, board.pile_view, board.seats_view)
    assert all(view.lang == "en" for view in views)  # linked, or drawn in the board's language
    with pytest.raises(Exception, match="unknown language"):
        board.lang = "de"
    assert board.lang == "en" and all(view.lang == "en" for view in views)


def test_the_language_switch_keeps_the_level_the_puzzle_and_the_moves_made():
    board = PuzzleBoard(lang="sv")
    puzzle = next(p for p in board.puzzles(3) if p.depth == 2)
    go_to(board, puzzle.key)
    lay(board, puzzle.solution[0].move)
    for lang in ("en", "sv", "en"):
        board.lang = lang
        assert board.level == 3 and board.level_buttons.value == 3
        assert board.puzzle.key == puzzle.key and board.status == "step" and len(board.done) == 1
    assert board.level_buttons.options[2] == ("3 · Hard", 3)
    lay(board, puzzle.solution[1].move)
    assert board.status == "solved"


def test_what_the_browser_sends_is_checked():
    board = PuzzleBoard(lang="en")
    board.level_buttons.set_state({"value": 7})  # not a level
    assert board.level in (1, 2, 3) and board.errors == []
    board.hand.set_state({"selected": [99, -1]})
    assert board.hand.selected == []
    board.feedback.set_state({"value": "<img src=x onerror=alert(1)>"})
    assert "onerror" not in board.feedback.value
    board.task.set_state({"value": "<script>alert(1)</script>"})
    assert "<script>" not in board.task.value
    with pytest.raises(Exception, match="a suit is a number from 0 to 3"):
        board.declaration.set_state({"suit": 9})  # the eight's buttons check their own
    assert board.declaration.suit == -1
    board.lay_button.click()  # nothing chosen
    assert "First choose a card" in board.feedback_text()


def test_every_text_has_both_languages_and_the_glossarys_words():
    sys.path.insert(0, str(ROOT))
    from scripts.glossary_audit import CATALOGS, hits

    board_words = {key: texts for key, texts in UI.items() if key.startswith("pb_")}
    assert len(board_words) > 30  # the board's words live in the UI's catalog
    for key, texts in board_words.items():
        assert set(texts) == {"sv", "en"} and all(texts.values()), key
    assert "widgets/base/words/sv.py" in CATALOGS and "widgets/base/words/en.py" in CATALOGS
    texts = {text for entry in board_words.values() for text in entry.values()}
    assert not [hit for hit in hits(ROOT, CATALOGS, []) if hit[-1] in texts]


def test_buttons_are_big_enough_to_touch():
    board = PuzzleBoard(lang="sv")
    for button in (board.lay_button, board.draw_button, board.hint_button, board.next_button):
        assert button.layout.min_height == "44px"


def test_the_dashboard_builds_the_puzzle_tab_when_it_is_opened():
    dash = Dashboard(lang="en")
    assert dash.puzzle_board is None and dash.tabs.titles[PUZZLE_TAB] == "Puzzles"
    dash.tabs.selected_index = PUZZLE_TAB
    board = dash.puzzle_board
    assert isinstance(board, PuzzleBoard) and dash.puzzle_page.children == (board,)
    assert board.lang == "en"
    dash.lang = "sv"
    assert board.lang == "sv" and dash.tabs.titles[PUZZLE_TAB] == "Pussel"
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.status == "solved" and dash.errors == [] and board.errors == []
    dash.tabs.selected_index = REPLAY_TAB
    dash.tabs.selected_index = PUZZLE_TAB
    assert dash.puzzle_board is board and board.streak == 1  # the same board, kept


def test_the_modules_examples_run():
    """The board's docstring example (the first puzzle of level 1, a refused try, the answer)
    is true of the shipped set."""
    import doctest

    import vandatta_widgets.lessons.puzzle

    results = doctest.testmod(vandatta_widgets.lessons.puzzle, optionflags=doctest.ELLIPSIS)
    assert results.attempted > 0 and results.failed == 0


def test_a_puzzle_solved_after_a_wrong_try_counts_as_solved_and_the_praise_makes_sense():
    """Issue 43: solved is solved — "Lösta" counts it — and the words never say "in a row: 0"
    to a child who has just solved it; the row is the first-try streak, told as such."""
    board = PuzzleBoard(lang="sv", level=1)
    assert board.solved == 0 and 'data-solved="0"' in board.streak_view.value
    board.draw_button.click()  # a wrong try first
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.status == "solved" and board.solved == 1 and board.streak == 0
    said = board.feedback_text()
    assert "Bra kämpat – du löste det!" in said and "i rad: 0" not in said.lower(), said
    streak = board.streak_view.value
    assert "Lösta: 1" in streak and "På första försöket i rad: 0" in streak
    assert "Rätt i rad: 0" not in streak
    board.restart_button.click()  # solving the same puzzle again counts it once
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.solved == 1
    board.next_button.click()  # on the first try: the row grows, and says so
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.solved == 2 and board.streak == 1
    assert "På första försöket! Rätt i rad: 1." in board.feedback_text()
    board.next_button.click()  # looked at the answer: not counted as solved, no praise
    board.answer_button.click()
    for step in board.puzzle.solution:
        lay(board, step.move)
    assert board.status == "solved" and board.solved == 2
    assert "Bra kämpat" not in board.feedback_text()
    board.lang = "en"
    assert "Solved: 2" in board.streak_view.value and "First try in a row: 0" in board.streak_view.value
