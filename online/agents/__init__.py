"""Agents for the auto-judged table: what plays a seat (issue 19).

Pure Python (no Django): the Python class interface (`Agent`: observe → act), the built-in
bots (`RandomBot`, `RuleBot`), the HTTP/JSON and chat-completion adapters (`HttpAgent`,
`ChatAgent`), the driver that plays a game with them (`play_game`), agent specs
(`agents_from_spec`) and simulation reports (`simulate`, `report`).

The hot modules may also run compiled (an optional Cython build of the same sources, see
`native/`): `COMPILED` tells which this process runs, `IMPLEMENTATION` says it in words, and
`MAFIA_ENGINE_PURE=1` in the environment keeps the plain Python modules.
"""

from ._native import COMPILED, IMPLEMENTATION  # first: it chooses what `.bots`, `.play`, … are
from .base import Agent, answer_to_command, check_answer
from .bots import RandomBot, RuleBot
from .play import PlayedGame, play_game
from .spec import SpecError, agents_from_spec

__all__ = [
    "COMPILED",
    "IMPLEMENTATION",
    "Agent",
    "PlayedGame",
    "RandomBot",
    "RuleBot",
    "SpecError",
    "agents_from_spec",
    "answer_to_command",
    "check_answer",
    "play_game",
]
