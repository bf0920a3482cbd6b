"""The day: one vote per living player, the hammer at majority, and the deadline's lynch."""

from __future__ import annotations

from ..ballots import vote_count
from ..commands import Unvote, Vote
from ..errors import RuleError
from ..state import GameState, Slot
from .roles import ROLES

LYNCH = "lynch"


def player(state: GameState, actor: object, rule_if_dead: str) -> Slot:
    return state.living_slot(actor, "actor.unknown-slot", rule_if_dead)


def other_living(state: GameState, actor: Slot, target: object, codes: dict[str, str]) -> Slot:
    """The target of a vote or an action: another living slot; else the caller's refusal codes
    (`unknown`, `self`, `dead`) and `verb` for the message."""
    if not state.has_slot(target):
        raise RuleError(codes["unknown"], f"{target!r} is not a slot of this game.")
    if target == actor.number:
        raise RuleError(codes["self"], f"A player cannot {codes['verb']} themselves.")
    if not state.slot(target).alive:
        raise RuleError(codes["dead"], f"Slot {target} has left the game.")
    return state.slot(target)


VOTE_TARGET = {
    "unknown": "vote.unknown-target",
    "self": "vote.self",
    "dead": "vote.target-dead",
    "verb": "vote for",
}


def _open_day(state: GameState, command: Vote | Unvote) -> Slot:
    """The voter, then the phase, then the ballot: the refusals' one order (who, when, what,
    whom; docs/online-engine.md, "Refusals"), so the dead are refused as dead at any time."""
    voter = player(state, command.actor, "vote.voter-dead")
    if state.phase.kind != "day":
        raise RuleError("vote.not-day", "Votes are cast during the day.")
    if command.ballot != LYNCH:
        raise RuleError("vote.unknown-ballot", f"There is no {command.ballot!r} vote in this game.")
    if command.post is not None and not isinstance(command.post, str):
        raise RuleError("vote.post", "A post reference is text.")
    return voter


def _post(command: Vote | Unvote) -> dict:
    return {} if command.post is None else {"post": command.post}


def current_vote(state: GameState, voter: int) -> int | None:
    ballot = state.ballots.get((state.phase.id, LYNCH))
    if ballot is None or voter not in ballot.current:
        return None
    return ballot.current[voter][0]


def vote(ctx, command: Vote) -> None:
    state = ctx.state
    voter = _open_day(state, command)
    target = other_living(state, voter, command.target, VOTE_TARGET).number
    if ROLES[state.slot(target).role].unvotable:
        raise RuleError(
            "vote.innocent-child", f"Slot {target} is an Innocent Child: no one may vote for them."
        )
    ctx.emit(
        "vote_cast",
        phase=state.phase.id,
        ballot=LYNCH,
        voter=voter.number,
        target=target,
        previous=current_vote(state, voter.number),
        **_post(command),
    )
    hammer_if_majority(ctx)


def unvote(ctx, command: Unvote) -> None:
    state = ctx.state
    voter = _open_day(state, command)
    previous = current_vote(state, voter.number)
    if previous is None:
        raise RuleError("vote.nothing-to-unvote", "There is no vote to remove.")
    ctx.emit(
        "vote_removed",
        phase=state.phase.id,
        ballot=LYNCH,
        voter=voter.number,
        previous=previous,
        **_post(command),
    )


def majority_target(state: GameState) -> int | None:
    """The player a majority of the living is voting for, if any."""
    count = vote_count(state)
    if count and count["wagons"] and count["wagons"][0]["to_lynch"] == 0:
        return count["wagons"][0]["target"]
    return None


def hammer_if_majority(ctx) -> None:
    """The lynch happens as the majority is reached, in the same step: exactly once."""
    target = majority_target(ctx.state)
    if target is not None:
        ctx.end_phase("lynch", ctx.at, lynched=target)


def most_voted(state: GameState) -> int | None:
    """Mandatory Lynch at the deadline: the most-voted; a tie goes to the first listed.

    With no vote at all, no one has the most votes and no one is lynched.
    """
    count = vote_count(state)
    if not count or not count["wagons"]:
        return None
    return count["wagons"][0]["target"]  # wagons are ordered by votes, then the player list
