"""The strong player's budget for a quick game (a page that deals computer players) is the
engine's: vandatta.ai.computer_players and SearchBudget."""

from __future__ import annotations

import pytest

from vandatta import Game
from vandatta.ai import QUICK_SEARCH, BudgetedPlayer, SearchBudget, computer_players, play_game
from vandatta.record import write_record


def playouts_of(game: Game) -> list[int]:
    return [(game.annotation(ply) or {}).get("playouts", 0) for ply in range(1, game.ply + 1)]


def test_strong_players_share_a_small_budget_then_play_like_the_expert() -> None:
    budget = SearchBudget(per_game=150)
    game = play_game(computer_players(["strong", "strong", "expert"], seed=2, budget=budget), seed=2)
    assert game.is_over
    assert [p["player"] for p in write_record(game)["players"]] == ["strong", "strong", "expert"]
    spent = playouts_of(game)
    assert 0 < sum(spent) < 150 + budget.playouts * 2
    last_search = max(i for i, n in enumerate(spent) if n)
    assert last_search < len(spent) - 3, "after the budget the strong seats stop searching"
    again = play_game(computer_players(["strong", "strong", "expert"], seed=2, budget=budget), seed=2)
    assert again.moves == game.moves, "the budget counts playouts, not seconds: same seed, same game"


def test_eight_strong_players_finish_within_the_quick_budget() -> None:
    game = play_game(computer_players(["strong"] * 8, seed=1), seed=1)
    assert game.is_over and {p["player"] for p in write_record(game)["players"]} == {"strong"}
    assert sum(playouts_of(game)) <= QUICK_SEARCH.per_game + QUICK_SEARCH.playouts * 8


def test_each_seat_gets_its_own_seed_and_only_strong_seats_a_budget() -> None:
    players = computer_players(["strong", "random", "strong"], seed=5)
    assert [p.name for p in players] == ["strong", "random", "strong"]
    assert isinstance(players[0], BudgetedPlayer) and not isinstance(players[1], BudgetedPlayer)
    assert players[0].budget is players[2].budget  # one budget for the game's strong seats
    assert players[0].budget.left == QUICK_SEARCH.per_game


@pytest.mark.parametrize("kinds", [["wizard"], ["human"], [3]])
def test_an_unknown_kind_is_refused(kinds) -> None:
    with pytest.raises(ValueError, match="unknown computer player"):
        computer_players(kinds, seed=1)


@pytest.mark.parametrize("field", ["playouts", "candidates", "max_plies", "per_game"])
@pytest.mark.parametrize("bad", [-1, 1.5, True, "32"])
def test_a_budget_is_whole_numbers(field, bad) -> None:
    with pytest.raises(ValueError, match=f"SearchBudget.{field}"):
        SearchBudget(**{field: bad})
