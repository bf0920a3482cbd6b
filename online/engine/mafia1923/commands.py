"""The commands of "Mafia 1923" besides the core's (deadlines, replacements, publication).

Enrol(at, name="Dana", family="Cohen", level="standard")     # the moderator seats a player
Act(at, actor=5, ability="save", player=9)                    # a night or day action
Act(at, actor=7, ability="kill", players=(3, 12))             # the Mafia's decision
CastVotes(at, actor=5, family="Levi", player=6)               # the two votes, one form
Exile(at, slot=5, note="…"); Strike(at, slot=5, note="…")     # the moderators
"""

from __future__ import annotations

from dataclasses import dataclass

from ..commands import Command, ModeratorCommand, SlotCommand, register_command


@dataclass(frozen=True)
class Enrol(ModeratorCommand):
    """A new slot in a family, at a level ("beginner" or "standard"). Spectators are no slot."""

    name: str = ""
    family: str = ""
    level: str = "standard"


@dataclass(frozen=True)
class Act(Command):
    """A night or day action. Its target by the ability: `player`; `players` (two for the
    Paperboy — the reader first — and the Shadchan, ⌈living/20⌉ for the Mafia's kill);
    `family` (the Drunkard); `player` and `family` (the Sheriff: both; the Councilor and the
    Pacifist: either or both). Nothing at all withdraws the submission."""

    ability: str = ""
    player: int | None = None
    players: tuple | list | None = None
    family: str | None = None


@dataclass(frozen=True)
class CastVotes(Command):
    """The day's two votes, on one form: a family (not one's own) and a player of one's own
    family (not oneself; none when one is the family's only living player)."""

    family: str | None = None
    player: int | None = None


@dataclass(frozen=True)
class Exile(SlotCommand):
    pass


@dataclass(frozen=True)
class Strike(SlotCommand):
    """The moderators record an improper vote the engine could not see (e.g. sent by other means)."""


register_command("enrol", Enrol)
register_command("act", Act)
register_command("cast_votes", CastVotes)
register_command("exile", Exile)
register_command("strike", Strike)
