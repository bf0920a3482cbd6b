"""The one refusal the engine raises."""

from __future__ import annotations


class ProtocolError(Exception):
    """A `mafia-protocol/1` document the engine refuses.

    `event_index` is the index of the offending event (from 0), None for the header;
    `rule` is a short stable code ("vote.candidates-not-nominated") a UI can translate;
    `message` is clear English naming the event and the rule.
    """

    def __init__(self, event_index: int | None, rule: str, message: str) -> None:
        super().__init__(message)
        self.event_index = event_index
        self.rule = rule
        self.message = message

    def __repr__(self) -> str:
        return f"ProtocolError({self.event_index!r}, {self.rule!r}, {self.message!r})"

    def to_dict(self) -> dict:
        """The `error` object of `validate_protocol`'s output."""
        return {"event": self.event_index, "rule": self.rule, "message": self.message}
