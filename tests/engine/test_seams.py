"""The engine's seams: movegen's interface is what game uses, and the rule switches live in
one Rules value on the game rather than copied into its slots."""

from __future__ import annotations

import ast
import dataclasses
import random
import re
from pathlib import Path

import vandatta as v
from vandatta import movegen
from vandatta.game import Game

GAME_PY = Path(v.__file__).with_name("game.py")


def _imported_from_movegen() -> set[str]:
    tree = ast.parse(GAME_PY.read_text(encoding="utf-8"))
    return {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "movegen"
        for alias in node.names
    }


def test_game_imports_only_movegens_public_interface():
    used = _imported_from_movegen()
    assert used, "game.py imports from movegen"
    assert used <= set(movegen.__all__), f"not in movegen.__all__: {sorted(used - set(movegen.__all__))}"
    assert len(movegen.__all__) <= 20, "movegen's interface stays small"
    assert all(hasattr(movegen, name) for name in movegen.__all__)


def test_movegens_caches_stay_inside():
    for inside in ("LISTS", "GROUPS", "PAIR_PLAYS", "list_new", "list_extend", "make_move", "Families"):
        assert inside not in movegen.__all__
        assert inside not in _imported_from_movegen()


SWITCH_SLOT = re.compile(r"_[vo]\d+|_wait|_penalty|_drawing|_places|_filter")


def test_the_rule_switches_are_one_value_on_the_game():
    assert "_rules" in Game.__slots__  # (read through the property Game.rules)
    copied = [name for name in Game.__slots__ if SWITCH_SLOT.fullmatch(name)]
    assert not copied, f"rule switches copied into Game's slots: {copied}"


def test_a_copy_keeps_the_same_rules_and_plays_the_same():
    rules = v.Rules.parse("v1 v3 o5 o8=one o9 o11 o13 o14")
    g = Game.deal(3, seed=11, rules=rules)
    for ply in range(12):
        if g.is_over:
            break
        c = g.copy(history=ply % 2 == 0)
        assert c.rules is g.rules
        assert list(c.legal_moves()) == list(g.legal_moves())
        move = g.legal_moves().choice(random.Random(ply))
        assert c.play(move).legal and g.play(move).legal
        assert c.hands == g.hands and c.to_move == g.to_move


def test_rule_o11_refuses_an_eight_while_another_card_fits_and_leaves_the_rules():
    rules = v.Rules(eight_last_resort=True)
    g = Game.from_position(hands=["8♠ 7♥", "K♠"], top="7♣", talon="9♠", rules=rules)
    verdict = g.check("8♠=K♥")
    assert not verdict.legal and "O11" in verdict.rules
    assert g.rules is rules  # (the check measures against the rules without O11, then puts them back)
    assert [str(m) for m in g.legal_moves()] == ["7♥", "draw"]


def test_rules_are_frozen_so_sharing_them_between_copies_is_safe():
    rules = v.Rules(lappen=True)
    try:
        rules.lappen = False  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:  # pragma: no cover
        raise AssertionError("Rules must stay frozen: games and their copies share one")


def test_generate_takes_the_position_by_place_and_the_rest_by_name():
    """movegen.generate: the hand, its code and the first-card table by place; the turn's
    state, the rules (one value) and the game's statements of rules R7 and V3 by name."""
    import inspect

    params = inspect.signature(movegen.generate).parameters.values()
    by_place = [p.name for p in params if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    by_name = [p.name for p in params if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert by_place == ["hand", "code", "table"]
    assert "rules" in by_name and len(by_name) <= 6


def test_a_games_rules_cannot_be_swapped_under_it():
    g = Game.deal(2, seed=3, rules=v.Rules(lappen=True))
    before = list(g.legal_moves())
    try:
        g.rules = v.Rules()  # type: ignore[misc]  # (the test: a read-only property)
    except AttributeError:
        pass
    else:
        raise AssertionError("Game.rules must be read-only")
    assert g.rules == v.Rules(lappen=True) and list(g.legal_moves()) == before
