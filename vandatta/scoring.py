"""The game to 100 (S2, O3, O7) over rounds; card points (S1) are :func:`vandatta.cards.hand_points`.

>>> hand_points(["8♠", "A♥"])
40
>>> hand_points("10♦ K♣ 2♠")
25
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import Card, hand_points
from .game import Game
from .rules import Rules, check_players

__all__ = ["Match", "hand_points"]


class Match:
    """The game to 100 (S2), or first to 100 (O3), or the lowest total when anyone passes 100
    (O7): rounds with a rotating dealer until one player is left below 100 (S2) or the game
    ends (O3, O7).

    ``m.game`` is the current round; its seats are 0..k-1 and ``m.seats[i]`` is the match
    seat of the round's seat ``i``. ``m.totals`` (per match seat) counts every finished
    round, the current one as soon as it is over. Call :meth:`next_round` to deal the next.

    >>> m = Match(players=3, seed=1)
    >>> m.seats, m.game.dealer, m.totals
    ([0, 1, 2], 0, [0, 0, 0])
    """

    def __init__(
        self,
        players: int = 4,
        *,
        seed: int | None = None,
        rules: Rules | None = None,
        names: Sequence[str] | None = None,
        target: int = 100,
    ) -> None:
        check_players(players)  # rule R1
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        if names is not None and len(names) != players:
            raise ValueError(f"names must list {players} players")
        self.players = players
        self.seed = seed
        self.rules = rules if rules is not None else Rules()
        self.names = tuple(names) if names is not None else None
        self.target = target
        self._seed_rng = random.Random(seed)
        self.rounds: list[tuple[list[int], Game]] = []  # finished rounds: (match seats, game)
        self._dealer = 0  # R3: match seat 0 deals the first round
        self._deal()

    def _deal(self) -> None:
        alive = self.alive
        seats = alive
        dealer = seats.index(self._dealer)
        names = [self.names[s] for s in seats] if self.names else None
        round_seed = self._seed_rng.getrandbits(32)
        self.seats = seats
        self.game = Game.deal(len(seats), seed=round_seed, rules=self.rules, dealer=dealer, names=names)

    def deal_again(self, *, deck: Sequence[Card | str], seed: int) -> Game:
        """Deal the current round again before its first move, from ``deck`` (front first)
        and ``seed`` (its later shuffles, R10), with the same seats, dealer and names: for a
        table that deals each round from the operating system's randomness, so that no deal
        follows from another, and for a match rebuilt from its rounds' records. Raises
        ``ValueError`` once the round has begun, or for a deck that is not the round's cards.

        >>> m = Match(players=2, seed=1)
        >>> deck = list(reversed(m.game.deck))
        >>> m.deal_again(deck=deck, seed=2**100).deck == tuple(deck), m.game.seed == 2**100
        (True, True)
        """
        if self.game.ply:
            raise ValueError("the round has begun: it cannot be dealt again")
        names = [self.names[s] for s in self.seats] if self.names else None
        self.game = Game.deal(
            len(self.seats), seed=seed, rules=self.rules, dealer=self.game.dealer, names=names, deck=deck
        )
        return self.game

    @property
    def alive(self) -> list[int]:
        """Match seats still in the game (total below the target), before the current round
        is counted."""
        totals = self._totals(include_current=False)
        if self.rules.lowest_wins_past_100:  # rule O7: only passing the target ends anything
            return [s for s in range(self.players) if totals[s] <= self.target]
        return [s for s in range(self.players) if totals[s] < self.target]

    def _totals(self, *, include_current: bool) -> list[int]:
        totals = [0] * self.players
        rounds = list(self.rounds)
        if include_current and self.game.is_over:
            rounds.append((self.seats, self.game))
        for seats, game in rounds:
            for i, points in enumerate(game.points()):
                totals[seats[i]] += points
        return totals

    @property
    def totals(self) -> list[int]:
        """Points per match seat, the current round included once it is over (S1, S2)."""
        return self._totals(include_current=True)

    def history(self) -> list[list[int]]:
        """The totals after each finished round (the current one too once it is over):
        data for a chart of how points pile up."""
        out = []
        totals = [0] * self.players
        rounds = list(self.rounds)
        if self.game.is_over:
            rounds.append((self.seats, self.game))
        for seats, game in rounds:
            for i, points in enumerate(game.points()):
                totals[seats[i]] += points
            out.append(list(totals))
        return out

    def places(self) -> list[list[int | None]]:
        """Rule O10: each finished round's place of every match seat (the current round too
        once it is over), ``None`` for a seat without one — not in the round, or still in when
        it was blocked (R10). Without O10 only the winner has a place, 1.

        >>> m = Match(players=2, seed=1, rules=Rules(play_for_places=True))
        >>> m.places()
        []
        """
        out = []
        rounds = list(self.rounds)
        if self.game.is_over:
            rounds.append((self.seats, self.game))
        for seats, game in rounds:
            row: list[int | None] = [None] * self.players
            for i, seat in enumerate(seats):
                row[seat] = game.place(i)
            out.append(row)
        return out

    @property
    def is_over(self) -> bool:
        """Whether the match has been decided (S2; O3; O7)."""
        return bool(self.winners)

    @property
    def winners(self) -> list[int]:
        """The winning match seats (sorted; equal totals share), or ``[]`` while undecided."""
        if not self.game.is_over:
            return []
        totals = self.totals
        in_round = self.seats
        if self.rules.lowest_wins_past_100:  # rule O7: the game ends the round anyone passes 100
            if not any(totals[s] > self.target for s in in_round):
                return []
            best = min(totals[s] for s in in_round)
            return sorted(s for s in in_round if totals[s] == best)
        reached = [s for s in in_round if totals[s] >= self.target]
        if self.rules.first_to_100_ends:  # rule O3: the game ends the round anyone reaches 100
            if not reached:
                return []
            best = min(totals[s] for s in in_round)
            return sorted(s for s in in_round if totals[s] == best)
        # rule S2: the last player left below 100 wins; if all reached it, the lowest total
        below = [s for s in in_round if totals[s] < self.target]
        if len(below) >= 2:
            return []
        if len(below) == 1:
            return below
        best = min(totals[s] for s in in_round)  # every player reached the target this round
        return sorted(s for s in in_round if totals[s] == best)

    def next_round(self) -> Game:
        """Count the finished round and deal the next one; the deal passes to the next seat
        still in the game (R3). Raises ``ValueError`` if the round is not over or the match is."""
        if not self.game.is_over:
            raise ValueError("the current round is not over yet")
        if self.is_over:
            raise ValueError("the match is over")
        self.rounds.append((self.seats, self.game))
        alive = self.alive
        nxt = self._dealer
        for _ in range(self.players):
            nxt = (nxt + 1) % self.players
            if nxt in alive:
                break
        self._dealer = nxt
        self._deal()
        return self.game

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return len(self.rounds) + 1

    def __repr__(self) -> str:
        return (
            f"<Match {self.players} players, {self.rules!s}, round {self.round_number}, totals {self.totals}>"
        )
