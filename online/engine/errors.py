"""The engine's two refusals: a command it will not take, and a log it did not write."""

from __future__ import annotations


class RuleError(Exception):
    """A command the engine refuses; the game is unchanged.

    `rule` is a short stable code ("vote.self", "phase.deadline-passed") a UI can translate;
    `message` is clear English; `details` are the facts the message names (slots, times);
    `input_index` is the position of the refused command in the batch given to `resolve`.
    """

    def __init__(self, rule: str, message: str, **details: object) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.details = details
        self.input_index: int | None = None

    def __repr__(self) -> str:
        return f"RuleError({self.rule!r}, {self.message!r})"

    def to_dict(self) -> dict:
        return {"rule": self.rule, "message": self.message, "input": self.input_index}


class LogError(Exception):
    """A game log the engine cannot replay: not a log it wrote, or damaged."""

    def __init__(self, index: int | None, message: str) -> None:
        super().__init__(f"event {index}: {message}" if index is not None else message)
        self.index = index
        self.message = message
