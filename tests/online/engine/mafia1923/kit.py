"""Helpers: three families of eight (slots 1-8, 9-16, 17-24), each with its Mafia Member last
(slots 8, 16, 24) unless a family is given whole. 24 living players: the Mafia kills two."""

from __future__ import annotations

from online.engine.mafia1923.common import kill_quota
from online.engine.mafia1923.scenario import Event

MAFIA = (8, 16, 24)


def family(*specials) -> list:
    specials = list(specials)
    if len(specials) == 8:
        return specials
    return specials + ["townsperson"] * (7 - len(specials)) + ["mafia_member"]


def event(*specials_by_family, **options) -> Event:
    """`event(["doctor"], ["butler", "boss"])`: F1 slot 1 Doctor; F2 slot 9 Butler, 10 Boss."""
    families = [
        family(*(specials_by_family[i] if i < len(specials_by_family) else ())) for i in range(3)
    ]
    return Event(*families, options=options)


def kill(e: Event, *targets: int, by: int = 8) -> Event:
    """The Mafia's decision: `targets`, filled up to the quota with F3's living Townspeople
    from slot 23 down (24 living players: two targets; 20 or fewer: one)."""
    quota = kill_quota(e.state)
    fillers = [n for n in range(23, 16, -1) if e.alive(n) and n not in targets]
    chosen = (list(targets) + fillers)[:quota]
    return e.act(by, "kill", players=chosen)


def dead(e: Event) -> set[int]:
    return {slot.number for slot in e.state.slots if not slot.alive}
