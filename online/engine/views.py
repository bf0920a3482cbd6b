"""What each one may know: the public record, one slot's view, the moderator's view.

A slot's view holds its role message, its side (and, for a team that knows its members, the
teammates and their roles), the threads it may read, its own submissions this phase (and its
team's kill submissions), its own private results and prods, and the public record. Nothing
else: no other slot's role, action or result, and not the seed, which would tell the deal.
"""

from __future__ import annotations

from datetime import datetime

from .ballots import vote_count
from .clock import iso, utc
from .rulesets import ruleset_named
from .state import GameState, Slot


def public_view(state: GameState) -> dict:
    players = []
    for slot in state.slots:
        player = {"slot": slot.number, "name": slot.name, "alive": slot.alive, "left": slot.left}
        if slot.replacements:
            player["replacements"] = list(slot.replacements)
        if slot.number in state.revealed:
            player["role"] = state.revealed[slot.number]
        players.append(player)
    phase = state.phase
    return {
        "ruleset": state.ruleset,
        "setup": state.setup.to_dict(),
        "players": players,
        "phase": None
        if phase is None
        else {
            "phase": phase.id,
            "started_at": iso(phase.started_at),
            "deadline": iso(phase.deadline),
            "paused": phase.deadline is None,
        },
        "processing": state.pending is not None,
        "phases": [_public_phase(ended) for ended in state.phases],
        "vote_count": vote_count(state),
        "notes": [
            {
                key: value
                for key, value in note.items()
                if key in ("type", "at", "phase", "note", "deadline", "hours")
            }
            for note in state.notes
        ],
        "result": state.result,
    }


def _public_phase(phase) -> dict:
    return {
        "phase": phase.id,
        "started_at": iso(phase.started_at),
        "deadline": iso(phase.deadline),
        "ended_at": iso(phase.ended_at),
        "end": phase.end,
        "lynched": phase.lynched,
    }


def view_for(state: GameState, number: int) -> dict:
    """Exactly what slot `number` may know."""
    slot = state.slot(number)
    view = {"slot": number, "name": slot.name, "alive": slot.alive, "public": public_view(state)}
    if not state.dealt:
        return view
    rules = ruleset_named(state.ruleset)
    side = state.setup.side(slot.side)
    key = state.side_key(slot)
    view["role"] = rules.role_view(state, slot)
    view["side"] = {"id": side.id, "name": side.name, "kind": side.kind}
    if side.knows_members:
        view["side"]["members"] = [
            {"slot": member.number, "name": member.name, "role": member.role, "alive": member.alive}
            for member in state.side_members(key)
        ]
    view["threads"] = rules.threads(state, slot) if state.started else []
    view["actions"] = _actions_seen(state, slot, key)
    view["results"] = [result for result in state.results if result["slot"] == number]
    view["prods"] = [prod for prod in state.prods if prod["slot"] == number]
    return view


def _actions_seen(state: GameState, slot: Slot, key: str) -> list[dict]:
    """The slot's own submissions this phase, and its team's kill submissions."""
    team = {member.number for member in state.side_members(key)}
    seen = []
    for (actor, ability), submitted in sorted(state.actions.items()):
        if actor == slot.number or (ability == "kill" and actor in team):
            seen.append(
                {
                    "slot": actor,
                    "ability": ability,
                    "target": submitted["target"],
                    "at": submitted["at"],
                }
            )
    return seen


def processing(state: GameState, now: datetime) -> bool:
    """Whether the game is being updated at `now`: its deadline has passed and the phase is not
    resolved yet, or a drafted resolution waits for the moderator. No posts or actions then."""
    if state.pending is not None:
        return True
    phase = state.phase
    return phase is not None and phase.deadline is not None and utc(now) >= phase.deadline


def readable_threads(state: GameState, number: int) -> list[str]:
    if not state.dealt:
        return ["main"]
    rules = ruleset_named(state.ruleset)
    return [
        thread["thread"] for thread in rules.threads(state, state.slot(number)) if thread["read"]
    ]


def moderator_view(state: GameState) -> dict:
    """Everything: the moderator's page."""
    return {**state.snapshot(), "vote_count": vote_count(state)}
