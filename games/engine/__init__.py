"""The protocol engine: replays and validates a `mafia-protocol/1` game document.

Pure Python; nothing here imports Django. The hot module (`replayer`) may also run compiled
(an optional Cython build of the same source, see `native/` and docs/rules.md, "Speed"):
`COMPILED` tells which one this process runs, `IMPLEMENTATION` says it in words, and
`MAFIA_ENGINE_PURE=1` in the environment keeps the plain Python modules.
"""

from ._native import COMPILED, IMPLEMENTATION  # first: it chooses what `.replayer` is
from .actions import NextActions, NightStageChoice, next_actions
from .errors import ProtocolError
from .record import (
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
    "COMPILED",
    "IMPLEMENTATION",
    "Bonus",
    "Check",
    "DeclaredDefeat",
    "Departure",
    "Disqualification",
    "Foul",
    "GameRecord",
    "NextActions",
    "NightStageChoice",
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
    "next_actions",
    "replay",
]
