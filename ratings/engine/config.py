"""The rating rules' constants: baseline, K per kind of game, the provisional period."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

from ratings.engine.errors import RatingError

Tier = Literal["club", "tournament", "major"]
Track = Literal["red", "black", "overall"]

TIERS: tuple[str, ...] = ("club", "tournament", "major")
TRACKS: tuple[str, ...] = ("red", "black", "overall")

#: The Elo scale: a rating gap of 400 points is odds of 10 to 1.
ELO_SCALE = 400.0

#: Seats per side in the seated ten-player game.
RED_SEATS = 7
BLACK_SEATS = 3


@dataclass(frozen=True, slots=True)
class RatingConfig:
    """Everything that decides a rating. A snapshot is valid only for the config that made it:
    store `to_dict()` next to it and rebuild from the first game when it changes."""

    baseline: float = 1500.0
    k_club: float = 20.0
    k_tournament: float = 30.0
    k_major: float = 40.0
    #: A player's first `provisional_games` games on a track (red or black, counted apart) ...
    provisional_games: int = 10
    #: ... take this many shares of their team's points instead of one.
    provisional_weight: float = 2.0

    def __post_init__(self) -> None:
        for tier in TIERS:
            k = getattr(self, f"k_{tier}")
            if not k > 0:
                raise RatingError(f"K for {tier} games must be positive, not {k!r}")
        if self.provisional_games < 0:
            raise RatingError(f"provisional_games must be ≥ 0, not {self.provisional_games!r}")
        if not self.provisional_weight >= 1:
            raise RatingError(f"provisional_weight must be ≥ 1, not {self.provisional_weight!r}")

    def k(self, tier: str) -> float:
        """K by the kind of game (the organizer marks a tournament `major`)."""
        if tier == "club":
            return self.k_club
        if tier == "tournament":
            return self.k_tournament
        if tier == "major":
            return self.k_major
        raise RatingError(f"unknown tier {tier!r}; expected one of {', '.join(TIERS)}")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RatingConfig:
        return cls(**data)
