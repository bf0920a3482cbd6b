"""The vote count, always derived from the state: wagons, L-n, who is not voting, the history."""

from __future__ import annotations

from .state import GameState


def vote_count(state: GameState, phase: str | None = None, ballot: str = "lynch") -> dict | None:
    """The count of a day's ballot: the current day by default, or an ended day's final count.

    Each wagon lists its voters in the order they came and `to_lynch`, how many more votes
    it needs (L-n); wagons are ordered by votes, then by the player list. An ended day is
    counted among the players living when it ended. None when there is no such day.
    """
    current_phase = state.phase
    if phase is None or (current_phase is not None and phase == current_phase.id):
        if current_phase is None or current_phase.kind != "day":
            return None
        phase, closed, lynched = current_phase.id, False, None
        living = [slot.number for slot in state.slots if slot.alive]
    else:
        ended = next((p for p in state.phases if p.id == phase and p.kind == "day"), None)
        if ended is None:
            return None
        closed, lynched, living = True, ended.lynched, list(ended.living)
    record = state.ballots.get((phase, ballot))
    current = record.current if record else {}
    alive = set(living)
    majority = len(living) // 2 + 1
    wagons: dict[int, list[tuple[int, int]]] = {}
    for voter, (target, order) in current.items():
        if voter in alive and target in alive:
            wagons.setdefault(target, []).append((order, voter))
    rows = [
        {
            "target": target,
            "voters": [voter for _, voter in sorted(voters)],
            "count": len(voters),
            "to_lynch": max(majority - len(voters), 0),
        }
        for target, voters in wagons.items()
    ]
    rows.sort(key=lambda row: (-row["count"], row["target"]))
    voting = {voter for row in rows for voter in row["voters"]}
    return {
        "phase": phase,
        "ballot": ballot,
        "living": len(living),
        "majority": majority,
        "wagons": rows,
        "not_voting": [number for number in living if number not in voting],
        "history": list(record.history) if record else [],
        "closed": closed,
        "lynched": lynched,
    }
