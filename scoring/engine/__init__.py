"""The scoring engine: Pro Mafia Scoring 1.1 and the fiim-2025 tournament points.

Pure Python, no Django: it reads the protocol engine's `GameRecord`.

    from scoring.engine import score, score_document
    score_document(document).to_dict()   # the `score_protocol` JSON
"""

from .api import score, score_document
from .edition import RULES_EDITION
from .errors import ScoringError
from .result import GameScore, PlayerScore, ScoreItem
from .review import NO_REVIEW, Review

__all__ = ["NO_REVIEW", "RULES_EDITION", "GameScore", "PlayerScore", "Review", "ScoreItem", "ScoringError", "score", "score_document"]
