"""The auto-judged ten-seat table (issue 19, seed 003): the engine is the judge.

Pure Python, like the rest of `online.engine`: `create_table`, `resolve`, `replay`, the per-seat
view (`seat_view`) and the export to a `mafia-protocol/1` document (`to_protocol`) with its
transcript. docs/auto-judged-table.md describes it and every reading of the seed it takes.

The hot modules may also run compiled (an optional Cython build of the same sources, see
`native/`): `COMPILED` tells which this process runs, `IMPLEMENTATION` says it in words, and
`MAFIA_ENGINE_PURE=1` in the environment keeps the plain Python modules.
"""

from ._native import COMPILED, IMPLEMENTATION  # first: it chooses what `.judge`, `.views`, … are
from .commands import Check, Claim, Command, Hand, Kill, Speak, Timeout, Vote, command_from_dict
from .config import TableConfig
from .errors import TableError
from .judge import DRAW, TableState, create_table, inputs_of, replay, resolve

__all__ = [
    "COMPILED",
    "IMPLEMENTATION",
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
