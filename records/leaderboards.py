"""The leaderboards' statistics (docs/records.md, "Leaderboards"): each one a figure of the record
page summed per player over the store, its label, how it is shown and how many games it asks for
when the reader leaves the minimum empty. `records.selectors.leaderboard` reads them."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q, Sum
from django.utils.translation import gettext_lazy as _

# How a statistic's value is shown: a count, points (a sum or a mean, in points), a rate (0–1).
COUNT, POINTS, RATE = "count", "points", "rate"


@dataclass(frozen=True)
class Statistic:
    slug: str
    label: object  # lazy, translated
    kind: str
    # the per-player aggregate of the value's own column (None: computed from the common ones)
    aggregate: object = None
    default_min_games: int = 1


# Every row of the query carries these (the games, the wins and decided games, the points), so
# the win rate, the mean and the interval need no aggregate of their own.
COMMON = {
    "games": Count("pk"),
    "wins": Count("pk", filter=Q(won=True)),
    "decided": Count("pk", filter=Q(won__isnull=False)),
    "points_sum": Sum("points_milli"),
}

STATISTICS = {statistic.slug: statistic for statistic in (
    Statistic("points", _("Points"), POINTS),
    Statistic("mean", _("Points per game"), POINTS, default_min_games=10),
    Statistic("games", _("Games"), COUNT),
    Statistic("wins", _("Wins"), COUNT),
    Statistic("win_rate", _("Win rate"), RATE, default_min_games=10),
    Statistic("guessed_three", _("Guessed three blacks"), COUNT, Count("pk", filter=Q(guessed_three=True))),
    Statistic("guessed_two", _("Guessed two blacks"), COUNT, Count("pk", filter=Q(guessed_two=True))),
    Statistic("shot_first_night", _("Shot on the first night"), COUNT, Count("pk", filter=Q(shot_first_night=True))),
    Statistic("fouls", _("Fouls"), COUNT, Sum("fouls_ordinary")),
    Statistic("technical_fouls", _("Technical fouls"), COUNT, Sum("fouls_technical")),
)}
DEFAULT_STATISTIC = "points"
