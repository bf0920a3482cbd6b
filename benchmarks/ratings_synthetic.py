"""Synthetic rated games for benchmarks: a population with hidden skills, deterministic by seed.

    from benchmarks.ratings_synthetic import synthetic_games, synthetic_population
    population = synthetic_population(2_000, seed=1)
    games = list(synthetic_games(100_000, seed=1, population=population))

Players are ids 1..N. Each has a hidden red skill and black skill in Elo points (a shared general
skill plus a colour-specific part) and an activity level (log-normal: a few play most games).
A quarter of the players are there from the first game; the rest join evenly over the first 70 %
of the games. Each game seats 10 of the players who have joined, drawn by activity, deals 7 red
and 3 black, and draws the winner from the true model: red wins with probability
1 / (1 + 10^((mean black skill − mean red skill − colour advantage) / 400)).
Tiers are mixed (75 % club, 20 % tournament, 5 % major); 0.5 % of games have no winner.
Order keys are (played_at, game_id): eight tables share each start time.

Run as a script for a short summary: .venv/bin/python benchmarks/ratings_synthetic.py
"""

from __future__ import annotations

import argparse
import random
import sys
from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ratings.engine import RatingGame  # noqa: E402

#: Red's edge in Elo points when the skills are equal: 70 points is red winning about 60 %.
COLOUR_ADVANTAGE = 70.0
GENERAL_SKILL_SD = 120.0
COLOUR_SKILL_SD = 80.0
START_TIME = 1_700_000_000  # seconds; the first evening
TABLES_PER_SLOT = 8


@dataclass(frozen=True)
class SyntheticPopulation:
    """Hidden truth for players 1..N (index i is player i + 1)."""

    red_skill: tuple[float, ...]
    black_skill: tuple[float, ...]
    activity: tuple[float, ...]
    joins_at: tuple[float, ...]  # fraction of the games played before the player appears

    def __len__(self) -> int:
        return len(self.red_skill)

    def skill(self, player_id: int) -> float:
        """Overall hidden skill: red + black, the player's expected pull on a game's odds
        (a red seat counts 1/7 seven times in ten deals, a black seat 1/3 three times)."""
        return self.red_skill[player_id - 1] + self.black_skill[player_id - 1]


def synthetic_population(players: int = 2_000, *, seed: int = 0) -> SyntheticPopulation:
    rng = random.Random(f"population:{seed}")
    red, black, activity, joins = [], [], [], []
    early = players // 4
    for index in range(players):
        general = rng.gauss(0.0, GENERAL_SKILL_SD)
        red.append(general + rng.gauss(0.0, COLOUR_SKILL_SD))
        black.append(general + rng.gauss(0.0, COLOUR_SKILL_SD))
        activity.append(rng.lognormvariate(0.0, 1.0))
        joins.append(0.0 if index < early else 0.7 * (index - early) / (players - early))
    return SyntheticPopulation(tuple(red), tuple(black), tuple(activity), tuple(joins))


def synthetic_games(
    n: int,
    *,
    seed: int = 0,
    population: SyntheticPopulation | None = None,
    players: int = 2_000,
) -> Iterator[RatingGame]:
    """`n` games in increasing order key, the same for the same seed and population."""
    if population is None:
        population = synthetic_population(players, seed=seed)
    rng = random.Random(f"games:{seed}")
    random_ = rng.random
    size = len(population)
    cumulative = list(accumulate(population.activity))
    joined_by = [round(fraction * n) for fraction in population.joins_at]
    red_skill, black_skill = population.red_skill, population.black_skill
    joined = 0
    for index in range(n):
        while joined < size and joined_by[joined] <= index:
            joined += 1
        if joined < 10:
            raise ValueError("a synthetic table needs at least 10 players")
        total = cumulative[joined - 1]
        seats: list[int] = []
        while len(seats) < 10:
            player = bisect_right(cumulative, random_() * total, 0, joined - 1)
            if player not in seats:
                seats.append(player)
        rng.shuffle(seats)
        red, black = seats[:7], seats[7:]
        gap = sum(black_skill[p] for p in black) / 3 - sum(red_skill[p] for p in red) / 7
        red_chance = 1.0 / (1.0 + 10.0 ** ((gap - COLOUR_ADVANTAGE) / 400.0))
        winner = "red" if random_() < red_chance else "black"
        if random_() < 0.005:
            winner = None  # unfinished: the rating skips it
        tier_draw = random_()
        tier = "club" if tier_draw < 0.75 else "tournament" if tier_draw < 0.95 else "major"
        game_id = index + 1
        yield RatingGame(
            game_id=game_id,
            order_key=(START_TIME + (index // TABLES_PER_SLOT) * 3_600, game_id),
            red=tuple(p + 1 for p in red),
            black=tuple(p + 1 for p in black),
            winner=winner,
            tier=tier,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description="Prints a summary of the synthetic games.")
    parser.add_argument("--games", type=int, default=10_000)
    games = list(synthetic_games(parser.parse_args().games, seed=0))
    rated = [game for game in games if game.winner is not None]
    red_wins = sum(game.winner == "red" for game in rated)
    print(
        f"synthetic: {len(games):,} games, {len(rated):,} with a winner, "
        f"red won {red_wins / len(rated):.1%}; first {games[0].order_key}, last {games[-1].order_key}"
    )


if __name__ == "__main__":
    main()
