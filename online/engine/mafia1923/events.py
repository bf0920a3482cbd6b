"""The ruleset's own part of the state (`GameState.ext`) and the events that change it.

Like the core's, every change goes through an applier here, in `resolve` as in `replay`.
The small per-player statuses are sparse dicts (most players are neither poisoned, injured,
in love, struck nor marked), so a copy costs little whatever the number of players; the
family tables are replaced, never changed in place, so a copy shares them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..core import APPLIERS as CORE_APPLIERS
from ..state import GameState


@dataclass
class Event1923:
    families: dict[str, tuple[int, ...]] = field(default_factory=dict)  # in enrolment order
    family_of: dict[int, str] = field(default_factory=dict)
    level_of: dict[int, str] = field(default_factory=dict)
    poisoned: dict[int, dict] = field(default_factory=dict)  # slot -> {"phase", "by"}
    injured: dict[int, str] = field(default_factory=dict)  # slot -> the last phase it covers
    lovers: dict[int, int] = field(default_factory=dict)
    strikes: dict[int, int] = field(default_factory=dict)
    marked: dict[int, int] = field(default_factory=dict)  # slot -> the Bureaucrat who marked it
    public: list[dict] = field(default_factory=list)  # poisonings, cures, vote totals
    tallies: dict[str, dict] = field(default_factory=dict)  # day -> its vote_totals event

    def copy(self) -> Event1923:
        return replace(
            self,
            poisoned=dict(self.poisoned),
            injured=dict(self.injured),
            lovers=dict(self.lovers),
            strikes=dict(self.strikes),
            marked=dict(self.marked),
            public=list(self.public),
            tallies=dict(self.tallies),
        )

    def snapshot(self) -> dict:
        def keyed(mapping: dict) -> dict:
            return {str(k): v for k, v in sorted(mapping.items())}

        return {
            "families": {name: list(members) for name, members in self.families.items()},
            "family_of": keyed(self.family_of),
            "level_of": keyed(self.level_of),
            "poisoned": keyed(self.poisoned),
            "injured": keyed(self.injured),
            "lovers": keyed(self.lovers),
            "strikes": keyed(self.strikes),
            "marked": keyed(self.marked),
            "public": self.public,
            "tallies": self.tallies,
        }


def ext(state: GameState) -> Event1923:
    return state.ext  # type: ignore[return-value]


# --- appliers --------------------------------------------------------------------------------
def _player_enrolled(state: GameState, event: dict) -> None:
    e, slot, family = ext(state), event["slot"], event["family"]
    e.families = {**e.families, family: (*e.families.get(family, ()), slot)}
    e.family_of = {**e.family_of, slot: family}
    e.level_of = {**e.level_of, slot: event["level"]}


def _redirect_marked(state: GameState, event: dict) -> None:
    ext(state).marked.setdefault(event["slot"], event["by"])


def _redirect_used(state: GameState, event: dict) -> None:
    ext(state).marked.pop(event["slot"], None)


def _role_changed(state: GameState, event: dict) -> None:
    slot = state.edit_slot(event["slot"])
    slot.role = event["role"]
    slot.uses_spent = {}  # "Any limits on that role are reset"


def _lovers_paired(state: GameState, event: dict) -> None:
    first, second = event["slots"]
    ext(state).lovers.update({first: second, second: first})


def _poisoned(state: GameState, event: dict) -> None:
    e = ext(state)
    e.poisoned[event["slot"]] = {"phase": event["phase"], "by": event["by"]}
    e.public.append({"kind": "poisoned", "phase": event["phase"], "slot": event["slot"]})


def _cured(state: GameState, event: dict) -> None:
    e = ext(state)
    e.poisoned.pop(event["slot"], None)
    e.public.append({"kind": "cured", "phase": event["phase"], "slot": event["slot"]})


def _poison_ended(state: GameState, event: dict) -> None:
    ext(state).poisoned.pop(event["slot"], None)


def _injured(state: GameState, event: dict) -> None:
    ext(state).injured[event["slot"]] = event["until"]


def _attack_resolved(state: GameState, event: dict) -> None:
    counter = COUNTED_OUTCOMES.get(event["outcome"])
    if counter is not None:
        slot = state.edit_slot(event["target"])
        slot.uses_spent[counter] = slot.uses_spent.get(counter, 0) + 1


# Protections that are the target's own and limited: they spend a counter of the target's role.
COUNTED_OUTCOMES = {"auto-guard": "auto-guard", "butler-shield": "butler-shield"}


def _vote_totals(state: GameState, event: dict) -> None:
    e = ext(state)
    e.tallies[event["phase"]] = event
    e.public.append({"kind": "vote_totals", "phase": event["phase"]})


def _struck(state: GameState, event: dict) -> None:
    e = ext(state)
    e.strikes[event["slot"]] = e.strikes.get(event["slot"], 0) + 1


EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "player_enrolled": ("slot", "family", "level"),
    "action_submitted": ("phase", "slot", "ability", "target"),
    "redirect_marked": ("phase", "slot", "by"),
    "redirect_used": ("phase", "slot", "ability", "target"),
    "role_changed": ("slot", "role", "reason"),
    "lovers_paired": ("phase", "slots"),
    "poisoned": ("phase", "slot", "by"),
    "cured": ("phase", "slot", "by"),
    "poison_ended": ("phase", "slot"),
    "injured": ("phase", "slot", "until"),
    "attack_resolved": ("phase", "kind", "by", "target", "outcome"),
    "vote_totals": ("phase", "families", "players", "court"),
    "struck": ("phase", "slot", "reason"),
}
APPLIERS = {
    "player_enrolled": _player_enrolled,
    "action_submitted": CORE_APPLIERS["night_action_submitted"],  # the same bookkeeping
    "redirect_marked": _redirect_marked,
    "redirect_used": _redirect_used,
    "role_changed": _role_changed,
    "lovers_paired": _lovers_paired,
    "poisoned": _poisoned,
    "cured": _cured,
    "poison_ended": _poison_ended,
    "injured": _injured,
    "attack_resolved": _attack_resolved,
    "vote_totals": _vote_totals,
    "struck": _struck,
}
assert set(APPLIERS) == set(EVENT_FIELDS)
