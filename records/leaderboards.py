"""The leaderboards' statistics (docs/records.md, "Leaderboards"): each one a figure of the record
page summed per player over the store, its label, how it is shown and how many games it asks for
when the reader leaves the minimum empty. `records.selectors.leaderboard` reads them."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

# How a statistic's value is shown: a count, points (a sum or a mean, in points), a rate (0–1).
COUNT, POINTS, RATE = "count", "points", "rate"


@dataclass(frozen=True)
class Statistic:
    slug: str
    label: object  # lazy, translated
    kind: str
    # the player's totals' column that is the value (records.totals.SUMS; None: computed from the
    # games, wins, decided games and points, which every line carries)
    column: str | None = None
    default_min_games: int = 1


STATISTICS = {statistic.slug: statistic for statistic in (
    Statistic("points", _("Points"), POINTS),
    Statistic("mean", _("Points per game"), POINTS, default_min_games=10),
    Statistic("games", _("Games"), COUNT),
    Statistic("wins", _("Wins"), COUNT),
    Statistic("win_rate", _("Win rate"), RATE, default_min_games=10),
    Statistic("guessed_three", _("Guessed three blacks"), COUNT, "guessed_three"),
    Statistic("guessed_two", _("Guessed two blacks"), COUNT, "guessed_two"),
    Statistic("shot_first_night", _("Shot on the first night"), COUNT, "shot_first_night"),
    Statistic("fouls", _("Fouls"), COUNT, "fouls_ordinary"),
    Statistic("technical_fouls", _("Technical fouls"), COUNT, "fouls_technical"),
)}
DEFAULT_STATISTIC = "points"
