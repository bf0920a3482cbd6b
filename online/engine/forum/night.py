"""The night: the written order of its stages, and their resolution.

Night actions are simultaneous: every action submitted by a player living when the night ends
is resolved, also when its actor dies that same night; the deaths come at dawn, after every
stage. The stages run in `NIGHT_ORDER`; `night_order` prints the same table for a setup.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..setup import TOWN, RoleEntry, Setup
from ..stages import Stage, run_stages, stage_of
from ..state import GameState
from .roles import ROLES, SIDE_KILL, SIDES

NIGHT_ORDER: tuple[Stage, ...] = (
    Stage(
        "block",
        "Roleblocks",
        "A blocked player's night action does not happen, and the player is told they were "
        "blocked. Blocks themselves cannot be blocked: every block lands.",
        ("block",),
    ),
    Stage(
        "redirect",
        "Redirections",
        "Actions are sent to other targets. No role of the forum game redirects; the stage keeps "
        "its place so every game prints the same order.",
    ),
    Stage(
        "protect",
        "Protection",
        "The Doctor protects a player from every kill of the night.",
        ("protect",),
    ),
    Stage(
        "kill",
        "Kills",
        "Each scum team's kill (made by the first-listed member who submitted one), each Serial "
        "Killer's kill and each Vigilante's shot. A protected target survives.",
        (SIDE_KILL, "shoot"),
    ),
    Stage(
        "investigate",
        "Investigations",
        "The Cop learns guilty or innocent (the Godfather reads innocent); the Tracker learns whom "
        "the target visited; the Watcher learns who visited the target. A player visits the "
        "target of each of their actions that was not blocked.",
        ("investigate", "track", "watch"),
    ),
    Stage(
        "delayed",
        "Delayed effects",
        "Effects of earlier nights that fall due. None in the forum game.",
    ),
)


def night_order(setup: Setup | None = None) -> list[dict]:
    """The night order as data: each stage with the roles (and killing sides) acting in it.

    With a setup, only its roles and sides; without, the whole catalogue.
    """
    if setup is None:
        entries, sides = [RoleEntry(role.id, role.side) for role in ROLES.values()], SIDES
    else:
        entries, sides = setup.entries, setup.sides
    role_ids = {entry.role for entry in entries}
    killing = sorted({e.side for e in entries if sides[e.side].kind != TOWN}, key=lambda s: sides[s].name)
    killing_sides = [sides[side].name for side in killing]
    rows = []
    for position, stage in enumerate(NIGHT_ORDER, start=1):
        acting = [
            role
            for role in ROLES.values()
            if role.id in role_ids and any(a.id in stage.abilities for a in role.abilities)
        ]
        roles = [role.name for role in acting]
        rows.append(
            {
                "position": position,
                "stage": stage.id,
                "title": stage.title,
                "description": stage.description,
                "roles": roles,
                "sides": killing_sides if SIDE_KILL in stage.abilities else [],
                # the stable ids, for a page that writes the names in its reader's language
                "role_ids": [role.id for role in acting],
                "side_ids": killing if SIDE_KILL in stage.abilities else [],
            }
        )
    return rows


@dataclass
class Act:
    actor: int
    ability: str
    target: int
    stage: int  # the stage's position in the order
    outcome: str = "done"  # done, blocked, protected, overruled, target-gone


@dataclass
class NightWork:
    state: GameState
    acts: list[Act]
    blocked: set[int] = field(default_factory=set)
    protected: set[int] = field(default_factory=set)
    dying: set[int] = field(default_factory=set)
    results: list[tuple[int, dict]] = field(default_factory=list)

    def acting(self, stage_id: str) -> list[Act]:
        stage = _POSITION[stage_id]
        return [act for act in self.acts if act.stage == stage and act.outcome == "done"]


_POSITION = {stage.id: position for position, stage in enumerate(NIGHT_ORDER)}


def _stage_position(ability: str) -> int:
    return _POSITION[stage_of(NIGHT_ORDER, ability).id]


def collect_acts(state: GameState) -> list[Act]:
    """The night's valid actions: each living player's last submission, and one kill per side.

    A side's kill is made by the first member in the player list who submitted one; the
    others' submissions are recorded as overruled.
    """
    acts: list[Act] = []
    sides_killing: set[str] = set()
    for slot in state.slots:
        if not slot.alive:
            continue
        for ability in ROLES[slot.role].abilities:
            submitted = state.actions.get((slot.number, ability.id))
            if submitted is not None:
                acts.append(
                    Act(slot.number, ability.id, submitted["target"], _stage_position(ability.id))
                )
        submitted = state.actions.get((slot.number, SIDE_KILL))
        if submitted is not None:
            key = state.side_key(slot)
            act = Act(slot.number, SIDE_KILL, submitted["target"], _stage_position(SIDE_KILL))
            if key in sides_killing:
                act.outcome = "overruled"
            sides_killing.add(key)
            acts.append(act)
    for act in acts:
        if act.outcome == "done" and not state.slot(act.target).alive:
            act.outcome = "target-gone"
    acts.sort(key=lambda act: act.stage)  # stable: the player list's order within a stage
    return acts


def _block(work: NightWork) -> None:
    for act in work.acting("block"):
        work.blocked.add(act.target)
    for act in work.acts:
        if act.actor in work.blocked and act.outcome == "done" and act.ability != "block":
            act.outcome = "blocked"


def _protect(work: NightWork) -> None:
    for act in work.acting("protect"):
        work.protected.add(act.target)


def _kill(work: NightWork) -> None:
    for act in work.acting("kill"):
        if act.target in work.protected:
            act.outcome = "protected"
        else:
            work.dying.add(act.target)


def _investigate(work: NightWork) -> None:
    visits = [(act.actor, act.target) for act in work.acts if act.outcome in ("done", "protected")]
    for act in work.acting("investigate"):
        target = act.target
        if act.ability == "investigate":
            verdict = ROLES[work.state.slot(target).role].appears
            result = {"kind": "investigation", "target": target, "verdict": verdict}
        elif act.ability == "track":
            visited = sorted({to for by, to in visits if by == target})
            result = {"kind": "track", "target": target, "visited": visited}
        else:
            visitors = sorted({by for by, to in visits if to == target and by != act.actor})
            result = {"kind": "watch", "target": target, "visitors": visitors}
        work.results.append((act.actor, result))


def _nothing(work: NightWork) -> None:
    return None


STAGE_RUNNERS = {
    "block": _block,
    "redirect": _nothing,
    "protect": _protect,
    "kill": _kill,
    "investigate": _investigate,
    "delayed": _nothing,
}
assert set(STAGE_RUNNERS) == set(_POSITION)


def plan_night(state: GameState) -> NightWork:
    """Resolve the night's actions without changing the state; `emit_night` records them."""
    work = NightWork(state, collect_acts(state))
    run_stages(NIGHT_ORDER, STAGE_RUNNERS, work)
    return work


def emit_night(ctx, work: NightWork, phase: str) -> None:
    """The night's events: each action's outcome, the private results, then the dawn's deaths."""
    for act in work.acts:
        ctx.emit(
            "action_resolved",
            phase=phase,
            slot=act.actor,
            ability=act.ability,
            target=act.target,
            outcome=act.outcome,
        )
    for slot in sorted(work.blocked):
        if ctx.state.slot(slot).alive:
            ctx.emit("private_result", phase=phase, slot=slot, kind="blocked")
    for slot, result in work.results:
        ctx.emit("private_result", phase=phase, slot=slot, **result)
    for slot in sorted(work.dying):
        ctx.remove(ctx.state.slot(slot), "killed", phase=phase)
