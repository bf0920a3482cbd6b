"""The auto-judged ten-seat table (issue 19, seed 003): the engine is the judge.

Pure Python, like the rest of `online.engine`: `create_table`, `resolve`, `replay`, the per-seat
view (`seat_view`) and the export to a `mafia-protocol/1` document (`to_protocol`) with its
transcript. docs/auto-judged-table.md describes it and every reading of the seed it takes.
"""

from .commands import Check, Claim, Command, Hand, Kill, Speak, Timeout, Vote, command_from_dict
from .config import TableConfig
from .errors import TableError
from .judge import DRAW, TableState, create_table, inputs_of, replay, resolve

__all__ = [
    "DRAW",
    "Check",
    "Claim",
    "Command",
    "Hand",
    "Kill",
    "Speak",
    "TableConfig",
    "TableError",
    "TableState",
    "Timeout",
    "Vote",
    "command_from_dict",
    "create_table",
    "inputs_of",
    "replay",
    "resolve",
]
