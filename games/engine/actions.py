"""What the judge may record next: the one answer the entry page, its actions and the API share.

`next_actions(record, phase)` reads the replayed table (`GameRecord.current`) in the phase the
judge is in — the phase of the last event, or one the judge has moved on to — and says which
events the engine would accept there: nominations, a vote and its candidates, the raise
decision, the night's stages still open and whom each may name, the wills now due, and where
the judge may move. The engine refuses anything else anyway; this says it beforehand, so a
page offers only what will be accepted. Pure Python, like the rest of the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from .record import GameRecord, PendingWill, Phase
from .rulesets import DON_CHECK, DON_DECIDES, RULESETS, SHERIFF_CHECK


@dataclass(frozen=True, slots=True)
class NightStageChoice:
    stage: str  # "shot" | "don_check" | "sheriff_check"
    checker: int | None  # the checking seat (None for the shot)
    targets: tuple[int, ...]  # the seats this stage may name: at the table, never the checker


@dataclass(frozen=True, slots=True)
class NextActions:
    phase: Phase  # the phase the judge is in
    in_recorded_phase: bool  # it is the phase of the last event (today's list applies)
    finished: bool  # the game is over: nothing more but bonuses and the like
    deal_open: bool  # no event yet: the deal may still be changed
    # a day
    nominate: bool
    candidates: tuple[int, ...]  # the voting list, or the tied seats of a revote or raise
    vote: bool  # a vote round is due (its number: `vote_round`)
    vote_round: int
    raise_decision: bool  # the raise decision is due, on `candidates`
    majority: int  # hands (or votes) that make a majority of the players at the table
    # a night
    night_stages: tuple[NightStageChoice, ...]
    shot_by_don: bool  # the night shot is the Don's decision (else every black shows a number)
    living_blacks: tuple[int, ...]
    # due now
    wills: tuple[PendingWill, ...]
    # moving between phases
    next_phase: Phase
    previous_phase: Phase | None  # None: the judge cannot step back before the last event

    @property
    def vote_due(self) -> tuple[int, ...]:
        """The candidates while a vote round or the raise decision is due (else ())."""
        return self.candidates if self.vote or self.raise_decision else ()


def opening_phase_key(ruleset_id: str) -> int:
    """Where a fresh table starts: Night 0 where it has events (fiim-2025), else Day 1."""
    ruleset = RULESETS.get(ruleset_id)
    return 0 if ruleset is not None and ruleset.night_zero_has_events else 1


def earliest_phase_key(record: GameRecord) -> int:
    """How far back the judge may step: the phase of the last event (or the opening one)."""
    return max(record.phase.key if record.events else 0, opening_phase_key(record.ruleset))


def next_actions(record: GameRecord, phase: Phase | None = None) -> NextActions:
    """What may be recorded next in `phase` (default: the phase of the last event)."""
    state = record.current
    ruleset = RULESETS[record.ruleset]
    events = record.events
    phase = phase or state.phase
    same_phase = not events or record.phase == phase
    alive = tuple(sorted(state.alive))
    finished = state.finished
    nominate = vote = raise_decision = False
    candidates: tuple[int, ...] = ()
    stages: list[NightStageChoice] = []
    if not finished and phase.is_day:
        if same_phase:
            candidates = state.voting[1] if state.voting else state.nominations
            raise_decision = bool(state.voting) and state.voting[0] == "raise"
            vote = bool(candidates) and state.next_vote_round > 0 and (
                state.voting is None or state.voting[0] == "revote")
            # After the day's first vote the nominations are closed.
            nominate = not any(vote_round.day == phase.number for vote_round in record.votes)
        else:
            nominate = True
    elif not finished:
        done = set(state.night_stages_done) if same_phase else set()
        # A checker who has left the table does not check, and never checks their own seat.
        checkers = {DON_CHECK: record.don, SHERIFF_CHECK: record.sheriff}
        for stage in state.night_stages:
            checker = checkers.get(stage)
            if stage in done or (checker is not None and checker not in state.alive):
                continue
            stages.append(NightStageChoice(stage, checker, tuple(s for s in alive if s != checker)))
    earliest = earliest_phase_key(record)
    return NextActions(
        phase=phase,
        in_recorded_phase=same_phase,
        finished=finished,
        deal_open=not events,
        nominate=nominate,
        candidates=tuple(candidates),
        vote=vote,
        vote_round=state.next_vote_round or 1,
        raise_decision=raise_decision,
        majority=len(state.alive) // 2 + 1,
        night_stages=tuple(stages),
        shot_by_don=ruleset.shot_rule == DON_DECIDES,
        living_blacks=tuple(seat for seat in record.black_seats if seat in state.alive),
        wills=state.pending_wills,
        next_phase=Phase.from_key(phase.key + 1),
        previous_phase=Phase.from_key(phase.key - 1) if phase.key > earliest else None,
    )
