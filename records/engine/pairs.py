"""Two players at one table: what each did to the other, and the head-to-head figures summed over
the games they shared (docs/records.md, "Head-to-head").

Pure Python, like the rest of the engine: `pair_facts` reads the protocol engine's `GameRecord`
the way `seat_facts` does (the same nominations, the same ballots, the same checks), and
`SharedGame` is one game of the two players as the store holds it. Each figure of the page is one
entry of `FIGURES`: a game's amount (0: the figure does not count the game), so a figure is the
sum of its amounts and its games are those with an amount.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from games.engine import GameRecord


@dataclass(frozen=True, slots=True)
class PairFacts:
    """What ``seat`` did to ``other`` and ``other`` to ``seat`` in one game."""

    nominated: int = 0  # seat's nominations of other
    nominated_by: int = 0  # other's nominations of seat
    voted: int = 0  # seat's ballots against other, in every voting round
    voted_by: int = 0  # other's ballots against seat
    checked: int = 0  # seat (the Sheriff or the Don) checked other
    checked_by: int = 0  # other checked seat


Pairs = tuple[tuple[int, int], ...]  # (by, target) seats, one per act
# Raise it when ``interactions`` reads a protocol differently: what was kept is then read anew.
INTERACTIONS_EDITION = 1


@dataclass(frozen=True, slots=True)
class Interactions:
    """Every act of one seat on another in a game: each nomination, ballot and check as (by,
    target), as the protocol engine's record holds them. Small and plain, so it is kept per game
    (``records.selectors.game_interactions``) and any two seats' facts are read from it."""

    nominations: Pairs = ()
    ballots: Pairs = ()
    checks: Pairs = ()

    def between(self, seat: int, other: int) -> PairFacts:
        return PairFacts(
            nominated=self.nominations.count((seat, other)), nominated_by=self.nominations.count((other, seat)),
            voted=self.ballots.count((seat, other)), voted_by=self.ballots.count((other, seat)),
            checked=self.checks.count((seat, other)), checked_by=self.checks.count((other, seat)),
        )


def interactions(record: GameRecord) -> Interactions:
    """The game's nominations, ballots and checks (docs/records.md readings 9–12 hold here too:
    every round's ballots, the record's ballots, no raise hands)."""
    return Interactions(
        nominations=tuple((n.by, n.target) for n in record.nominations),
        ballots=tuple((voter, candidate) for vote in record.votes for voter, candidate in vote.ballots.items()),
        checks=tuple((check.checker, check.target) for check in record.checks),
    )


def pair_facts(record: GameRecord, seat: int, other: int) -> PairFacts:
    """The two seats' nominations, ballots and checks of each other."""
    return interactions(record).between(seat, other)


@dataclass(frozen=True, slots=True)
class SharedGame:
    """One game both players sat in, seen from the first player ("first", "second")."""

    same_team: bool
    won: bool | None  # the first player's result; None: no winner
    points_milli: int  # the first player's
    other_points_milli: int
    pair: PairFacts

    @property
    def other_won(self) -> bool | None:
        return self.won if self.same_team or self.won is None else not self.won


Amount = Callable[[SharedGame], int]


def _one(condition: Callable[[SharedGame], bool]) -> Amount:
    return lambda game: int(condition(game))


# The head-to-head figures, one rule each: a game's amount. "first" is the page's first player.
FIGURES: dict[str, Amount] = {
    "together": _one(lambda g: True),
    "same_team": _one(lambda g: g.same_team),
    "won_together": _one(lambda g: g.same_team and g.won is True),
    "lost_together": _one(lambda g: g.same_team and g.won is False),
    "other_team": _one(lambda g: not g.same_team),
    "first_won": _one(lambda g: not g.same_team and g.won is True),
    "second_won": _one(lambda g: not g.same_team and g.other_won is True),
    "first_nominated": lambda g: g.pair.nominated,
    "second_nominated": lambda g: g.pair.nominated_by,
    "first_voted": lambda g: g.pair.voted,
    "second_voted": lambda g: g.pair.voted_by,
    "first_checked": lambda g: g.pair.checked,
    "second_checked": lambda g: g.pair.checked_by,
}
# the figures that count games (an amount of 0 or 1); the others sum what happened in them
GAME_COUNTS = frozenset({"together", "same_team", "won_together", "lost_together", "other_team",
                         "first_won", "second_won"})


def head_to_head(games: list[SharedGame]) -> dict[str, int]:
    """Every figure of `FIGURES` over the games, and both players' points (thousandths)."""
    sums = {name: sum(amount(game) for game in games) for name, amount in FIGURES.items()}
    sums["first_points_milli"] = sum(game.points_milli for game in games)
    sums["second_points_milli"] = sum(game.other_points_milli for game in games)
    return sums
