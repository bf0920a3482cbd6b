"""The table's settings: speech limits, windows, the table's language.

Seed 003 makes the speech limit configurable ("e.g., 200 words or 300 tokens") and the tie
speeches shorter ("e.g., 100 words or 150 tokens"); the windows are 1.5 s per candidate for a
vote and ten seconds for each night step for people, configurable for agents.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from .errors import TableError
from .phrases import LANGUAGES, PHRASEBOOKS, Phrasebook

UNITS = ("words", "tokens")
REVISION = 2  # the judge's current revision (docs/auto-judged-table.md, "Revisions of the judge")
REVISIONS = (1, 2)


@dataclass(frozen=True, slots=True)
class TableConfig:
    # "Speech length limit: maximum tokens/words per speech (configurable)".
    speech_limit: int = 200
    # "Tied players get additional speeches (shorter limit, e.g., 100 words or 150 tokens)".
    tie_speech_limit: int = 100
    # "Eliminated player gets a final speech (same token/word limit as regular speeches)".
    final_speech_limit: int = 200
    # What a limit counts: whitespace-separated words, or tokens (words and punctuation marks).
    limit_unit: str = "words"
    # "Voting window: 1.5 seconds" per candidate; "you have ten seconds" for each night step.
    vote_window_seconds: float = 1.5
    night_window_seconds: float = 10.0
    speech_window_seconds: float = 60.0
    # "Language: English (or Russian for certain tournaments)": the judge's words (phrases.py)
    # and the players' endings and nominations the judge accepts (speech.py).
    language: str = "en"
    # The language's phrasebook (`phrases.py`), kept here for the judge: not a setting.
    words: Phrasebook = field(init=False, repr=False, compare=False)
    # The seed has no end for a game in which nobody leaves (agents that never nominate and a
    # Don who never kills): after this many rounds in a row without a departure it is a draw.
    # None: never (a log written before the rule replays as it was played).
    draw_after_quiet_rounds: int | None = 3
    # Which edition of the judge's rules the table is judged by: not a setting (`from_dict` and
    # the log's settings leave it out). A log is replayed by the revision that wrote it, so that a
    # stored table keeps replaying, and goes on, as it began (docs/auto-judged-table.md,
    # "Revisions of the judge"). 1: before issue 26; 2: the revote announced twice, references by
    # number never a name, every nomination phrase answered, the team's night to its living only.
    revision: int = REVISION

    def __post_init__(self) -> None:
        for name in ("speech_limit", "tie_speech_limit", "final_speech_limit"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 2:
                raise TableError(
                    "config.limit", f"{name} must be a whole number of at least 2", option=name
                )
        rounds = self.draw_after_quiet_rounds
        if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1):
            raise TableError(
                "config.quiet-rounds",
                "draw_after_quiet_rounds must be a whole number of at least 1",
                option="draw_after_quiet_rounds",
            )
        if self.limit_unit not in UNITS:
            raise TableError(
                "config.unit", f"limit_unit must be one of {', '.join(UNITS)}", option="limit_unit"
            )
        if self.language not in LANGUAGES:
            raise TableError(
                "config.language",
                f"language must be one of {', '.join(LANGUAGES)}",
                option="language",
            )
        object.__setattr__(self, "words", PHRASEBOOKS[self.language])
        if self.revision not in REVISIONS:
            raise TableError("config.revision", "no such revision of the judge", option="revision")
        for name in ("vote_window_seconds", "night_window_seconds", "speech_window_seconds"):
            value = getattr(self, name)
            if not isinstance(value, int | float) or isinstance(value, bool) or value <= 0:
                raise TableError(
                    "config.window", f"{name} must be a positive number of seconds", option=name
                )

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in FIELD_NAMES}

    @classmethod
    def from_dict(cls, data: dict | None) -> TableConfig:
        if data is None:
            return DEFAULT_CONFIG if cls is TableConfig else cls()
        if not isinstance(data, dict):
            raise TableError("config.not-an-object", "the table's settings must be an object")
        known = set(FIELD_NAMES)
        unknown = sorted(set(data) - known)
        if unknown:
            raise TableError(
                "config.unknown-option", f"unknown setting: {unknown[0]}", option=unknown[0]
            )
        return cls(**data)


# The settings: what a table is created with and its log records (the revision is neither).
FIELD_NAMES = tuple(field.name for field in fields(TableConfig) if field.init and field.name != "revision")
DEFAULT_CONFIG = TableConfig()  # frozen: every table without settings shares it
