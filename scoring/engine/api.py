"""`score(record)` and `score_document(document)`: the scoring engine's entry points."""

from __future__ import annotations

from games.engine import GameRecord, replay

from .errors import ScoringError
from .fiim import score_fiim
from .pro_mafia import score_pro_mafia
from .result import GameScore
from .review import Review

SCORERS = {
    "pro-mafia-1.1": score_pro_mafia,
    "fiim-2025": score_fiim,
}


def score(record: GameRecord, *, review: Review | None = None) -> GameScore:
    """Score a replayed game under its ruleset's scoring.

    ``review``: the discipline decisions that change the offenders' penalties (see ``review.py``).
    """
    scorer = SCORERS.get(record.ruleset)
    if scorer is None:
        raise ScoringError(None, "ruleset.no-scoring", f"no scoring for ruleset {record.ruleset!r}")
    if review:
        return scorer(record, review=review)
    return scorer(record)


def score_document(document: dict | str | bytes) -> GameScore:
    """Replay a `mafia-protocol/1` document and score it (raises ProtocolError/ScoringError)."""
    return score(replay(document))
