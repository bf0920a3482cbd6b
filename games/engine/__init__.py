"""The protocol engine: replays and validates a `mafia-protocol/1` game document.

Pure Python; nothing here imports Django.
"""

from .errors import ProtocolError
from .record import (
    BLACK_ROLES,
    RED_ROLES,
    Bonus,
    Check,
    DeclaredDefeat,
    Departure,
    Disqualification,
    Foul,
    GameRecord,
    NightShot,
    Nomination,
    PendingWill,
    Phase,
    RaiseDecision,
    SeatFouls,
    SeatInfo,
    TableState,
    VoteRound,
    Will,
)
from .replayer import replay

__all__ = [
    "BLACK_ROLES",
    "RED_ROLES",
    "Bonus",
    "Check",
    "DeclaredDefeat",
    "Departure",
    "Disqualification",
    "Foul",
    "GameRecord",
    "NightShot",
    "Nomination",
    "PendingWill",
    "Phase",
    "ProtocolError",
    "RaiseDecision",
    "SeatFouls",
    "SeatInfo",
    "TableState",
    "VoteRound",
    "Will",
    "replay",
]
