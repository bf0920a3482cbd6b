"""The one refusal the engine raises."""

from __future__ import annotations


class ProtocolError(Exception):
    """A `mafia-protocol/1` document the engine refuses.

    `event_index` is the index of the offending event (from 0), None for the header;
    `rule` is a short stable code ("vote.candidates-not-nominated") a UI can translate;
    `message` is clear English naming the event and the rule;
    `params` are the refusal's particulars, JSON-simple (ints and strings), for a UI to word it
    in its own language (games/refusals.py): always the event's `type` and its declared `day` or
    `night` when it has one, then what the rule names — `seat`, `voter`, `candidate`, `target`,
    and for a seat that has left the table how and when (`left_how`, `left_kind`,
    `left_number`). A code's params are stable: a UI may rely on them.
    """

    def __init__(self, event_index: int | None, rule: str, message: str, params: dict | None = None) -> None:
        super().__init__(message)
        self.event_index = event_index
        self.rule = rule
        self.message = message
        self.params = dict(params) if params else {}

    def __repr__(self) -> str:
        return f"ProtocolError({self.event_index!r}, {self.rule!r}, {self.message!r}, {self.params!r})"

    def to_dict(self) -> dict:
        """The `error` object of `validate_protocol`'s output."""
        return {"event": self.event_index, "rule": self.rule, "message": self.message, "params": self.params}
