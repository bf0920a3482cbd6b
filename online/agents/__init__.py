"""Agents for the auto-judged table: what plays a seat (issue 19).

Pure Python (no Django): the Python class interface (`Agent`: observe → act), the built-in
bots (`RandomBot`, `RuleBot`), the HTTP/JSON and chat-completion adapters (`HttpAgent`,
`ChatAgent`), the driver that plays a game with them (`play_game`), agent specs
(`agents_from_spec`) and simulation reports (`simulate`, `report`).
"""

from .base import Agent, answer_to_command, check_answer
from .bots import RandomBot, RuleBot
from .play import PlayedGame, play_game
from .spec import SpecError, agents_from_spec

__all__ = [
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
