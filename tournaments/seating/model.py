"""The seating value type and its validation."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

SEATS_PER_TABLE = 10

Table = tuple[int, ...]
Round = tuple[Table, ...]


class SeatingError(ValueError):
    """Bad input to the seating generator, or a seating that breaks the rules."""


@dataclass(frozen=True, slots=True)
class Seating:
    """A whole tournament's seating.

    ``rounds[r][t][s]`` is the number (1..players) of the player in seat ``s + 1`` at table
    ``t + 1`` in round ``r + 1``. Players not listed in a round sit that round out.
    """

    players: int
    tables: int
    rounds: tuple[Round, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.rounds, tuple) or not all(
            isinstance(rnd, tuple) and all(isinstance(table, tuple) for table in rnd)
            for rnd in self.rounds
        ):
            frozen = tuple(tuple(tuple(table) for table in rnd) for rnd in self.rounds)
            object.__setattr__(self, "rounds", frozen)
        validate(self)

    @classmethod
    def from_lists(cls, players: int, tables: int, rounds: Sequence[Sequence[Sequence[int]]]):
        """Build (and validate) a seating from nested lists, e.g. the ``seating`` of the JSON."""
        try:
            frozen = tuple(tuple(tuple(int(p) for p in table) for table in rnd) for rnd in rounds)
        except (TypeError, ValueError) as exc:
            raise SeatingError(
                f"A seating is a list of rounds of tables of players: {exc}"
            ) from exc
        return cls(players=players, tables=tables, rounds=frozen)

    @property
    def round_count(self) -> int:
        return len(self.rounds)

    def to_lists(self) -> list[list[list[int]]]:
        """The seating as nested lists (``seating[r][t]`` = seat order), ready for JSON."""
        return [[list(table) for table in rnd] for rnd in self.rounds]

    def sitting_out(self, round_index: int) -> list[int]:
        """Players (ascending) who do not play in round ``round_index`` (0-based)."""
        playing = {p for table in self.rounds[round_index] for p in table}
        return [p for p in range(1, self.players + 1) if p not in playing]

    def games_per_player(self) -> list[int]:
        """``result[p - 1]`` = how many games player ``p`` plays."""
        games = [0] * self.players
        for rnd in self.rounds:
            for table in rnd:
                for p in table:
                    games[p - 1] += 1
        return games


def check_dimensions(players: int, tables: int, rounds: int) -> None:
    """Refuse sizes that cannot make a seating, with a message fit for an organiser."""
    for name, value in (("players", players), ("tables", tables), ("rounds", rounds)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise SeatingError(f"The number of {name} must be a whole number, not {value!r}.")
    if tables < 1:
        raise SeatingError(f"There must be at least one table (got {tables}).")
    if rounds < 1:
        raise SeatingError(f"There must be at least one round (got {rounds}).")
    if players < tables * SEATS_PER_TABLE:
        raise SeatingError(
            f"{tables} table(s) need {tables * SEATS_PER_TABLE} players, "
            f"but only {players} are available."
        )


def validate(seating: Seating) -> None:
    """Raise :class:`SeatingError` unless every table has ten distinct players and nobody
    sits twice in one round."""
    check_dimensions(seating.players, seating.tables, len(seating.rounds))
    for r, rnd in enumerate(seating.rounds, start=1):
        if len(rnd) != seating.tables:
            raise SeatingError(f"Round {r} has {len(rnd)} tables instead of {seating.tables}.")
        seen: set[int] = set()
        for t, table in enumerate(rnd, start=1):
            if len(table) != SEATS_PER_TABLE:
                raise SeatingError(
                    f"Round {r}, table {t} has {len(table)} players instead of {SEATS_PER_TABLE}."
                )
            for p in table:
                if not 1 <= p <= seating.players:
                    raise SeatingError(
                        f"Round {r}, table {t}: player {p} is not in 1..{seating.players}."
                    )
                if p in seen:
                    raise SeatingError(f"Round {r}: player {p} has two seats.")
                seen.add(p)
