"""The puzzles (vandatta/ai/puzzles.py): one answer each, proved by trying every line of the
turn; the shipped set regenerated from its seeds; every kind's answer accepted by the rules and
a wrong try answered with the rules' reason and a hint."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import vandatta as v
from vandatta.ai import puzzles as pz

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "vandatta" / "ai" / "puzzles.json"


def position(hands, top, talon="9♠ 4♦ 2♣ 5♣ J♦ 3♠", pile="", rules=""):
    return v.Game.from_position(hands=hands, top=top, talon=talon, pile=pile, rules=v.Rules.parse(rules))


def shown(answers):
    return [[str(step) for step in answer] for answer in answers]


# -- the shipped set -------------------------------------------------------------------------


def test_the_shipped_set_is_its_recipe_regenerated():
    """Every puzzle again from its seed, kind and level: the file is exactly what the
    generator makes (so the set is reproducible, and nobody edited a puzzle by hand)."""
    made = pz.puzzle_set()
    assert pz.dump_puzzles(made) == SHIPPED.read_text(encoding="utf-8")


def test_every_shipped_puzzle_has_exactly_one_answer():
    puzzles = v.load_puzzles()
    assert len(puzzles) >= 120
    for puzzle in puzzles:
        found = puzzle.verify()  # raises unless the search finds exactly the stored answer
        assert found.answers == (puzzle.solution,)


def test_the_set_covers_every_kind_and_level():
    puzzles = v.load_puzzles()
    cells = {(p.kind, p.level) for p in puzzles}
    assert cells == {(kind, level) for kind in pz.KINDS for level in pz.KIND_LEVELS[kind]}
    for level in pz.LEVELS:
        assert len([p for p in puzzles if p.level == level]) >= 40
    assert len({p.key for p in puzzles}) == len(puzzles)
    positions = [json.dumps(p.position, sort_keys=True) for p in puzzles]
    assert len(set(positions)) == len(positions)


def test_the_package_ships_the_puzzle_file():
    tomllib = pytest.importorskip("tomllib")
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "puzzles.json" in data["tool"]["setuptools"]["package-data"]["vandatta.ai"]


def test_make_puzzles_script_checks_the_file(monkeypatch, capsys):
    """The script's --check compares what the recipe makes with the file (the generator's
    own output is compared by the test above; here the set is the shipped one, read back)."""
    sys.path.insert(0, str(ROOT))
    from scripts import make_puzzles

    shipped = list(v.load_puzzles())
    monkeypatch.setattr(make_puzzles.puzzles, "puzzle_set", lambda: shipped)
    assert make_puzzles.main(["--check"]) == 0
    assert "up to date" in capsys.readouterr().out
    monkeypatch.setattr(make_puzzles.puzzles, "puzzle_set", lambda: shipped[1:])
    assert make_puzzles.main(["--check"]) == 1
    assert "DIFFERS" in capsys.readouterr().out


# -- determinism --------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", pz.KINDS)
def test_the_generator_is_deterministic(kind):
    level = pz.KIND_LEVELS[kind][-1]
    a = v.make_puzzle(kind, seed=11, level=level)
    b = v.make_puzzle(kind, seed=11, level=level)
    c = v.make_puzzle(kind, seed=12, level=level)
    assert a == b and a.to_json() == b.to_json()
    assert a.position != c.position
    assert a.level == level and a.kind == kind and a.seed == 11


def test_the_generator_refuses_what_does_not_exist():
    with pytest.raises(pz.PuzzleError, match="unknown puzzle kind"):
        v.make_puzzle("mate_in_two", seed=1, level=1)
    with pytest.raises(pz.PuzzleError, match="levels 2, 3"):
        v.make_puzzle("choose", seed=1, level=1)
    with pytest.raises(pz.PuzzleError, match="a level is 1, 2 or 3"):
        v.make_puzzle("go_out", seed=1, level=4)
    with pytest.raises(pz.PuzzleError, match="seed"):
        v.make_puzzle("go_out", seed=-1, level=1)
    with pytest.raises(pz.PuzzleError, match="no stuck puzzle of level 3 in 1 tries"):
        v.make_puzzle("stuck", seed=3, level=3, max_tries=1)


# -- the search and what counts as one answer ----------------------------------------------------


def test_an_ace_and_the_card_after_it_are_one_answer():
    game = position(["A♥ 5♥ 5♠", "K♦ 2♦"], top="7♥")
    s = pz.survey(game, "go_out")
    assert shown(s.answers) == [["A♥", "5♥ 5♠"]]
    assert s.choices == 3 and s.lines == 4  # A♥→5♥, A♥→5♥ 5♠, 5♥, 5♥ 5♠
    assert s.misses == {"cards_left": 3}


def test_the_search_leaves_the_game_as_it_was():
    game = position(["A♥ 5♥ 5♠ 8♣", "K♦ 2♦"], top="7♥")
    before = (game.hands, game.talon, game.pile, game.ply, game.to_move)
    pz.survey(game, "stuck")
    assert (game.hands, game.talon, game.pile, game.ply, game.to_move) == before


def test_the_middle_of_a_group_does_not_make_another_answer():
    # On 7♠ only 5♠ fits first; the last five may be any of the other three: three answers,
    # each with its middle cards in ascending order, whatever order they are laid in.
    game = position(["5♠ 5♦ 5♣ 5♥", "K♥ 2♥ 3♥"], top="7♠")
    s = pz.survey(game, "go_out")
    assert len(s.answers) == 3
    for answer in s.answers:
        (step,) = answer
        assert step.cards[0] == v.Card.parse("5♠")
        middle = step.cards[1:-1]
        assert list(middle) == sorted(middle, key=lambda c: c.index)
    step = next(a[0] for a in s.answers if str(a[0].cards[-1]) == "5♥")
    assert step.accepts("5♠ 5♣ 5♦ 5♥") and step.accepts("5♠ 5♦ 5♣ 5♥")
    assert not step.accepts("5♠ 5♥ 5♦ 5♣")


def test_an_eight_that_goes_out_is_one_answer_with_any_choice():
    game = position(["8♣", "K♦ 2♦"], top="7♥")
    (answer,) = pz.survey(game, "go_out").answers
    (step,) = answer
    assert step.choices is None and step.cards == (v.Card.parse("8♣"),)
    assert step.accepts("8♣=K♥") and step.accepts("8♣=2♠")
    assert str(step) == "8♣ (counting as anything)"


def test_under_o1_an_eight_counts_as_a_suit_and_the_answer_can_be_played():
    game = position(["8♣ 5♥", "K♦ 2♥ 9♠"], top="7♥", rules="o1")  # Player 2 holds no club
    s = pz.survey(game, "choose")
    (answer,) = s.answers
    assert answer[0].choices == frozenset({(v.Suit.CLUBS, None)}) and s.lines == 5
    game.play(answer[0].example(suit_only=True))
    assert not game.legal_moves().plays()
    out = position(["8♣", "K♦ 2♦"], top="7♥", rules="o1")
    (step,) = pz.survey(out, "go_out").answers[0]
    assert step.choices is None and str(step.example(suit_only=True)) == "8♣=♣"
    out.play(step.example(suit_only=True))
    assert out.winner == 0


def test_an_eights_choice_is_one_answer_per_suit():
    # Player 2 holds spades, hearts and diamonds but no club and no eight: 8♦ counting as
    # clubs leaves them nothing, as long as the rank is not one they hold.
    game = position(["8♦ Q♣", "4♠ K♥ 9♦ 2♥"], top="10♦")
    s = pz.survey(game, "choose")
    assert len(s.answers) == 1
    (step,) = s.answers[0]
    assert step.suit is v.Suit.CLUBS
    ranks = {rank for _, rank in step.choices}
    assert ranks == set(v.Rank) - {v.Rank.FOUR, v.Rank.KING, v.Rank.NINE, v.Rank.TWO}
    assert step.accepts("8♦=J♣") and not step.accepts("8♦=K♣") and not step.accepts("8♦=J♠")
    assert "clubs" in str(step) and "J" in str(step)


def test_two_suits_that_work_are_two_answers():
    game = position(["8♦ 5♣", "4♠ K♠ 9♦"], top="10♦")  # no hearts and no clubs over there
    s = pz.survey(game, "choose")
    suits = sorted(step.suit for (step,) in (a for a in s.answers if a[0].cards[-1].is_eight))
    assert suits == [v.Suit.HEARTS, v.Suit.CLUBS]


def test_a_puzzle_whose_goal_is_not_going_out_is_not_kept_if_you_can_go_out():
    game = position(["5♥", "K♦ 2♦"], top="7♥")
    s = pz.survey(game, "stuck")
    assert s.misses.get("went_out") == 1 and not s.answers


def test_v2_an_eight_left_last_is_not_safe():
    game = position(["8♠ 5♥ 5♣", "K♦ 2♦"], top="7♥", rules="v2")
    s = pz.survey(game, "v2_safe")
    assert shown(s.answers) == [["8♠ (counting as anything)"]]
    assert s.misses == {"not_ready": 1, "only_special": 1}  # 5♥ keeps 8♠ 5♣; 5♥ 5♣ keeps 8♠
    without_v2 = position(["8♠ 5♥ 5♣", "K♦ 2♦"], top="7♥")  # there a lone eight can go out
    assert len(pz.survey(without_v2, "v2_safe").answers) == 2


def test_v2_laying_an_eight_last_needs_a_draw_and_is_not_going_out():
    game = position(["8♠", "K♦ 2♦"], top="7♥", rules="v2")
    s = pz.survey(game, "go_out")
    assert not s.answers and s.misses == {"must_draw": 4} and s.lines == 4  # once per suit


def test_the_search_refuses_what_it_cannot_judge():
    with pytest.raises(pz.PuzzleError, match="lappen"):
        pz.survey(position(["5♥ 2♣", "K♦"], top="7♥", rules="v3"), "go_out")
    game = position(["5♥", "K♦"], top="7♥")
    game.play("5♥")
    with pytest.raises(pz.PuzzleError, match="over"):
        pz.survey(game, "go_out")
    with pytest.raises(pz.PuzzleError, match="history"):
        pz.survey(position(["5♥ 2♣", "K♦"], top="7♥").copy(history=False), "go_out")
    with pytest.raises(pz.PuzzleError, match="unknown puzzle kind"):
        pz.survey(position(["5♥ 2♣", "K♦"], top="7♥"), "win")


# An independent check of the search: every line of the turn played with Game.play on copies,
# every choice of every eight tried (no short cuts), the answers grouped by the module's rules.
def _naive(game, kind):
    goal = pz.Goal(kind, game)  # the goal itself is what is being searched for
    mover = game.to_move
    results = []  # (list of moves, reached)

    def walk(g, line):
        for move in g.legal_moves():
            if move.is_draw:
                continue
            h = g.copy()
            h.play(move)
            if h.is_over or h.to_move != mover or h.must_draw:
                results.append(([*line, move], goal(h).reached))
            else:
                walk(h, [*line, move])

    walk(game, [])
    return results


def _group(results):
    """The module's rule, restated: a line's eights with every choice right are "any";
    otherwise one answer per (suit, rest of the line)."""
    by_cards = {}
    for line, reached in results:
        key = tuple(m.decision()[:2] for m in line)
        by_cards.setdefault(key, []).append((line, reached))
    answers = set()
    for key, lines in by_cards.items():
        ok = [line for line, reached in lines if reached]
        if not ok:
            continue
        if len(ok) == len(lines):
            answers.add((key, None))
            continue
        for line in ok:
            suits = tuple(m.declared_suit for m in line)
            answers.add((key, suits))
    return answers


def _module_answers(game, kind):
    out = set()
    for answer in pz.survey(game, kind).answers:
        key = tuple(("pass" if step.kind == "pass" else "play", step.cards) for step in answer)
        if all(step.choices is None for step in answer):
            out.add((key, None))
        else:
            out.add((key, tuple(step.suit for step in answer)))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(pz.KINDS), level=st.sampled_from(pz.LEVELS), seed=st.integers(0, 10**6))
def test_the_search_agrees_with_playing_every_line_on_copies(kind, level, seed):
    """On random positions of every kind, the search finds exactly the answers that playing
    every legal line (Game.play on copies, all 52 choices of every eight) finds."""
    drawn = pz.draw_position(kind, level, random.Random(seed))
    kwargs = dict(drawn)
    rules = v.Rules.parse(kwargs.pop("rules"))
    game = v.Game.from_position(**kwargs, rules=rules)
    naive = _naive(game, kind)
    expected = _group(naive)
    # the module groups eights "any" only when every choice of that very line works; a line
    # that works for some choices of each suit of the same cards is "any" in neither
    assert _module_answers(game, kind) == expected
    assert pz.survey(game, kind).lines >= len({tuple(m.decision()[:2] for m in line) for line, _ in naive})


# -- every kind: the answer is accepted, a wrong try is answered --------------------------------


def _by_kind():
    puzzles = v.load_puzzles()
    return {kind: [p for p in puzzles if p.kind == kind] for kind in pz.KINDS}


@pytest.mark.parametrize("kind", pz.KINDS)
def test_each_kinds_answers_are_accepted_by_the_rules(kind):
    for puzzle in _by_kind()[kind]:
        game = puzzle.game()
        done = []
        for number, step in enumerate(puzzle.solution):
            verdict = game.play(step.move)  # the rules accept it (IllegalMoveError otherwise)
            assert verdict.legal
            result = puzzle.attempt(done, step.move)
            assert result.status == ("solved" if number == puzzle.depth - 1 else "step")
            assert result.verdict.text("sv") == puzzle.game_after(done).check(step.move).text("sv")
            done.append(step.move)
        assert pz.Goal(kind, puzzle.game())(game).reached


@pytest.mark.parametrize("kind", pz.KINDS)
def test_a_wrong_try_gets_the_rules_reason_and_a_hint(kind):
    puzzle = _by_kind()[kind][0]
    game = puzzle.game()
    hand = game.hand(puzzle.mover)
    # an allowed move that is not the answer
    wrong = next(m for m in game.legal_moves() if not m.is_draw and not puzzle.solution[0].accepts(m))
    result = puzzle.attempt([], wrong)
    assert result.status == "wrong" and result.verdict.legal
    assert result.verdict.text("en") == game.check(wrong).text("en")
    assert result.outcome is not None and not result.outcome.reached
    for lang in ("sv", "en"):
        assert result.outcome.text(lang)
        assert puzzle.hint(0, lang) and puzzle.hint(0, lang) != puzzle.answer_text(lang)
    # a move the rules refuse: a card that fits neither suit nor rank, or one not held
    refused = next(
        (
            v.Move.play([c])
            for c in hand
            if not c.is_eight and not game.is_legal(v.Move.play([c])) and not c.is_ace
        ),
        v.Move.parse("K♠" if v.Card.parse("K♠") not in hand else "Q♠"),
    )
    result = puzzle.attempt([], refused)
    assert result.status == "illegal" and not result.verdict.legal
    assert result.verdict.text("sv") == game.check(refused).text("sv")
    assert result.rule_hint("sv") and result.rule_hint("en")
    assert result.rule_hint("en") in {pz.words(key, "en") for key in pz.WORDS if key.startswith("rule_")}
    # a draw: allowed, never the answer
    draw = puzzle.attempt([], "draw")
    assert draw.status == "wrong" and draw.outcome.key == "draw" and draw.verdict.legal


def test_hints_point_to_the_rule_that_refused():
    def other_suit(puzzle):  # a card left after the answer's ace, of another suit
        ace = puzzle.solution[0].cards
        left = puzzle.game_after([puzzle.solution[0].move]).hand(puzzle.mover)
        return next((c for c in left if c.suit is not ace[-1].suit and not c.is_eight), None)

    puzzle = next(
        p for p in v.load_puzzles() if p.solution[0].cards[0].is_ace and p.depth > 1 and other_suit(p)
    )
    ace, other = puzzle.solution[0].move, other_suit(puzzle)
    result = puzzle.attempt([ace], v.Move.play([other]))
    assert result.status == "illegal" and "R7" in result.verdict.rules
    assert result.rule_hint("en") == pz.words("rule_R7", "en")


def test_a_wrong_choice_for_the_eight_is_told_apart():
    puzzle = next(p for p in v.load_puzzles() if p.kind == "choose")
    step = puzzle.solution[0]
    wrong_suit = next(s for s in v.Suit if s is not step.suit)
    wrong = v.Move.play(step.cards, declare=(wrong_suit, v.Rank.KING))
    result = puzzle.attempt([], wrong)
    assert result.status == "wrong" and result.outcome.key == "wrong_choice"
    # it says what the next player could then lay, in the rules' words
    after = puzzle.game()
    after.play(wrong)
    detail = pz.Goal("choose", puzzle.game())(after, explain=True)
    assert detail.key == "next_can_lay"
    assert result.outcome.text("en") == (
        f"The right card – but {detail.text('en')} Think again about what the eight should count as."
    )
    right = puzzle.attempt([], step.move)
    assert right.status == "solved"


def test_what_the_next_player_could_lay_is_explained_by_the_rules():
    game = position(["8♦ Q♣ 9♥", "4♠ K♥ 9♦ 2♥"], top="10♥")
    goal = pz.Goal("stuck", game)
    game.play("9♥")
    outcome = goal(game, explain=True)
    assert outcome.key == "next_can_lay" and not outcome.reached
    card = game.legal_moves().plays()[0][0]
    reason = game.check(v.Move.play(card)).text("en", player="Player 2")
    assert outcome.text("en") == f"Player 2 can lay {v.format_cards(card)}: {reason}"
    assert outcome.text("sv").startswith("Spelare 2 kan lägga ")
    assert goal(game).key == "next_can_lay"  # the search's quick form


def test_attempt_checks_the_moves_given_as_done():
    puzzle = next(p for p in v.load_puzzles() if p.depth == 2)
    with pytest.raises(pz.PuzzleError, match="not the answer's move"):
        puzzle.attempt(["draw"], puzzle.solution[1].move)
    with pytest.raises(pz.PuzzleError, match="already solved"):
        puzzle.attempt([s.move for s in puzzle.solution], "draw")
    with pytest.raises(v.InvalidMoveError):
        puzzle.attempt([], "seven of hearts")


# -- files ------------------------------------------------------------------------------------


def test_a_puzzle_goes_to_json_and_back():
    for puzzle in v.load_puzzles()[::7]:
        again = pz.Puzzle.from_json(json.loads(json.dumps(puzzle.to_json())))
        assert again == puzzle


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(kind="win"), "'kind' must be one of"),
        (lambda d: d.update(level=7), "'level' must be 1, 2 or 3"),
        (lambda d: d.update(seed="1"), "'seed' must be a whole number"),
        (lambda d: d.update(solution=[]), "'solution' must be a list"),
        (lambda d: d.update(solution=[{"cards": "7♠=K♥"}]), "step 1: 'cards'"),
        (lambda d: d.update(solution=[{"cards": "5♥", "counts_as": "any"}]), "only an eight"),
        (lambda d: d.update(solution=[{"cards": "8♥", "counts_as": ["K♥", "Q♠"]}]), "one suit"),
        (lambda d: d.update(solution=[{"cards": "8♥", "counts_as": ["X♥"]}]), "counts_as"),
        (lambda d: d.update(solution=[{"cards": "5♥ 5♣ 5♠ 5♦"}]), "ascending"),
        (lambda d: d["position"].update(hands="5♥"), "'position' must hold"),
        (lambda d: d["position"].update(top="5♥ 5♣"), "cannot be set up"),
    ],
)
def test_a_bad_puzzle_is_refused_with_what_is_wrong(change, message):
    data = json.loads(json.dumps(v.load_puzzles()[0].to_json()))
    change(data)
    with pytest.raises(pz.PuzzleError, match=message):
        pz.Puzzle.from_json(data, "puzzle 1")


def test_a_bad_puzzle_file_is_refused():
    with pytest.raises(pz.PuzzleError, match="not JSON"):
        pz.read_puzzles("{")
    with pytest.raises(pz.PuzzleError, match="not a puzzle file"):
        pz.read_puzzles("[]")
    with pytest.raises(pz.PuzzleError, match="version"):
        pz.read_puzzles('{"format": "vandatta-puzzles", "version": 99, "puzzles": []}')
    with pytest.raises(pz.PuzzleError, match="puzzle 1: a puzzle is a JSON object"):
        pz.read_puzzles('{"format": "vandatta-puzzles", "version": 1, "puzzles": [3]}')


def test_verify_catches_a_puzzle_with_another_answer():
    puzzle = next(p for p in v.load_puzzles() if p.kind == "stuck")
    hands = list(puzzle.position["hands"])
    hands[1] = "8♠"  # the next player now always has a play: no answer at all
    broken = pz.Puzzle(**{**puzzle.__dict__, "position": {**puzzle.position, "hands": hands}})
    with pytest.raises(pz.PuzzleError, match="answers found: none"):
        broken.verify()
    wrong_level = pz.Puzzle(**{**puzzle.__dict__, "level": 3 if puzzle.level != 3 else 1})
    with pytest.raises(pz.PuzzleError, match="level"):
        wrong_level.verify()


# -- words ------------------------------------------------------------------------------------


def test_every_text_has_both_languages_and_no_avoided_word():
    sys.path.insert(0, str(ROOT))
    from scripts.glossary_audit import hits

    for key, texts in pz.WORDS.items():
        assert set(texts) == {"sv", "en"} and all(texts.values()), key
    found = list(hits(ROOT, ["vandatta/ai/puzzles.py"], []))
    assert not found, found
    for puzzle in v.load_puzzles():
        for lang in ("sv", "en"):
            assert puzzle.task(lang) and puzzle.answer_text(lang)
            assert "{" not in puzzle.task(lang)


def test_levels_come_from_lines_and_depth():
    assert [pz.level_of(1, n) for n in (2, 4, 5, 8, 9)] == [1, 1, 2, 2, 3]
    assert [pz.level_of(2, n) for n in (2, 4, 5)] == [1, 2, 3]
    for puzzle in v.load_puzzles():
        assert puzzle.level == pz.level_of(puzzle.depth, puzzle.lines)
