"""The organizers' forms for leagues, points tables and series: plain forms whose cleaned values
are the services' arguments (points in thousandths, docs/leagues.md "Entering a table")."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from clubs.permissions import clubs_user_organizes
from core.forms import DateInput
from core.limits import DESCRIPTION_MAX_LENGTH
from tournaments.models import RatingTier

from . import engine
from .models import PointsTableVersion
from .services import MAX_PLACES, MAX_REFERENCE_SIZE, NAME_MAX_LENGTH

# spaces, new lines, semicolons, or a comma followed by a space separate the places' points
_SEPARATORS = re.compile(r"[;\s]+|,(?=\s)")


def milli(text: str) -> int:
    """A number with at most three decimals ("12.5" or "12,5") in thousandths; ValueError else."""
    try:
        number = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise ValueError(text) from None
    if not number.is_finite() or number < 0 or (number * engine.MILLI) != (number * engine.MILLI).to_integral_value():
        raise ValueError(text)
    return int(number * engine.MILLI)


class PointsField(forms.CharField):
    """The points of places 1, 2, 3…, separated by spaces, semicolons or new lines."""

    def to_python(self, value):
        text = super().to_python(value)
        parts = [part for part in _SEPARATORS.split(text) if part and part != ","]
        if len(parts) > MAX_PLACES:
            raise ValidationError(_("A table gives points to at most %(n)s places."), params={"n": MAX_PLACES})
        points = []
        for part in parts:
            try:
                points.append(milli(part))
            except ValueError:
                raise ValidationError(
                    _("“%(part)s” is not a number of points (0 or more, at most three decimals). Separate the "
                      "places' points with spaces or semicolons."), params={"part": part[:40]}) from None
        return points


class LeagueForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX_LENGTH)
    slug = forms.SlugField(label=_("Address"), max_length=80, required=False,
                           help_text=_("Latin letters, digits and hyphens; empty: made from the name."))
    club = forms.ModelChoiceField(label=_("Club"), queryset=None,
                                  help_text=_("Its organizers manage the league."))
    description = forms.CharField(label=_("Description"), required=False, max_length=DESCRIPTION_MAX_LENGTH,
                                  widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, user, league=None, **kwargs):
        super().__init__(*args, **kwargs)
        if league is not None:  # the address and the club stay
            del self.fields["slug"], self.fields["club"]
        else:
            self.fields["club"].queryset = clubs_user_organizes(user).order_by("name")


class VersionForm(forms.Form):
    effective_from = forms.DateField(label=_("In force from"), widget=DateInput())
    points = PointsField(label=_("Points by place"), max_length=8000, widget=forms.Textarea(attrs={"rows": 2}),
                         help_text=_("Places 1, 2, 3… in order, e.g. “25 18 15 12.5 10”; places beyond the "
                                     "list earn 0."))
    scaling = forms.ChoiceField(label=_("Scaling"), choices=PointsTableVersion.Scaling.choices,
                                initial=engine.NONE)
    reference_size = forms.IntegerField(label=_("Reference size"), required=False, min_value=1,
                                        max_value=MAX_REFERENCE_SIZE,
                                        help_text=_("Scaling by size: the number of players that earns the "
                                                    "table's points as they are."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for index, (tier, label) in enumerate(RatingTier.choices):
            self.fields[f"multiplier_{tier}"] = forms.DecimalField(
                label=_("Multiplier: %(category)s") % {"category": label}, required=False, min_value=0,
                max_value=100, decimal_places=3, max_digits=6, initial=1,
                help_text="" if index else _("Scaling by category: the tournament's points × this."))

    def clean(self):
        data = super().clean()
        if data.get("scaling") == engine.SIZE and not data.get("reference_size"):
            self.add_error("reference_size", _("Scaling by size needs a reference size."))
        return data

    def version_fields(self) -> dict:
        data = self.cleaned_data
        multipliers = {}
        if data["scaling"] == engine.CATEGORY:
            for tier in RatingTier.values:
                value = data.get(f"multiplier_{tier}")
                multipliers[tier] = engine.MILLI if value is None else int(value * engine.MILLI)
        return {"effective_from": data["effective_from"], "points": data["points"], "scaling": data["scaling"],
                "reference_size": data.get("reference_size"), "multipliers": multipliers}


class PointsTableForm(VersionForm):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX_LENGTH)
    field_order = ["name"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.order_fields(["name", "effective_from", "points", "scaling", "reference_size"])


class RenameForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX_LENGTH)


class SeriesForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX_LENGTH)
    slug = forms.SlugField(label=_("Address"), max_length=80, required=False,
                           help_text=_("Latin letters, digits and hyphens; empty: made from the name."))
    starts_on = forms.DateField(label=_("Season starts on"), widget=DateInput())
    ends_on = forms.DateField(label=_("Season ends on"), widget=DateInput())
    points_table = forms.ModelChoiceField(label=_("Points table"), queryset=None)
    description = forms.CharField(label=_("Description"), required=False, max_length=DESCRIPTION_MAX_LENGTH,
                                  widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, league, series=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["points_table"].queryset = league.points_tables.order_by("name")
        if series is not None:
            del self.fields["slug"]

    def clean(self):
        data = super().clean()
        if data.get("starts_on") and data.get("ends_on") and data["ends_on"] < data["starts_on"]:
            self.add_error("ends_on", _("The season cannot end before it starts."))
        return data


class AddTournamentForm(forms.Form):
    tournament = forms.CharField(label=_("Tournament's address"), max_length=80,
                                 help_text=_("The last part of its page's address: /tournaments/<address>/."))
