"""Hand edits of a generated seating."""

from __future__ import annotations

from .model import Seating, SeatingError


def swap_players(seating: Seating, round: int | None, player_a: int, player_b: int) -> Seating:
    """A new seating in which players ``player_a`` and ``player_b`` trade places.

    ``round`` is the round number as the organiser sees it (1..rounds); the two players exchange
    their seats in that round only. If one of them sits that round out, the other now sits out
    and the first takes the seat. ``round=None`` swaps them in every round (the two players trade
    their whole schedules). The input is left unchanged; recompute the report with
    :func:`seating_quality`.
    """
    rounds = seating.round_count
    if round is not None and (
        isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= rounds
    ):
        raise SeatingError(f"There is no round {round!r}: rounds are numbered 1..{rounds}.")
    for player in (player_a, player_b):
        if isinstance(player, bool) or not isinstance(player, int):
            raise SeatingError(f"Players are numbered 1..{seating.players}, not {player!r}.")
        if not 1 <= player <= seating.players:
            raise SeatingError(f"There is no player {player}: players are 1..{seating.players}.")

    exchange = {player_a: player_b, player_b: player_a}
    new_rounds = tuple(
        tuple(tuple(exchange.get(p, p) for p in table) for table in rnd)
        if round is None or r == round - 1
        else rnd
        for r, rnd in enumerate(seating.rounds)
    )
    return Seating(players=seating.players, tables=seating.tables, rounds=new_rounds)
