"""The agent interface: a Python class that observes its seat's view and answers a request.

    class MyAgent(Agent):
        def act(self, view):                 # view.request says what is asked
            if view.request["action"] == "speak":
                return {"speech": "I nominate number 4. PASS"}
            return {"target": None}

An answer is a small JSON object: `{"speech": text}` for a speech, `{"target": seat or null}`
for a vote, a check, a claim or a kill (null: no vote — the last nominated —, no check, no
claim, no kill), `{"up": true|false}` for the vote to eliminate all. `check_answer` says what is
wrong with an answer; the driver then gives the rule's default and logs why.
"""

from __future__ import annotations

from online.engine.judged_table import commands as c
from online.engine.judged_table.commands import Check, Claim, Hand, Kill, Speak, make
from online.engine.judged_table.phrases import ENGLISH
from online.engine.judged_table.views import SeatView

MAX_SPEECH_CHARACTERS = 20_000


class Agent:
    """Base class: keeps the seat, and everything the seat has seen (`self.history`)."""

    name = "agent"
    reads_history = True  # False: the driver leaves the views' history out (it costs time)
    # False: `observe` does nothing with the view of a finished game, so the driver builds none
    # (a view costs time). A subclass that overrides `observe` is shown the end again unless
    # it says otherwise itself (`__init_subclass__`).
    observes_the_end = True

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if "observe" in cls.__dict__ and "observes_the_end" not in cls.__dict__:
            cls.observes_the_end = True

    def begin(self, seat: int, seed: str) -> None:
        self.seat = seat
        self.seed = seed
        self.history: list[dict] = []

    def observe(self, view: SeatView) -> None:
        """Called with every view before `act` (and once at the end); `view.history` holds the
        events new to this seat since the last view."""
        self.history.extend(view.history)

    def act(self, view: SeatView) -> dict:  # pragma: no cover - every agent answers
        raise NotImplementedError


def check_answer(request: dict, answer: object) -> str | None:
    """None if the answer fits the request, else what is wrong with it, in English (for the
    reports; `answer_problem` gives it as a code, for the log in the table's language)."""
    problem = answer_problem(request, answer)
    if problem is None:
        return None
    code, fields = problem
    return ENGLISH.answer_problems[code].format(**fields)


def answer_problem(request: dict, answer: object) -> tuple[str, dict] | None:
    """None if the answer fits the request, else (the problem's code, its details): the codes
    of `Phrasebook.answer_problems`."""
    if not isinstance(answer, dict):
        return "not-object", {}
    action = request["action"]
    if action == "speak":
        speech = answer.get("speech")
        if not isinstance(speech, str):
            return "speech-not-text", {}
        if len(speech) > MAX_SPEECH_CHARACTERS:
            return "speech-too-long", {"limit": MAX_SPEECH_CHARACTERS}
        return None
    if action == "hand":
        return None if isinstance(answer.get("up"), bool) else ("hand-not-bool", {})
    if "target" not in answer:
        return "no-target", {}
    target = answer["target"]
    if target is None:
        return None
    if not isinstance(target, int) or isinstance(target, bool):
        return "target-not-seat", {}
    allowed = request["candidates"] if action == "vote" else request["targets"]
    if target not in allowed:
        return "target-not-allowed", {"target": target, "allowed": allowed}
    return None


def answer_to_command(seat: int, request: dict, answer: dict) -> c.Command | None:
    """The command for a checked answer (a vote is None here: the driver places it in its
    candidate's window)."""
    action = request["action"]
    if action == "speak":
        return make(Speak, seat, answer["speech"])
    if action == "hand":
        return make(Hand, seat, answer["up"])
    target = answer["target"]
    if action == "check":
        return None if target is None else make(Check, seat, target)
    if action == "claim":
        return make(Claim, seat, target)
    if action == "kill":
        return make(Kill, seat, target)
    return None
