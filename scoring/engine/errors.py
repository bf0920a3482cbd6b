"""The scoring engine's refusal: shaped like the protocol engine's, so callers report both alike."""

from __future__ import annotations

from games.engine import ProtocolError


class ScoringError(ProtocolError):
    """A replayed game the scoring rules refuse (e.g. a judge bonus outside its range).

    A subclass of `ProtocolError`: `event_index`, `rule`, `message` and `to_dict()` are the
    same, so the command line and the API print `{"valid": false, "error": …}` for either.
    """
