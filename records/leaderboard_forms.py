"""The leaderboards' GET forms (docs/records.md, "Leaderboards"): a bad value is reported and
left out, the other choices still apply (as on the record page, reading P1)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.middleware import club_zone
from clubs.models import Club
from core.forms import DateInput

from . import selectors
from .forms import period_checked
from .leaderboards import DEFAULT_STATISTIC, STATISTICS

MAX_MIN_GAMES = 10_000


class StatisticForm(forms.Form):
    """The statistic and the minimum of games: what any leaderboard asks (a season's page too)."""

    statistic = forms.ChoiceField(label=_("Statistic"), required=False,
                                  choices=[(slug, statistic.label) for slug, statistic in STATISTICS.items()])
    min_games = forms.IntegerField(label=_("At least … games"), required=False, min_value=0, max_value=MAX_MIN_GAMES,
                                   help_text=_("Empty: 10 for a rate or a mean, 1 for the others."))

    def chosen_statistic(self) -> str:
        """The statistic asked for (call after `is_valid`); the default when none or a bad one."""
        return self.cleaned_data.get("statistic") or DEFAULT_STATISTIC

    def filters(self) -> dict:
        """`records.selectors.leaderboard`'s keyword arguments of the valid fields."""
        minimum = self.cleaned_data.get("min_games")
        return {} if minimum is None else {"min_games": minimum}


class LeaderboardForm(StatisticForm):
    """The site's leaderboard: all time, or a club's games, within a period of days."""

    club = forms.ModelChoiceField(label=_("Club"), queryset=Club.objects.order_by("name"), required=False,
                                  to_field_name="slug", empty_label=_("All clubs"))
    since = forms.DateField(label=_("From"), required=False, widget=DateInput())
    until = forms.DateField(label=_("To"), required=False, widget=DateInput())

    field_order = ["statistic", "club", "since", "until", "min_games"]

    def clean(self):
        return period_checked(self, super().clean())

    def filters(self) -> dict:
        """The days are the chosen club's, in its time zone; with all clubs, the reader's (as the
        record page's period)."""
        data = self.cleaned_data
        filters = super().filters()
        club = data.get("club")
        zone = None
        if club is not None:
            filters["club"] = club
            zone = club_zone(club)
        if data.get("since"):
            filters["start"] = selectors.day_start(data["since"], zone=zone)
        if data.get("until"):
            filters["end"] = selectors.day_start(data["until"], after=True, zone=zone)
        return filters
