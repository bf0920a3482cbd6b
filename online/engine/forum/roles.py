"""The role catalogue of the forum game: every role, its side, its ability and its message.

Ability ids: `block`, `protect`, `shoot` (the Vigilante's kill), `investigate` (the Cop),
`track`, `watch`, and `kill`, the kill of a killing side: each scum team's members and each
Serial Killer may submit it (the Serial Killer is a side of one).
"""

from __future__ import annotations

from ..setup import SCUM, SOLO, TOWN, AbilitySpec, RoleSpec, SideSpec

SIDE_KILL = "kill"

SIDES = {
    "town": SideSpec("town", "Town", TOWN),
    "mafia": SideSpec("mafia", "Mafia", SCUM, thread=True, knows_members=True),
    "werewolves": SideSpec("werewolves", "Werewolves", SCUM, thread=True, knows_members=True),
    "serial_killer": SideSpec("serial_killer", "Serial Killer", SOLO),
}

BLOCK = AbilitySpec("block", "block")
PROTECT = AbilitySpec("protect", "protect")
SHOOT = AbilitySpec("shoot", "kill")
INVESTIGATE = AbilitySpec("investigate", "investigate")
TRACK = AbilitySpec("track", "investigate")
WATCH = AbilitySpec("watch", "investigate")

TOWN_WIN = "You win when every scum team and every Serial Killer is dead."
MAFIA_WIN = (
    "You win with your team when the Mafia is at least as many as everyone else and no other "
    "killer can stop it. Each night (except Night 0) your team may kill one player; if several "
    "of you submit the kill, the one listed first in the player list makes it."
)


def _role(role_id, name, side, *abilities, message, **flags) -> RoleSpec:
    return RoleSpec(role_id, name, side, tuple(abilities), message=message, **flags)


ROLES: dict[str, RoleSpec] = {
    role.id: role
    for role in (
        _role(
            "townie",
            "Townie",
            "town",
            message=f"You are a Townie, with no night action. {TOWN_WIN}",
        ),
        _role(
            "cop",
            "Cop",
            "town",
            INVESTIGATE,
            message="You are the Cop. Each night (except Night 0) you may investigate one player "
            f"and learn whether they are guilty or innocent. {TOWN_WIN}",
        ),
        _role(
            "doctor",
            "Doctor",
            "town",
            PROTECT,
            message="You are the Doctor. Each night (except Night 0) you may protect one other "
            f"player from being killed that night. {TOWN_WIN}",
        ),
        _role(
            "roleblocker",
            "Roleblocker",
            "town",
            BLOCK,
            message="You are the Roleblocker. Each night (except Night 0) you may block one other "
            f"player: their night action does not happen. {TOWN_WIN}",
        ),
        _role(
            "vigilante",
            "Vigilante",
            "town",
            SHOOT,
            message="You are the Vigilante. Each night (except Night 0) you may shoot one other "
            f"player. {TOWN_WIN}",
        ),
        _role(
            "tracker",
            "Tracker",
            "town",
            TRACK,
            message="You are the Tracker. Each night (except Night 0) you may follow one other "
            f"player and learn whom they visited. {TOWN_WIN}",
        ),
        _role(
            "watcher",
            "Watcher",
            "town",
            WATCH,
            message="You are the Watcher. Each night (except Night 0) you may watch one other "
            f"player and learn who visited them. {TOWN_WIN}",
        ),
        _role(
            "innocent_child",
            "Innocent Child",
            "town",
            unvotable=True,
            revealed_at_start=True,
            message="You are the Innocent Child. Everyone knows you are town, and no one may vote "
            f"for you. {TOWN_WIN}",
        ),
        _role(
            "mafia_goon",
            "Mafia Goon",
            "mafia",
            appears="guilty",
            message=f"You are a Mafia Goon. {MAFIA_WIN}",
        ),
        _role(
            "godfather",
            "Godfather",
            "mafia",
            appears="innocent",
            message=f"You are the Godfather: investigations read you as innocent. {MAFIA_WIN}",
        ),
        _role(
            "mafia_roleblocker",
            "Mafia Roleblocker",
            "mafia",
            BLOCK,
            appears="guilty",
            message="You are the Mafia Roleblocker. Each night (except Night 0) you may block one "
            f"other player: their night action does not happen. {MAFIA_WIN}",
        ),
        _role(
            "werewolf",
            "Werewolf",
            "werewolves",
            appears="guilty",
            message="You are a Werewolf. Each night (except Night 0) your pack may kill one "
            "player; if several of you submit the kill, the one listed first makes it. You win "
            "when the Werewolves are at least as many as everyone else and no other killer can "
            "stop them.",
        ),
        _role(
            "serial_killer",
            "Serial Killer",
            "serial_killer",
            appears="guilty",
            message="You are a Serial Killer. Each night (except Night 0) you may kill one other "
            "player. You win alone, when at most one other player is left alive and no one else "
            "can kill.",
        ),
    )
}
