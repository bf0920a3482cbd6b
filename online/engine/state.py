"""The state of a game: what a replay of its log gives. Only `core.apply` changes it.

Phases are named by short ids: "N0" (Night 0), "D1" (Day 1), "N1", …
Slots are numbered from 1 in the player list's order; the player list's order is the order of
every tie-break the rules name ("the one listed first").
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from .clock import iso
from .errors import RuleError
from .setup import SOLO, Setup

MODERATOR = "moderator"
SYSTEM = "system"


def phase_kind(phase_id: str) -> str:
    return "night" if phase_id[0] == "N" else "day"


def phase_number(phase_id: str) -> int:
    return int(phase_id[1:])


def phase_id(kind: str, number: int) -> str:
    return f"{'N' if kind == 'night' else 'D'}{number}"


def phase_label(phase: str) -> str:
    return f"{phase_kind(phase).capitalize()} {phase_number(phase)}"


@dataclass
class Slot:
    number: int
    name: str
    role: str | None = None
    side: str | None = None
    uses_limit: int | None = None
    uses_spent: dict[str, int] = field(default_factory=dict)
    alive: bool = True
    left: dict | None = None  # {"how", "phase", "at"}: how the slot left the game
    replacements: tuple[dict, ...] = ()  # {"at", "previous", "name"}: who held the slot before

    def copy(self) -> Slot:
        # Spelt out: dataclasses.replace is most of the cost of a `resolve` step.
        return Slot(
            self.number,
            self.name,
            self.role,
            self.side,
            self.uses_limit,
            dict(self.uses_spent),
            self.alive,
            self.left,
            self.replacements,
        )

    def to_dict(self) -> dict:
        return {
            "slot": self.number,
            "name": self.name,
            "role": self.role,
            "side": self.side,
            "uses_limit": self.uses_limit,
            "uses_spent": dict(sorted(self.uses_spent.items())),
            "alive": self.alive,
            "left": self.left,
            "replacements": list(self.replacements),
        }


@dataclass(frozen=True)
class Phase:
    id: str
    started_at: datetime
    deadline: datetime | None  # None while the deadline is paused
    paused_remaining: timedelta | None = None
    ended_at: datetime | None = None
    end: str | None = None  # "deadline", "lynch", "game_over"
    lynched: int | None = None
    living: tuple[int, ...] = ()  # the living slots when the phase ended

    @property
    def kind(self) -> str:
        return phase_kind(self.id)

    @property
    def number(self) -> int:
        return phase_number(self.id)

    def to_dict(self) -> dict:
        return {
            "phase": self.id,
            "started_at": iso(self.started_at),
            "deadline": iso(self.deadline),
            "paused_remaining_seconds": (
                None if self.paused_remaining is None else self.paused_remaining.total_seconds()
            ),
            "ended_at": iso(self.ended_at),
            "end": self.end,
            "lynched": self.lynched,
            "living": list(self.living),
        }


@dataclass
class Ballot:
    """One vote of one day (the forum game has one, the lynch; other rulesets may have more).

    `current` maps a voter to (target, order): order is when the voter joined that wagon, so
    a wagon lists its voters in the order they came. `history` holds every vote and unvote.
    """

    phase: str
    name: str
    current: dict[int, tuple[int, int]] = field(default_factory=dict)
    history: list[dict] = field(default_factory=list)
    order: int = 0

    def copy(self) -> Ballot:
        return replace(self, current=dict(self.current), history=list(self.history))


@dataclass
class GameState:
    ruleset: str
    setup: Setup
    seed: str
    created_at: datetime
    clock: datetime  # the time of the last event: a command may not come before it
    draws: int = 0  # random draws used so far
    slots: list[Slot] = field(default_factory=list)
    dealt: bool = False
    started: bool = False
    phase: Phase | None = None
    phases: list[Phase] = field(default_factory=list)  # the phases that ended, in order
    ballots: dict[tuple[str, str], Ballot] = field(default_factory=dict)
    actions: dict[tuple[int, str], dict] = field(
        default_factory=dict
    )  # this phase's last submissions
    action_order: int = 0
    results: list[dict] = field(default_factory=list)  # private results, each for one slot
    notes: list[dict] = field(default_factory=list)  # the moderator's public notes
    prods: list[dict] = field(default_factory=list)
    revealed: dict[int, str] = field(default_factory=dict)  # slot → role, public
    pending: tuple[dict, ...] | None = None  # a drafted resolution awaiting publication
    result: dict | None = None  # the game_ended event once the game is over
    # What a ruleset keeps beyond the core's state ("Mafia 1923": families, statuses): an
    # object with `copy()` and `snapshot()`, made by `OnlineRuleset.new_extension`; changed only by
    # the ruleset's own event appliers.
    ext: object | None = None
    # Copy-on-write: a copy shares the slots and ballots of the state it was copied from, and
    # `edit_slot` / `edit_ballot` copy one the first time this state changes it. These sets
    # hold the slots and ballots this state owns (may change in place).
    owned_slots: set = field(default_factory=set, repr=False, compare=False)
    owned_ballots: set = field(default_factory=set, repr=False, compare=False)

    # Records in lists (history entries, results, notes) are never changed once appended, so a
    # copy shares them; only the containers are copied, and slots and ballots on first write.
    # A copy costs a few list copies whatever the number of players (hundreds in "Mafia 1923").
    def copy(self) -> GameState:
        # After a copy, neither state owns the shared slots and ballots: whichever changes
        # one first copies it, so a later change to either never shows in the other.
        self.owned_slots = set()
        self.owned_ballots = set()
        return replace(
            self,
            slots=list(self.slots),
            phases=list(self.phases),
            ballots=dict(self.ballots),
            actions=dict(self.actions),
            results=list(self.results),
            notes=list(self.notes),
            prods=list(self.prods),
            revealed=dict(self.revealed),
            ext=self.ext.copy() if self.ext is not None else None,
            owned_slots=set(),
            owned_ballots=set(),
        )

    # --- writing (core.apply and the rulesets' appliers only) ------------------------------
    def edit_slot(self, number: int) -> Slot:
        """Slot `number`, safe to change: copied the first time this state changes it."""
        if number not in self.owned_slots:
            self.slots[number - 1] = self.slots[number - 1].copy()
            self.owned_slots.add(number)
        return self.slots[number - 1]

    def add_slot(self, slot: Slot) -> None:
        self.slots.append(slot)
        self.owned_slots.add(slot.number)

    def edit_ballot(self, key: tuple[str, str]) -> Ballot:
        """The ballot `key` (created if new), safe to change: copied on this state's first write."""
        ballot = self.ballots.get(key)
        if ballot is None:
            ballot = self.ballots[key] = Ballot(*key)
        elif key not in self.owned_ballots:
            ballot = self.ballots[key] = ballot.copy()
        self.owned_ballots.add(key)
        return ballot

    # --- reading ---------------------------------------------------------------------------
    def slot(self, number: int) -> Slot:
        return self.slots[number - 1]

    def has_slot(self, number: object) -> bool:
        return type(number) is int and 1 <= number <= len(self.slots)

    def living_slot(self, number: object, unknown: str, left: str) -> Slot:
        """Slot `number`, alive; else `RuleError` under the caller's codes."""
        if not self.has_slot(number):
            raise RuleError(unknown, f"{number!r} is not a slot of this game.")
        slot = self.slots[number - 1]
        if not slot.alive:
            raise RuleError(left, f"Slot {number} has left the game.")
        return slot

    def living(self) -> list[Slot]:
        return [slot for slot in self.slots if slot.alive]

    def side_key(self, slot: Slot) -> str | None:
        """The group a slot plays with: its side, or for a solo side the slot alone."""
        if slot.side is None:
            return None
        if self.setup.side(slot.side).kind == SOLO:
            return f"{slot.side}#{slot.number}"
        return slot.side

    def side_members(self, key: str) -> list[Slot]:
        return [slot for slot in self.slots if self.side_key(slot) == key]

    @property
    def over(self) -> bool:
        return self.result is not None

    def snapshot(self) -> dict:
        """Everything, as plain data: two states are the same game when their snapshots are equal."""
        return {
            "ruleset": self.ruleset,
            "setup": self.setup.to_dict(),
            "seed": self.seed,
            "created_at": iso(self.created_at),
            "clock": iso(self.clock),
            "draws": self.draws,
            "slots": [slot.to_dict() for slot in self.slots],
            "dealt": self.dealt,
            "started": self.started,
            "phase": self.phase.to_dict() if self.phase else None,
            "phases": [phase.to_dict() for phase in self.phases],
            "ballots": {
                f"{phase}/{name}": {
                    "current": {str(v): list(t) for v, t in sorted(ballot.current.items())},
                    "history": ballot.history,
                    "order": ballot.order,
                }
                for (phase, name), ballot in sorted(self.ballots.items())
            },
            "actions": {
                f"{slot}/{ability}": sub for (slot, ability), sub in sorted(self.actions.items())
            },
            "action_order": self.action_order,
            "results": self.results,
            "notes": self.notes,
            "prods": self.prods,
            "revealed": {str(k): v for k, v in sorted(self.revealed.items())},
            "pending": list(self.pending) if self.pending is not None else None,
            "result": self.result,
            "ext": self.ext.snapshot() if self.ext is not None else None,
        }
