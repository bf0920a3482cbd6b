"""Demo data for online games (``seed_demo`` finds this module): each package's own, in order —
the forum game's games, the Mafia 1923 event, a finished simulation run of the auto-judged table.
Safe to run again."""

from __future__ import annotations

from .forum import demo as forum_demo
from .mafia1923 import demo as mafia1923_demo
from .simulations import demo as simulations_demo


def build(club, stdout) -> None:
    forum_demo.build(club, stdout)
    mafia1923_demo.build(stdout)
    stdout.write("Auto-judged table: /online/table/ (any visitor sits down at once, bots in the other seats)")
    simulations_demo.build(stdout)
