"""The roles of "Mafia 1923" (seed 004, "Roles"): who acts when, on what, how often.

A player's `role` in the core's slot is the role whose abilities they use; their `side` is
"mafia" for a Mafia Member and "civilians" for everyone else. A Mafia Member without a second
role holds the role `mafia_member`; with one (a per-game list, empty by default) the slot holds
that role and the side "mafia". The Mafia's kill belongs to the side, not to a role.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..setup import SCUM, TOWN, AbilitySpec, RoleSpec, SideSpec

CIVILIANS, MAFIA = "civilians", "mafia"
TOWNSPERSON, MAFIA_MEMBER = "townsperson", "mafia_member"
MAFIA_KILL = "kill"

# What an ability's target is: one player, two players, a family, a player and a family, or
# the Mafia's list of players.
PLAYER, PAIR, FAMILY, PLAYER_AND_FAMILY, VOTES, PLAYERS = (
    "player",
    "pair",
    "family",
    "player+family",
    "votes",
    "players",
)


@dataclass(frozen=True)
class Ability:
    id: str
    role: str
    stage: str  # its step in the night or day order
    phase: str  # "night" or "day"
    target: str  # PLAYER, PAIR, FAMILY, PLAYER_AND_FAMILY, VOTES, PLAYERS
    uses: int | None = None  # per game; None: unlimited ("shadchan_uses" is a setting)
    self_uses: int | None = None  # at most this many times on oneself; 0: never oneself
    own_family_uses: int | None = None  # the Sheriff: their own family at most once
    redirectable: bool = True  # a Bumbling Bureaucrat redirects it (not votes, not the kill)


@dataclass(frozen=True)
class Role:
    id: str
    name: str
    abilities: tuple[Ability, ...] = ()
    beginner: bool = False  # a Beginner may hold it
    passive: str = ""  # what a passive role does, regardless of the player's wishes


def _role(id_, name, *abilities, beginner=False, passive=""):
    return Role(id_, name, tuple(abilities), beginner, passive)


ROLE_LIST = (
    _role(TOWNSPERSON, "Townsperson", beginner=True),
    _role(MAFIA_MEMBER, "Mafia Member", beginner=True),
    _role("armed_robber", "Armed Robber", passive="kills whoever killed them"),
    _role("thief", "Thief", Ability("steal", "thief", "thief", "night", PLAYER, 1, 0)),
    _role("butler", "Butler", Ability("poison", "butler", "butler", "night", PLAYER, 2, 0)),
    _role("boss", "Boss", Ability("cancel", "boss", "boss", "night", PLAYER, None, 0)),
    _role("drunkard", "Drunkard", Ability("attack", "drunkard", "drunkard", "night", FAMILY, 1)),
    _role(
        "bodyguard",
        "Bodyguard",
        Ability("guard", "bodyguard", "bodyguard", "night", PLAYER, None, 1),
    ),
    _role(
        "bumbling_bureaucrat",
        "Bumbling Bureaucrat",
        Ability("redirect", "bumbling_bureaucrat", "bureaucrat", "night", PLAYER, 2, 0),
    ),
    _role(
        "councilor",
        "Councilor",
        Ability("boost", "councilor", "councilor", "day", VOTES, redirectable=False),
    ),
    _role(
        "pacifist",
        "Pacifist",
        Ability("dampen", "pacifist", "pacifist", "day", VOTES, redirectable=False),
    ),
    _role("doctor", "Doctor", Ability("save", "doctor", "doctor", "night", PLAYER, None, 2)),
    _role(
        "sheriff",
        "Sheriff",
        Ability("jail", "sheriff", "sheriff", "day", PLAYER_AND_FAMILY, 2, 1, own_family_uses=1),
    ),
    _role("paperboy", "Paperboy", Ability("deliver", "paperboy", "paperboy", "night", PAIR, 2, 0)),
    _role("witness", "Witness", passive="learns the role of every player who dies"),
    _role("court_secretary", "Court Secretary", passive="learns 25% of the day's specific votes"),
    _role("lawyer", "Lawyer", Ability("defend", "lawyer", "lawyer", "day", PLAYER, None, 1)),
    _role("shadchan", "Shadchan", Ability("pair", "shadchan", "shadchan", "night", PAIR)),
    _role(
        "detective",
        "Detective",
        Ability("inquire", "detective", "detective", "night", PLAYER, None, 0),
    ),
)
ROLES: dict[str, Role] = {role.id: role for role in ROLE_LIST}

# The Mafia's kill: any living, uninjured Mafia Member sends the side's decision.
KILL = Ability(MAFIA_KILL, MAFIA_MEMBER, "mafia", "night", PLAYERS, redirectable=False)
ABILITIES: dict[str, Ability] = {
    ability.id: ability for role in ROLE_LIST for ability in role.abilities
} | {MAFIA_KILL: KILL}

# What the core's setup loader checks a setup against.
SIDES = {
    CIVILIANS: SideSpec(CIVILIANS, "Civilians", TOWN),
    MAFIA: SideSpec(MAFIA, "Mafia", SCUM, thread=True, knows_members=True),
}
ROLE_SPECS = {
    role.id: RoleSpec(
        role.id,
        role.name,
        MAFIA if role.id == MAFIA_MEMBER else CIVILIANS,
        tuple(AbilitySpec(a.id, a.stage, a.phase) for a in role.abilities),
    )
    for role in ROLE_LIST
}


def abilities_of(role: str, side: str | None) -> tuple[Ability, ...]:
    """The abilities a player with this role and side uses: the role's, and the Mafia's kill."""
    own = ROLES[role].abilities
    return (*own, KILL) if side == MAFIA else own


def role_card(role: str, side: str | None) -> dict:
    """What the Witness, the Detective and the Paperboy's reader learn of a player."""
    return {"role": role, "mafia": side == MAFIA}
