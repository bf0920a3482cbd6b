"""The quality report of a seating and the lower bound its meeting deviation is measured against."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from .model import SEATS_PER_TABLE, Seating, SeatingError, check_dimensions


def _pairs(n: int) -> int:
    return n * (n - 1) // 2


def _even_split_pairs(items: int, boxes: int) -> int:
    """The fewest pairs inside boxes when ``items`` are put into ``boxes``: Σ C(a_i, 2) is
    convex, so the minimum spreads the items as evenly as possible."""
    q, rem = divmod(items, boxes)
    return (boxes - rem) * _pairs(q) + rem * _pairs(q + 1)


# At most this many rounds of 100 players at ten tables are pairwise orthogonal (every two
# tables of different rounds share exactly one player): nine would be seven mutually orthogonal
# Latin squares of order 10, which Bruck's completion theorem (a net of order n and deficiency 2
# completes when n > 4) would complete to an affine plane of order 10, and there is none (Lam,
# Thiel and Swiercz, 1989). Whether even five exist (three MOLS of order 10) is open.
MOST_ORTHOGONAL_ROUNDS_OF_TEN = 8


def _ten_table_non_orthogonal_pairs(rounds: int) -> int:
    """The fewest pairs of rounds that are not orthogonal among ``rounds`` rounds of 100 players
    at ten tables: any nine rounds hold such a pair, so the graph of those pairs has no nine
    independent vertices; the fewest edges for that is 8 cliques as even as possible (Turán)."""
    q, rem = divmod(rounds, MOST_ORTHOGONAL_ROUNDS_OF_TEN)
    return (MOST_ORTHOGONAL_ROUNDS_OF_TEN - rem) * _pairs(q) + rem * _pairs(q + 1)


def meeting_deviation_lower_bound(players: int, tables: int, rounds: int) -> float:
    """A lower bound on Σ over pairs (m − e)² for any seating of these dimensions.

    m is how often a pair met, e = (meetings in all) / C(players, 2). The number of meetings
    M = 45·tables·rounds is fixed, so Σ (m − e)² = Σ m² − M² / P (P pairs), and
    Σ m² = M + 2·Σ C(m, 2). Σ C(m, 2) counts, for every pair of rounds, the pairs of players who
    share a table in both; in two rounds the tables×tables matrix of table intersections a_ij
    holds the k players who play both rounds, and those pairs number Σ C(a_ij, 2), at least the
    even split of k over tables² cells. k is at least 2·10·tables − players for each pair of rounds,
    and Σ k over pairs of rounds = Σ over players C(games, 2), least when games are balanced. For
    100 players at ten tables, where that count is 0, at most eight rounds are pairwise
    orthogonal (:data:`MOST_ORTHOGONAL_ROUNDS_OF_TEN`), and every other pair of rounds costs at
    least two. The bound is the larger of this and the integrality bound (every m within one of
    e). See docs/seating.md for the derivation.
    """
    check_dimensions(players, tables, rounds)
    seated = SEATS_PER_TABLE * tables
    meetings = _pairs(SEATS_PER_TABLE) * tables * rounds
    pairs = _pairs(players)
    if pairs == 0:
        return 0.0

    # Σ k over pairs of rounds, at its least: games as even as possible.
    games_q, games_rem = divmod(seated * rounds, players)
    both_total = (players - games_rem) * _pairs(games_q) + games_rem * _pairs(games_q + 1)
    round_pairs = _pairs(rounds)
    cells = tables * tables
    repeats = 0
    if round_pairs:
        # Spread the Σ k over the round pairs as evenly as possible (the pair count for a given k
        # is convex and increasing in k), but never below the least possible overlap.
        least = max(0, 2 * seated - players)
        k_q, k_rem = divmod(both_total, round_pairs)
        ks = [k_q + 1] * k_rem + [k_q] * (round_pairs - k_rem)
        repeats = sum(_even_split_pairs(max(k, least), cells) for k in ks)
    if players == SEATS_PER_TABLE * tables == SEATS_PER_TABLE * SEATS_PER_TABLE:
        # Two rounds that are not orthogonal share a table pair in at least two cells: a cell of
        # 2 leaves a 0 in its row, whose column then needs another 2 (docs/seating.md).
        repeats = max(repeats, 2 * _ten_table_non_orthogonal_pairs(rounds))
    sum_squares_pairs = meetings + 2 * repeats
    m_q, m_rem = divmod(meetings, pairs)
    sum_squares_integral = (pairs - m_rem) * m_q * m_q + m_rem * (m_q + 1) * (m_q + 1)
    sum_squares = max(sum_squares_pairs, sum_squares_integral)
    return max(0.0, sum_squares - meetings * meetings / pairs)


def _club_ids(clubs: Sequence[str | None] | None, players: int) -> list[str | None] | None:
    if clubs is None:
        return None
    if isinstance(clubs, str) or len(clubs) != players:
        raise SeatingError(f"Give one club (or None) for each of the {players} players.")
    return [None if c is None or c == "" else str(c) for c in clubs]


def seating_quality(seating: Seating, clubs: Sequence[str | None] | None = None) -> dict[str, Any]:
    """The quality report of ``seating`` (a JSON-ready dict; see the package docstring)."""
    n = seating.players
    rounds = seating.round_count
    club_of = _club_ids(clubs, n)

    m = [[0] * n for _ in range(n)]
    seat_counts = [[0] * SEATS_PER_TABLE for _ in range(n)]
    games = [0] * n
    same_club: list[int] = []
    for rnd in seating.rounds:
        clubmates = 0
        for table in rnd:
            idx = [p - 1 for p in table]
            for s, a in enumerate(idx):
                games[a] += 1
                seat_counts[a][s] += 1
                for b in idx[s + 1 :]:
                    m[a][b] += 1
                    m[b][a] += 1
                    if club_of is not None and club_of[a] is not None and club_of[a] == club_of[b]:
                        clubmates += 1
        same_club.append(clubmates)

    pairs = _pairs(n)
    values = [m[a][b] for a in range(n) for b in range(a + 1, n)]
    total = sum(values)
    expected = total / pairs if pairs else 0.0
    sq_dev = sum((v - expected) ** 2 for v in values) if values else 0.0
    bound = meeting_deviation_lower_bound(n, seating.tables, rounds)
    histogram: dict[str, int] = {}
    for v in sorted(values):
        histogram[str(v)] = histogram.get(str(v), 0) + 1

    max_same_seat = max(max(row) for row in seat_counts)
    ideal_max_same_seat = max(math.ceil(g / SEATS_PER_TABLE) for g in games)
    repeats = sum(c - 1 for row in seat_counts for c in row if c > 1)
    ideal_repeats = sum(max(0, g - SEATS_PER_TABLE) for g in games)
    players_repeating = sum(1 for row in seat_counts if max(row) > 1)

    report: dict[str, Any] = {
        "meetings": {
            "expected": round(expected, 6),
            "min": min(values) if values else 0,
            "max": max(values) if values else 0,
            "std_dev": round(math.sqrt(sq_dev / pairs), 6) if pairs else 0.0,
            "squared_deviation": round(sq_dev, 6),
            "lower_bound": round(bound, 6),
            "ratio_to_bound": round(sq_dev / bound, 6) if bound > 0 else None,
            "histogram": histogram,
        },
        "seats": {
            "max_same_seat": max_same_seat,
            "ideal_max_same_seat": ideal_max_same_seat,
            "players_repeating_a_seat": players_repeating,
            "repeats": repeats,
            "ideal_repeats": ideal_repeats,
        },
        "games": {
            "min": min(games),
            "max": max(games),
            "sit_outs_min": rounds - max(games),
            "sit_outs_max": rounds - min(games),
        },
        "clubs": {
            "same_club_pairs_per_round": same_club,
        },
    }
    return report
