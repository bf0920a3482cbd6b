"""The driver: plays one table with an agent in every seat.

The judge (`online.engine.judged_table`) decides everything; the driver only asks the seat the
judge waits for, with that seat's view and a deadline, and turns the answer into an input. A
late answer, an agent's error or a malformed answer gets the rule's default (a PASS, no check,
no claim, no kill, a vote for the last nominated, a hand kept down) and is logged: in the
judge's log (the note of the `window_closed` input) and in `PlayedGame.problems`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from online.engine.judged_table import TableConfig, Vote, create_table
from online.engine.judged_table.commands import make, timeout
from online.engine.judged_table.judge import TableState, resolve_in_place
from online.engine.judged_table.phrases import ENGLISH, Phrasebook
from online.engine.judged_table.views import SeatHistories, seat_view

from .base import Agent, answer_problem, answer_to_command

# How long an agent may take to answer, by request (seconds): agents' own windows.
AGENT_DEADLINES = {
    "speak": 60.0,
    "vote": 10.0,
    "hand": 10.0,
    "check": 10.0,
    "claim": 10.0,
    "kill": 10.0,
}


@dataclass
class PlayedGame:
    seed: str
    state: TableState
    log: list[dict]
    agents: dict[int, str]
    problems: list[dict] = field(default_factory=list)


class _Seats:
    __slots__ = ("agents", "histories", "seen", "deadlines", "clock", "words", "problems", "notes")

    def __init__(self, agents: dict[int, Agent], deadlines: dict[str, float], clock, words: Phrasebook,
                 log: list[dict]) -> None:  # fmt: skip
        self.agents = agents
        # The seats' histories, given every batch the log is extended with (none when no agent
        # reads a history: the views then have none to take).
        self.histories = (
            SeatHistories(log) if any(agent.reads_history for agent in agents.values()) else None
        )
        self.seen = dict.fromkeys(agents, 0)
        self.deadlines = deadlines
        self.clock = clock
        self.words = words  # the table's language: the notes go into its log
        self.problems: list[dict] = []  # in English, for the reports
        self.notes: list[str] = []  # the same, in the table's language, for the log

    def ask(self, st: TableState, log: list[dict], seat: int) -> tuple[dict, dict | None]:
        """(the request, the checked answer or None after logging what went wrong)."""
        agent = self.agents[seat]
        view = seat_view(st, log, seat, self.seen[seat], agent.reads_history, self.histories)
        self.seen[seat] = len(log)
        request = view.request
        deadline = self.deadlines.get(request["action"], 10.0)
        started = self.clock()
        try:
            agent.observe(view)
            answer = agent.act(view)
        except Exception as error:  # an agent's failure is the agent's, never the game's
            detail = f"{type(error).__name__}: {error}"[: 300 - len("agent error: ")]
            return request, self._problem(seat, request, "agent-error", error=detail)
        if self.clock() - started > deadline:
            return request, self._problem(seat, request, "late", deadline=f"{deadline:g}")
        wrong = answer_problem(request, answer)
        if wrong:
            code, fields = wrong
            return request, self._problem(seat, request, "malformed", problem=(code, fields))
        return request, answer

    def _problem(self, seat: int, request: dict, code: str, **fields) -> None:
        action = request["action"]
        for words, kept in ((ENGLISH, self.problems), (self.words, self.notes)):
            said = dict(fields)
            if "problem" in said:
                problem, details = said["problem"]
                said["problem"] = words.answer_problems[problem].format(**details)
            reason = words.notes[code].format(**said)
            if kept is self.problems:
                kept.append({"seat": seat, "action": action, "reason": reason})
            else:
                kept.append(
                    words.notes["seat"].format(
                        seat=seat, action=words.actions[action], reason=reason
                    )
                )
        return None

    def notes_since(self, count: int) -> str:
        """The notes of the problems from `count` on, in the table's language."""
        return "; ".join(self.notes[count:])


def play_game(
    agents: dict[int, Agent] | Callable[[tuple], dict[int, Agent]],
    seed: str | int,
    config: TableConfig | dict | None = None,
    names: list[str] | None = None,
    deadlines: dict[str, float] | None = None,
    clock=time.monotonic,
    max_inputs: int = 5_000,
) -> PlayedGame:
    seed = str(seed)
    st, log = create_table(seed, names=names, config=config)
    if callable(agents):
        agents = agents(st.roles)  # e.g. a spec that seats agents by team
    for seat, agent in agents.items():
        agent.begin(seat, seed)
    seats = _Seats(agents, {**AGENT_DEADLINES, **(deadlines or {})}, clock, st.config.words, log)
    histories = seats.histories
    for _ in range(max_inputs):
        if st.winner is not None:
            break
        before = len(seats.problems)
        step = st.step
        if step == "vote":
            commands = _vote_round(st, log, seats)
        elif step in ("hands", "claims"):
            commands = []
            for seat in st.waiting_for():
                request, answer = seats.ask(st, log, seat)
                if answer is not None:
                    commands.append(answer_to_command(seat, request, answer))
            if len(commands) < len(st.waiting_for()):
                commands.append(timeout(seats.notes_since(before)))
        else:
            seat = st.actor
            request, answer = seats.ask(st, log, seat)
            command = None if answer is None else answer_to_command(seat, request, answer)
            commands = [command if command is not None else timeout(seats.notes_since(before))]
        events = resolve_in_place(st, commands)  # the driver keeps only the newest state
        log.extend(events)
        if histories is not None:
            histories.add(events)
    else:  # pragma: no cover - a game has far fewer inputs; this guards a broken agent loop
        raise RuntimeError(f"game {seed} did not end within {max_inputs} inputs")
    for seat, agent in agents.items():
        if agent.observes_the_end:
            since = seats.seen[seat]
            agent.observe(seat_view(st, log, seat, since, agent.reads_history, histories))
    return PlayedGame(seed=seed, state=st, log=log, agents={seat: agent.name for seat, agent in agents.items()},
                      problems=seats.problems)  # fmt: skip


def _vote_round(st: TableState, log: list[dict], seats: _Seats) -> list:
    """Every voter is asked once for the round; each hand goes into its candidate's window, and
    the windows close one after another (the last candidate takes the rest)."""
    before = len(seats.problems)
    chosen: dict[int, list[int]] = {candidate: [] for candidate in st.candidates}
    for seat in st.waiting_for():
        _, answer = seats.ask(st, log, seat)
        if answer is not None and answer["target"] is not None:
            chosen[answer["target"]].append(seat)
    commands: list = []
    note = seats.notes_since(before)
    for candidate in st.candidates[st.window : -1]:
        commands.extend([make(Vote, seat, candidate) for seat in chosen[candidate]])
        commands.append(timeout(note))
        note = ""
    return commands
