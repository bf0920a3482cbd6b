"""Benchmark: "Mafia 1923" in the pure engine (online/engine/mafia1923), 1,000 players, one core.

Run: .venv/bin/python benchmarks/mafia1923_engine.py [--seconds N] [--families-of-8 50]
     [--families-of-10 60]

The default event: 50 families of 8 and 60 of 10 (1,000 players in 110 families, 170 Mafia
Members), a pool of 340 roles dealt at random (scaled down with a smaller event). Times are CPU time (time.process_time), best of
repeats, like benchmarks/forum_engine.py. It prints:
- a submission (one `resolve` per night action or per player's two votes, as the site calls it):
  mean and p95 over a whole window's submissions;
- a night's resolution (issue 18's target: < 200 ms for 1,000 players), as the moderators' draft
  (`deadline_reached`) and its publication, and a day's resolution (the court) likewise;
- the replay of the whole five-day event from its log.
"""

from __future__ import annotations

import argparse
import sys
import time
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_replay import best_time  # noqa: E402
from online.engine import (  # noqa: E402
    DeadlineReached,
    DealRoles,
    PublishResolution,
    Start,
    create_game,
    replay,
    resolve,
)
from online.engine.clock import utc  # noqa: E402
from online.engine.mafia1923 import Act, CastVotes, Enrol  # noqa: E402
from online.engine.mafia1923.common import (  # noqa: E402
    family_of,
    is_injured,
    is_mafia,
    kill_quota,
    living_members,
    self_allowed,
    uses_left,
)
from online.engine.mafia1923.roles import abilities_of  # noqa: E402

POOL = {
    "doctor": 30, "bodyguard": 30, "butler": 20, "boss": 20, "thief": 10, "drunkard": 20,
    "bumbling_bureaucrat": 20, "councilor": 20, "pacifist": 20, "sheriff": 20, "paperboy": 20,
    "witness": 10, "court_secretary": 10, "lawyer": 20, "shadchan": 10, "detective": 20,
    "armed_robber": 30,
}  # fmt: skip
START = "2026-11-26T10:00:00Z"


def scaled(count: int, players: int) -> int:
    """A role's count in the pool for ``players``: POOL is for 1,000 (a smaller event, e.g. the
    suite's tiny run, gets a pool its Standard players can hold)."""
    return count if players >= 1000 else max(1, count * players // 1000)


def new_event(eights: int, tens: int, seed: str = "bench"):
    setup = {
        "name": "Bench 1923",
        "ruleset": "mafia1923",
        "roles": [{"role": role, "count": scaled(count, 8 * eights + 10 * tens)} for role, count in POOL.items()],
    }
    at = utc(START)
    state, log = create_game(setup, seed, at)
    commands, number = [], 0
    for index, size in enumerate([8] * eights + [10] * tens, start=1):
        for _ in range(size):
            number += 1
            commands.append(Enrol(at=at, name=f"P{number}", family=f"F{index}", level="standard"))
    commands += [DealRoles(at=at), Start(at=at)]
    state, events = resolve(state, commands)
    return state, log + events


def night_commands(state) -> list:
    """Every living night role acts on a living player of the next family (or the family
    itself); the Mafia's first living member sends the kill."""
    at = state.phase.started_at + timedelta(minutes=1)
    families = list(state.ext.families)
    living = [s.number for s in state.slots if s.alive]
    civilians = [n for n in living if not is_mafia(state.slot(n))]
    commands, kill_sent = [], False
    for slot in state.slots:
        if not slot.alive or is_injured(state, slot.number, state.phase.id):
            continue
        own = families.index(family_of(state, slot.number))
        near = families[(own + 1) % len(families)]
        others = living_members(state, near) or civilians
        for ability in abilities_of(slot.role, slot.side):
            if ability.phase != "night" or uses_left(state, slot, ability) == 0:
                continue
            if ability.id == "kill":
                if not kill_sent:
                    kill_sent = True
                    chosen = civilians[-kill_quota(state) :]
                    commands.append(Act(at=at, actor=slot.number, ability="kill", players=chosen))
                continue
            pick = [n for n in others if n != slot.number]
            if ability.target == "family":
                commands.append(Act(at=at, actor=slot.number, ability=ability.id, family=near))
            elif ability.target == "pair" and len(pick) >= 2:
                commands.append(Act(at=at, actor=slot.number, ability=ability.id, players=pick[:2]))
            elif ability.target == "player" and pick:
                commands.append(Act(at=at, actor=slot.number, ability=ability.id, player=pick[0]))
    return commands


def day_commands(state) -> list:
    """Day actions (jail, extra votes, a Lawyer), then every living uninjured player's votes."""
    at = state.phase.started_at + timedelta(minutes=1)
    families = list(state.ext.families)
    commands = []
    for slot in state.slots:
        if not slot.alive or is_injured(state, slot.number, state.phase.id):
            continue
        own = family_of(state, slot.number)
        near = families[(families.index(own) + 3) % len(families)]
        mates = [n for n in living_members(state, own) if n != slot.number]
        for ability in abilities_of(slot.role, slot.side):
            if ability.phase != "day" or uses_left(state, slot, ability) == 0:
                continue
            if ability.id == "jail":
                target = living_members(state, near)[:1]
                if target:
                    commands.append(
                        Act(at=at, actor=slot.number, ability="jail", player=target[0], family=near)
                    )
            elif ability.id in ("boost", "dampen"):
                commands.append(Act(at=at, actor=slot.number, ability=ability.id, family=near))
            elif ability.id == "defend" and self_allowed(slot, ability):
                commands.append(Act(at=at, actor=slot.number, ability="defend", player=slot.number))
        commands.append(
            CastVotes(at=at, actor=slot.number, family=families[(families.index(own) + 1) % len(families)],
                      player=mates[-1] if mates else None)
        )  # fmt: skip
    return commands


def submit(state, commands):
    """One `resolve` per command; the state after them and every step's time."""
    times, log = [], []
    for command in commands:
        start = time.process_time()
        state, events = resolve(state, command)
        times.append(time.process_time() - start)
        log += events
    return state, times, log


def close(state):
    """The window's deadline (the moderators' draft), then its publication an hour later."""
    due = state.phase.deadline
    drafted, d_events = resolve(state, DeadlineReached(at=due))
    published, p_events = resolve(drafted, PublishResolution(at=due + timedelta(hours=1)))
    return drafted, published, d_events + p_events


def p95(times: list[float]) -> float:
    return sorted(times)[int(len(times) * 0.95)]


def measure_resolution(before, seconds: float) -> None:
    """The draft and the publication of the window `before` is in, timed apart."""
    reached = DeadlineReached(at=before.phase.deadline)
    t_draft = best_time(lambda: resolve(before, reached), seconds)
    drafted, _, _ = close(before)
    publish = PublishResolution(at=before.phase.deadline + timedelta(hours=1))
    t_publish = best_time(lambda: resolve(drafted, publish), seconds)
    print(
        f"{before.phase.id} resolution: draft {t_draft * 1e3:.1f} ms + publication "
        f"{t_publish * 1e3:.1f} ms = {(t_draft + t_publish) * 1e3:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="measuring time per case")
    parser.add_argument("--families-of-8", type=int, default=50)
    parser.add_argument("--families-of-10", type=int, default=60)
    args = parser.parse_args()
    calibration = best_time(lambda: sum(range(1000)), args.seconds / 2)
    print(f"calibration: sum(range(1000)) {calibration * 1e6:.1f} µs")

    state, log = new_event(args.families_of_8, args.families_of_10)
    players = len(state.slots)
    print(f"{players} players in {len(state.ext.families)} families, "
          f"{sum(1 for s in state.slots if is_mafia(s))} Mafia Members")  # fmt: skip
    t_copy = best_time(state.copy, args.seconds / 2)
    print(f"a state copy (copy-on-write): {t_copy * 1e6:.1f} µs")

    for window in range(10):
        kind = state.phase.kind
        commands = night_commands(state) if kind == "night" else day_commands(state)
        state, times, events = submit(state, commands)
        log += events
        if window < 2:
            print(f"{state.phase.id}: {len(commands)} submissions, mean "
                  f"{sum(times) / len(times) * 1e6:.0f} µs, p95 {p95(times) * 1e6:.0f} µs a `resolve`")  # fmt: skip
            measure_resolution(state, args.seconds)
        _, state, events = close(state)
        log += events
    assert state.result is not None
    living = sum(1 for s in state.slots if s.alive)
    print(f"the event ended: winner {state.result['winner']}, {living} living, {len(log)} events")
    assert replay(log).snapshot() == state.snapshot()
    t_replay = best_time(lambda: replay(log), args.seconds)
    print(
        f"replay of the whole event: {t_replay * 1e3:.0f} ms, {t_replay * 1e9 / len(log):.0f} ns/event"
    )


if __name__ == "__main__":
    main()
