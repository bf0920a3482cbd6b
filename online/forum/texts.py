"""The forum game's translated text for the engine's stable ids: roles, sides, abilities, stages,
phases, results (the engine's English is only the source; docs/online-engine.md), and its
notifications (registered with online/core/texts.py in ``OnlineConfig.ready``)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from online.core.zones import game_time
from online.engine.forum.roles import ROLES as SPECS
from online.engine.forum.roles import SIDE_KILL
from online.engine.forum.roles import SIDES as SIDE_SPECS
from online.engine.setup import TOWN

WIN_TOWN = gettext_lazy("You win when every scum team and every Serial Killer is dead.")
WIN_MAFIA = gettext_lazy("You win with your team when the Mafia is at least as many as everyone else and no "
                         "other killer can stop it. Each night (except Night 0) your team may kill one player; "
                         "if several of you submit the kill, the one listed first in the player list makes it.")

ROLES = {
    "townie": (gettext_lazy("Townie"), gettext_lazy("You are a Townie, with no night action.")),
    "cop": (gettext_lazy("Cop"), gettext_lazy("You are the Cop. Each night (except Night 0) you may investigate "
                                              "one player and learn whether they are guilty or innocent.")),
    "doctor": (gettext_lazy("Doctor"), gettext_lazy("You are the Doctor. Each night (except Night 0) you may "
                                                    "protect one other player from being killed that night.")),
    "roleblocker": (gettext_lazy("Roleblocker"), gettext_lazy("You are the Roleblocker. Each night (except Night 0) "
                                                              "you may block one other player: their night action "
                                                              "does not happen.")),
    "vigilante": (gettext_lazy("Vigilante"), gettext_lazy("You are the Vigilante. Each night (except Night 0) you "
                                                          "may shoot one other player.")),
    "tracker": (gettext_lazy("Tracker"), gettext_lazy("You are the Tracker. Each night (except Night 0) you may "
                                                      "follow one other player and learn whom they visited.")),
    "watcher": (gettext_lazy("Watcher"), gettext_lazy("You are the Watcher. Each night (except Night 0) you may "
                                                      "watch one other player and learn who visited them.")),
    "innocent_child": (gettext_lazy("Innocent Child"), gettext_lazy("You are the Innocent Child. Everyone knows you "
                                                                    "are town, and no one may vote for you.")),
    "mafia_goon": (gettext_lazy("Mafia Goon"), gettext_lazy("You are a Mafia Goon.")),
    "godfather": (gettext_lazy("Godfather"), gettext_lazy("You are the Godfather: investigations read you as "
                                                          "innocent.")),
    "mafia_roleblocker": (gettext_lazy("Mafia Roleblocker"), gettext_lazy("You are the Mafia Roleblocker. Each night "
                                                                          "(except Night 0) you may block one other "
                                                                          "player: their night action does not "
                                                                          "happen.")),
    "werewolf": (gettext_lazy("Werewolf"), gettext_lazy("You are a Werewolf. Each night (except Night 0) your pack "
                                                        "may kill one player; if several of you submit the kill, the "
                                                        "one listed first makes it. You win when the Werewolves are "
                                                        "at least as many as everyone else and no other killer can "
                                                        "stop them.")),
    "serial_killer": (gettext_lazy("Serial Killer"), gettext_lazy("You are a Serial Killer. Each night (except "
                                                                  "Night 0) you may kill one other player. You win "
                                                                  "alone, when at most one other player is left "
                                                                  "alive and no one else can kill.")),
}
SIDES = {"town": gettext_lazy("Town"), "mafia": gettext_lazy("Mafia"), "werewolves": gettext_lazy("Werewolves"),
         "serial_killer": gettext_lazy("Serial Killer")}
ABILITIES = {"block": gettext_lazy("Block"), "protect": gettext_lazy("Protect"), "shoot": gettext_lazy("Shoot"),
             "investigate": gettext_lazy("Investigate"), "track": gettext_lazy("Track"),
             "watch": gettext_lazy("Watch"), "kill": gettext_lazy("Team kill")}
STAGES = {
    "block": (gettext_lazy("Roleblocks"), gettext_lazy("A blocked player's night action does not happen, and the "
                                                       "player is told they were blocked. Blocks themselves cannot "
                                                       "be blocked: every block lands.")),
    "redirect": (gettext_lazy("Redirections"), gettext_lazy("Actions are sent to other targets. No role of the forum "
                                                            "game redirects; the stage keeps its place so every game "
                                                            "prints the same order.")),
    "protect": (gettext_lazy("Protection"), gettext_lazy("The Doctor protects a player from every kill of the "
                                                         "night.")),
    "kill": (gettext_lazy("Kills"), gettext_lazy("Each scum team's kill (made by the first-listed member who "
                                                 "submitted one), each Serial Killer's kill and each Vigilante's "
                                                 "shot. A protected target survives.")),
    "investigate": (gettext_lazy("Investigations"), gettext_lazy("The Cop learns guilty or innocent (the Godfather "
                                                                 "reads innocent); the Tracker learns whom the target "
                                                                 "visited; the Watcher learns who visited the target. "
                                                                 "A player visits the target of each of their actions "
                                                                 "that was not blocked.")),
    "delayed": (gettext_lazy("Delayed effects"), gettext_lazy("Effects of earlier nights that fall due. None in the "
                                                              "forum game.")),
}
LEFT = {"lynched": gettext_lazy("lynched"), "killed": gettext_lazy("killed"), "modkilled": gettext_lazy("modkilled")}
OUTCOMES = {"done": gettext_lazy("done"), "blocked": gettext_lazy("blocked"), "protected": gettext_lazy("protected"),
            "overruled": gettext_lazy("overruled"), "target-gone": gettext_lazy("target gone")}
VERDICTS = {"guilty": gettext_lazy("guilty"), "innocent": gettext_lazy("innocent")}


def role_name(role_id: str | None) -> str:
    entry = ROLES.get(role_id or "")
    return str(entry[0]) if entry else (role_id or "")


def role_message(role_id: str, side_id: str | None) -> str:
    entry = ROLES.get(role_id)
    if entry is None:
        return ""
    win = WIN_TOWN if side_id == "town" else WIN_MAFIA if side_id in ("mafia",) else ""
    return f"{entry[1]} {win}".strip()


def side_name(side_id: str | None) -> str:
    return str(SIDES.get(side_id or "", side_id or ""))


def phase_label(phase: str | None) -> str:
    if not phase:
        return ""
    number = phase[1:]
    return _("Night %(n)s") % {"n": number} if phase[0] == "N" else _("Day %(n)s") % {"n": number}


def thread_label(key: str, names: dict[int, str]) -> str:
    if key == "main":
        return _("Public thread")
    if key == "dead":
        return _("Dead and spectators' thread")
    if key.startswith("side:"):
        return _("%(side)s thread") % {"side": side_name(key[5:])}
    if key.startswith("slot:"):
        number = int(key[5:])
        return _("Private: %(name)s") % {"name": names.get(number, number)}
    return key


def forum_notification_text(kind: str, params: dict, game=None) -> str:
    """The forum game's notifications; the deadline in the game's zone."""
    if kind == "phase":
        phase = phase_label(params.get("phase"))
        deadline = game_time(params.get("deadline"), game) if game is not None else ""
        if deadline:
            return _("%(phase)s has begun. Deadline: %(deadline)s.") % {"phase": phase, "deadline": deadline}
        return _("%(phase)s has begun.") % {"phase": phase}
    if kind == "role":
        return _("Your role message has arrived.")
    if kind == "prod":
        note = params.get("note") or ""
        text = _("The moderator prodded you: please post in the game.")
        return f"{text} {note}".strip()
    if kind == "game":
        winner = params.get("winner")
        if winner:
            return _("The game is over. Winner: %(side)s.") % {"side": side_name(winner)}
        return _("The game is over.")
    if kind == "review":
        return _("The post-game review is published: every role and every night action.")
    return ""


OPTION_NAMES = {
    "day_start": gettext_lazy("Day Start"),
    "nightless": gettext_lazy("Nightless"),
    "mandatory_lynch": gettext_lazy("Mandatory Lynch"),
    "reveal_on_death": gettext_lazy("Roles revealed on death"),
    "moderator_review": gettext_lazy("Moderator reviews each resolution"),
}


def option_name(key: str) -> str:
    return str(OPTION_NAMES.get(key, key))


def catalogue() -> list[dict]:
    """The forum game's roles for the public catalogue, from the engine's own table."""

    rows = []
    for spec in SPECS.values():
        abilities = [{"id": ability.id, "stage": ability.stage} for ability in spec.abilities]
        if SIDE_SPECS[spec.side].kind != TOWN:
            abilities.append({"id": SIDE_KILL, "stage": "kill"})
        rows.append({"id": spec.id, "side": spec.side, "abilities": abilities, "appears": spec.appears,
                     "unvotable": spec.unvotable, "description": str(ROLES[spec.id][1])})
    return rows
