"""What scoring produces: a `GameScore` of `PlayerScore`s of `ScoreItem`s."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

from .points import ONE, Milli, as_number


class ScoreItem(NamedTuple):
    """One amount of points and the rule it comes from.

    `milli` is exact (thousandths of a point); `points` is the number a reader sees.
    `rule` is a stable slug from the seed's heading ("eliminating-vote"). `target` names the
    black target of an award that took part in the best-of per (red player, black target).
    """

    milli: Milli
    rule: str
    note: str
    target: int | None = None  # the black target of a best-of award (not in the JSON)

    @property
    def points(self) -> float | int:
        return as_number(self.milli)

    def to_dict(self) -> dict:
        return {"points": as_number(self.milli), "rule": self.rule, "note": self.note}


@dataclass(slots=True)
class PlayerScore:
    seat: int
    player: str
    role: str
    items: tuple[ScoreItem, ...]
    team: str = ""  # "red" | "black" (not in the JSON)
    won: bool = False  # the player's team won (not in the JSON)

    @property
    def total_milli(self) -> Milli:
        return sum(item.milli for item in self.items)

    @property
    def total(self) -> float | int:
        """The sum of the items, rounded to three decimals (exact: thousandths)."""
        return as_number(self.total_milli)

    @property
    def total_decimal(self) -> Decimal:
        """The total as an exact Decimal with three places (for a DecimalField)."""
        return Decimal(self.total_milli).scaleb(-3)

    def rules(self) -> list[str]:
        return [item.rule for item in self.items]

    def points_for(self, rule: str) -> float | int:
        """The sum of this player's items from one rule (handy in tests and views)."""
        return as_number(sum(item.milli for item in self.items if item.rule == rule))

    def to_dict(self) -> dict:
        return {
            "seat": self.seat,
            "player": self.player,
            "role": self.role,
            "total": self.total,
            "items": [item.to_dict() for item in self.items],
        }


@dataclass(slots=True)
class GameScore:
    ruleset: str
    winner: str | None
    players: tuple[PlayerScore, ...]  # seat order, players[0] is seat 1

    def player(self, seat: int) -> PlayerScore:
        return self.players[seat - 1]

    def totals(self) -> dict[int, float | int]:
        return {player.seat: player.total for player in self.players}

    def to_dict(self) -> dict:
        """Exactly the `score_protocol` output of the format document."""
        return {
            "ruleset": self.ruleset,
            "winner": self.winner,
            "players": [player.to_dict() for player in self.players],
        }

    @classmethod
    def of(cls, record, items) -> GameScore:
        """The score of ``record`` (a game's `GameRecord`) whose seats earned ``items[seat]``."""
        winner = record.winner
        players = tuple(
            [
                PlayerScore(
                    info.seat,
                    info.player,
                    info.role,
                    tuple(items[info.seat]),
                    info.team,
                    winner == info.team,
                )
                for info in record.seats
            ]
        )
        return cls(record.ruleset, winner, players)


__all__ = ["ONE", "GameScore", "PlayerScore", "ScoreItem"]
