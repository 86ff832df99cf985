"""Read-aloud and sound, without a browser: what each "Läs upp" button would read (the task,
the engine's feedback, Spela's hint) follows what the view shows, in its language, without
HTML; Spela asks for a sound per move (an ace's own), never for a move it already sounded."""

from __future__ import annotations

import vandatta as v
from vandatta.lang import LocalText
from vandatta_widgets.lessons import exercise as ex
from vandatta_widgets.lessons.puzzle import PuzzleBoard
from vandatta_widgets.play.play_table import PlayTable


def test_an_exercise_reads_its_task_and_the_engines_feedback() -> None:
    game = v.Game.from_position(hands=["5♥ K♠", "2♣"], top="7♥", talon="9♠ 4♦")
    exercise = ex.Exercise(game, prompt=LocalText(sv="Lägg ett kort som passar.", en="Lay a card that fits."))
    assert exercise.read_aloud.text == "Lägg ett kort som passar." and exercise.read_aloud.lang == "sv"
    exercise.hand.selected = [list(exercise.hand.cards).index(v.Card.parse("K♠"))]
    exercise.play_button.click()  # not allowed: the engine says why, and that is read too
    said = exercise.read_aloud.text
    assert said.startswith("Lägg ett kort som passar.") and "K♠" in said and "<" not in said
    english = ex.Exercise(game, lang="en", prompt=LocalText(sv="Lägg ett kort.", en="Lay a card that fits."))
    assert english.read_aloud.lang == "en" and english.read_aloud.text == "Lay a card that fits."


def test_a_puzzle_reads_its_task() -> None:
    board = PuzzleBoard(lang="en")
    assert board.read_aloud.text and "<" not in board.read_aloud.text
    assert board.read_aloud.lang == "en"


def test_spela_reads_the_hint_and_sounds_each_move_once() -> None:
    game = v.Game.from_position(
        hands=["A♥ 7♥ K♠ 9♥", "2♠ 3♠ 4♠ 5♠ 6♠ 9♠"], top="7♣", talon="10♠ J♠ Q♠ 3♦ 4♦ 5♦ 6♦", seed=1
    )
    table = PlayTable.from_game(game, bots=["beginner"], lang="sv", hint_playouts=50)
    assert table.sound.cue == {} and not table.sound.classroom
    table.hint_button.click()
    assert "Tips" in table.read_aloud.text and "<" not in table.read_aloud.text
    table.hand.selected = [list(table.hand.cards).index(v.Card.parse("7♥"))]
    table.lay_button.click()
    assert table.sound.cue["kind"] == "card" and table.sound.cue["n"] >= 1
    heard = table.sound.cue["n"]
    table.pace_choice.value = "wait"  # the classroom's pace: silent unless switched on there
    assert table.sound.classroom and table.sound.cue["n"] == heard


def test_a_quiz_reads_its_question_and_the_answer_explained() -> None:
    from vandatta_widgets.lessons import quiz as qz

    q = qz.Quiz(
        prompt=LocalText(sv="Hur många kort får var och en?", en="How many cards does each get?"),
        choices=[5, 6, 7],
        answer=6,
        explain=lambda lang: ["six cards (R2)"],
        lang="en",
    )
    assert q.read_aloud.text == "How many cards does each get?" and q.read_aloud.lang == "en"
    q.buttons[1].click()
    assert q.read_aloud.text.startswith("How many cards does each get?") and "Six cards" in q.read_aloud.text
    assert "✔" not in q.read_aloud.text
