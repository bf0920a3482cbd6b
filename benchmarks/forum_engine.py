"""Benchmark: the forum game's pure engine (online/engine), on one core.

Run: .venv/bin/python benchmarks/forum_engine.py [--seconds N] [--games 20] [--players 30]

Times CPU time (time.process_time), best of repeats, like benchmarks/engine_replay.py:
- a night for G games of P players: every power role and every killing side submits its action
  (one `resolve` per submission, as the site will call it), then the deadline resolves the night;
- a day for the same games: votes land one by one until the hammer lynches;
- the replay of a whole P-player game, from its first event to the win, from its log.
It prints µs per step (one `resolve` call or one replay) and games per second.
"""

from __future__ import annotations

import argparse
import sys
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.engine_replay import best_time  # noqa: E402
from online.engine import DeadlineReached, NightAction, Vote, replay, resolve  # noqa: E402
from online.engine.forum import ROLES  # noqa: E402
from online.engine.scenario import ForumScenario  # noqa: E402

POWER = ["cop", "doctor", "roleblocker", "vigilante", "tracker", "watcher", "innocent_child"]
SCUM = [
    "godfather",
    "mafia_goon",
    "mafia_roleblocker",
    "mafia_goon",
    "mafia_goon",
    "werewolf",
    "werewolf",
    "serial_killer",
]


def roles_for(players: int) -> list[str]:
    roles = POWER + SCUM
    return roles + ["townie"] * (players - len(roles))


def night_commands(game: ForumScenario) -> list[NightAction]:
    """Each living power role and each killing side's first member acts on a living townie or a scum."""
    state = game.state
    living = [slot for slot in state.slots if slot.alive]
    townies = [slot.number for slot in living if slot.role == "townie"]
    scum = [slot.number for slot in living if ROLES[slot.role].side != "town"]
    commands, sides_done, at = [], set(), game.now
    for index, slot in enumerate(living):
        spec = ROLES[slot.role]
        for ability in spec.abilities:
            target = (
                scum[index % len(scum)]
                if ability.id in ("investigate", "track", "shoot", "block")
                else townies[index % len(townies)]
            )
            if target != slot.number:
                commands.append(
                    NightAction(at=at, actor=slot.number, ability=ability.id, target=target)
                )
        key = state.side_key(slot)
        if spec.side != "town" and key not in sides_done:
            sides_done.add(key)
            commands.append(
                NightAction(
                    at=at, actor=slot.number, ability="kill", target=townies[-1 - len(sides_done)]
                )
            )
    return commands


def day_commands(game: ForumScenario) -> list[Vote]:
    """Votes one by one, with a few changes of mind, until a majority hammers a scum player."""
    state = game.state
    living = [slot.number for slot in state.slots if slot.alive]
    target = next(
        slot.number for slot in state.slots if slot.alive and ROLES[slot.role].side != "town"
    )
    decoy = next(
        number
        for number in living
        if number != target and not ROLES[state.slot(number).role].unvotable
    )
    voters = [number for number in living if number not in (target, decoy)]
    majority = len(living) // 2 + 1
    at = game.now
    commands = [Vote(at=at, actor=voter, target=decoy, post=f"p{voter}a") for voter in voters[:4]]
    commands += [
        Vote(at=at, actor=voter, target=target, post=f"p{voter}b") for voter in voters[:majority]
    ]
    return commands


def run_commands(state, commands):
    for command in commands:
        state, _ = resolve(state, command)
    return state


def full_game(players: int, seed: str) -> ForumScenario:
    """A whole game to its end: nights with every action, days lynching scum by majority."""
    game = ForumScenario(*roles_for(players), seed=seed)
    game.deadline()
    while game.result is None:
        if game.state.phase.kind == "day":
            game.do(*day_commands(game))
            if game.result is None and game.state.phase.kind == "day":
                game.deadline()
        else:
            game.do(*night_commands(game))
            game.deadline()
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="measuring time per case")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=30)
    args = parser.parse_args()
    calibration = best_time(lambda: sum(range(1000)), args.seconds / 2)
    print(f"calibration: sum(range(1000)) {calibration * 1e6:.1f} µs")

    games = [ForumScenario(*roles_for(args.players), seed=f"bench-{n}") for n in range(args.games)]
    for game in games:
        game.deadline().deadline()  # Night 0, then a quiet Day 1: Night 1 begins
    nights = [(game.state, night_commands(game), game.state.phase.deadline) for game in games]
    submissions = sum(len(commands) for _, commands, _ in nights)

    def submit_all():
        return [run_commands(state, commands) for state, commands, _ in nights]

    submitted = submit_all()

    def resolve_nights():
        for state, (_, _, due) in zip(submitted, nights, strict=True):
            resolve(state, DeadlineReached(at=due + timedelta(minutes=1)))

    t_submit = best_time(submit_all, args.seconds)
    t_night = best_time(resolve_nights, args.seconds)
    print(f"night, {args.games} games × {args.players} players:")
    print(f"  {submissions} submissions    {t_submit / submissions * 1e6:8.1f} µs/step")
    print(f"  {args.games} resolutions     {t_night / args.games * 1e6:8.1f} µs/step")

    for game, (_, commands, due) in zip(games, nights, strict=True):
        game.do(*commands)
        game.at(due).deadline()
    days = [(game.state, day_commands(game)) for game in games]
    votes = sum(len(commands) for _, commands in days)
    assert all(run_commands(state, commands).phase.kind == "night" for state, commands in days)

    def vote_all():
        return [run_commands(state, commands) for state, commands in days]

    t_day = best_time(vote_all, args.seconds)
    print(f"day, {args.games} games × {args.players} players:")
    print(f"  {votes} votes to the hammers  {t_day / votes * 1e6:8.1f} µs/step")
    per_game = (t_submit + t_night + t_day) / args.games
    print(f"a night and a day: {per_game * 1e3:.2f} ms/game, {1 / per_game:,.0f} games/s")

    game = full_game(args.players, "bench-full")
    log = game.log
    assert replay(log).snapshot() == game.state.snapshot()
    t_replay = best_time(lambda: replay(log), args.seconds)
    phases = len([e for e in log if e["type"] == "phase_started"])
    print(
        f"replay of a whole {args.players}-player game ({len(log)} events, {phases} phases, "
        f"winner {game.winner}): {t_replay * 1e6:8.1f} µs/game, {1 / t_replay:,.0f} games/s, "
        f"{t_replay * 1e9 / len(log):.0f} ns/event"
    )


if __name__ == "__main__":
    main()
