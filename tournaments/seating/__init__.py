"""Tournament seating: who plays at which table, in which seat, in every round.

Pure Python — nothing here imports Django — so the organisers' pages, the API, the management
command ``generate_seating`` and the benchmark all call the same code.

API
---
``generate_seating(players, tables, rounds, seed, clubs=None, time_budget=None, *,
iterations=None, club_rounds=None) -> Seating``
    Players are numbered 1..players; every table seats ten. When players > 10·tables, some
    sit out each round, in turn, so games per player differ by at most one. ``clubs[p - 1]`` is
    player p's club label (or None); clubmates are kept apart in the first ``club_rounds``
    rounds (default: the first half, rounded up) wherever the numbers allow. The same arguments
    always give the same seating (``random.Random(seed)``, no global state); ``time_budget``
    (seconds) only cuts the search short — when it does, the result depends on the machine.
    ``iterations`` sets the number of search steps (default ``default_iterations(...)``).
    Bad arguments raise ``SeatingError`` (a ``ValueError``) with a message for the organiser.

``Seating`` (frozen dataclass: ``players``, ``tables``, ``rounds``)
    ``rounds[r][t]`` is the tuple of the ten players at table t + 1 in round r + 1, in seat
    order 1..10. ``Seating.from_lists(players, tables, lists)`` validates stored nested lists;
    ``to_lists()`` gives them back; ``sitting_out(r)`` and ``games_per_player()`` help views.

``seating_quality(seating, clubs=None) -> dict``
    A JSON-ready report::

        meetings: expected, min, max, std_dev, squared_deviation, lower_bound,
                  ratio_to_bound, histogram ({"times met": number of pairs})
        seats:    max_same_seat, ideal_max_same_seat, players_repeating_a_seat,
                  repeats, ideal_repeats
        games:    min, max, sit_outs_min, sit_outs_max
        clubs:    same_club_pairs_per_round (pairs of clubmates at one table, per round)

    ``squared_deviation`` is Σ over pairs of (times met − expected)², expected = all
    meetings / C(players, 2); ``std_dev`` = √(squared_deviation / pairs).

``meeting_deviation_lower_bound(players, tables, rounds) -> float``
    No seating of these sizes has a smaller ``squared_deviation`` (docs/seating.md).

``swap_players(seating, round, player_a, player_b) -> Seating``
    A new seating with the two players' seats exchanged in ``round`` (1-based), or in every
    round when ``round`` is None. Recompute the report with ``seating_quality``.
"""

from .edit import swap_players
from .generator import default_iterations, generate_seating
from .model import SEATS_PER_TABLE, Seating, SeatingError
from .quality import meeting_deviation_lower_bound, seating_quality

__all__ = [
    "SEATS_PER_TABLE",
    "Seating",
    "SeatingError",
    "default_iterations",
    "generate_seating",
    "meeting_deviation_lower_bound",
    "seating_quality",
    "swap_players",
]
