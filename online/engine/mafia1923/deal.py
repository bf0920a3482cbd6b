"""Setup (seed 004, "Setup"): players enrolled in families, the deal.

Families have 8 or 10 players: 1 Mafia Member in a family of 8, 2 in a family of 10. Beginners
are only Townspeople or Mafia Members; Standard players may get any role of the setup's pool
(its "roles" list); Mafia Members may get a second role from the per-game list
`mafia_second_roles` (empty in the seed, so by default they get none). The deal is seeded and
recorded (`roles_dealt` with its draw); the moderators may deal again, or deal by hand, before
the start.
"""

from __future__ import annotations

from ..core import check_joining
from ..errors import RuleError
from ..state import MODERATOR
from .events import ext
from .roles import CIVILIANS, MAFIA, MAFIA_MEMBER, ROLES, TOWNSPERSON

MAFIA_PER_FAMILY = {8: 1, 10: 2}
LEVELS = ("beginner", "standard")


def _moderator(command) -> None:
    if command.actor != MODERATOR:
        raise RuleError("actor.not-moderator", "Only the moderator may do this.")


def refuse_join(ctx, command) -> None:
    raise RuleError(
        "join.family-required", "A Mafia 1923 player is enrolled in a family: use enrol."
    )


def enrol(ctx, command) -> None:
    """`Enrol`: a new slot at the end of the player list, in a family, at a level."""
    _moderator(command)
    state = ctx.state
    check_joining(state, command.name)
    if not isinstance(command.family, str) or not command.family.strip():
        raise RuleError("join.family", "Name the player's family.")
    if command.level not in LEVELS:
        raise RuleError("join.level", "The level is beginner or standard (spectators are no slot).")
    family = command.family.strip()
    if len(ext(state).families.get(family, ())) >= max(MAFIA_PER_FAMILY):
        raise RuleError(
            "join.family-full", f"Family {family!r} has {max(MAFIA_PER_FAMILY)} players."
        )
    number = len(state.slots) + 1
    ctx.emit("slot_joined", slot=number, name=command.name.strip() or f"Slot {number}")
    ctx.emit("player_enrolled", slot=number, family=family, level=command.level)


def _check_families(state) -> None:
    if not state.slots:
        raise RuleError("deal.wrong-count", "No one is enrolled.")
    for family, members in ext(state).families.items():
        if len(members) not in MAFIA_PER_FAMILY:
            raise RuleError(
                "deal.family-size",
                f"Family {family!r} has {len(members)} players; a family has 8 or 10.",
            )


def deal(ctx, command) -> None:
    """`DealRoles`: at random (seeded, recorded), or by the moderator's hand."""
    _moderator(command)
    state = ctx.state
    if state.started:
        raise RuleError("deal.started", "The game has started; the roles stay as dealt.")
    _check_families(state)
    if command.roles is None:
        position, source = ctx.random()
        ctx.emit("roles_dealt", roles=random_deal(state, source), draw=position)
    else:
        ctx.emit("roles_dealt", roles=hand_deal(state, command.roles))


def _pool(state) -> list[str]:
    return [entry.role for entry in state.setup.entries if entry.role != TOWNSPERSON]


def random_deal(state, source) -> dict:
    e = ext(state)
    mafia: set[int] = set()
    for members in e.families.values():
        mafia.update(source.sample(list(members), MAFIA_PER_FAMILY[len(members)]))
    second = set(state.setup.option("mafia_second_roles"))
    standard = [n for n in range(1, len(state.slots) + 1) if e.level_of[n] == "standard"]
    source.shuffle(standard)
    pool = _pool(state)
    source.shuffle(pool)
    given: dict[int, str] = {}
    for role in pool:
        for number in standard:
            if number not in given and (number not in mafia or role in second):
                given[number] = role
                break
        else:
            raise RuleError(
                "deal.pool-too-large",
                f"No Standard player is left for a {ROLES[role].name}: the pool is too large.",
            )
    dealt = {}
    for number in range(1, len(state.slots) + 1):
        base = MAFIA_MEMBER if number in mafia else TOWNSPERSON
        dealt[str(number)] = {
            "role": given.get(number, base),
            "side": MAFIA if number in mafia else CIVILIANS,
        }
    return dealt


def hand_deal(state, given) -> dict:
    """{slot: role id, or {"role": id, "mafia": true}}: "mafia_member" is a Mafia Member without
    a second role; {"role": "doctor", "mafia": true} one with the Doctor as second role."""
    count = len(state.slots)
    if not isinstance(given, dict) or set(given) != set(range(1, count + 1)):
        raise RuleError("deal.slots", "A hand deal gives a role to every slot, 1 to the last.")
    e = ext(state)
    second = set(state.setup.option("mafia_second_roles"))
    dealt = {}
    for number in range(1, count + 1):
        value = given[number]
        if isinstance(value, dict):
            role, mafia = value.get("role"), bool(value.get("mafia"))
        else:
            role, mafia = value, value == MAFIA_MEMBER
        if role not in ROLES:
            raise RuleError("deal.not-the-setup", f"Slot {number}: no role {role!r}.")
        mafia = mafia or role == MAFIA_MEMBER
        if e.level_of[number] == "beginner" and role not in (TOWNSPERSON, MAFIA_MEMBER):
            raise RuleError(
                "deal.beginner", f"Slot {number} is a Beginner: Townsperson or Mafia Member only."
            )
        if mafia and role not in (MAFIA_MEMBER, *second):
            raise RuleError(
                "deal.second-role",
                f"Slot {number}: {role!r} is not a Mafia Member's second role here.",
            )
        dealt[str(number)] = {"role": role, "side": MAFIA if mafia else CIVILIANS}
    for family, members in e.families.items():
        mafia_count = sum(1 for n in members if dealt[str(n)]["side"] == MAFIA)
        if mafia_count != MAFIA_PER_FAMILY[len(members)]:
            raise RuleError(
                "deal.mafia-count",
                f"Family {family!r} of {len(members)} has {mafia_count} Mafia Members; "
                f"it has {MAFIA_PER_FAMILY[len(members)]}.",
            )
    return dealt
