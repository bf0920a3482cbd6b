"""`score(record)` and `score_document(document)`: the scoring engine's entry points."""

from __future__ import annotations

from games.engine import GameRecord, replay

from .errors import ScoringError
from .fiim import score_fiim
from .pro_mafia import score_pro_mafia
from .result import GameScore

SCORERS = {
    "pro-mafia-1.1": score_pro_mafia,
    "fiim-2025": score_fiim,
}


def score(record: GameRecord) -> GameScore:
    """Score a replayed game under its ruleset's scoring."""
    scorer = SCORERS.get(record.ruleset)
    if scorer is None:
        raise ScoringError(None, "ruleset.no-scoring", f"no scoring for ruleset {record.ruleset!r}")
    return scorer(record)


def score_document(document: dict | str | bytes) -> GameScore:
    """Replay a `mafia-protocol/1` document and score it (raises ProtocolError/ScoringError)."""
    return score(replay(document))
