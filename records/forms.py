"""The record page's filters (docs/records.md, "The record page"): a GET form whose cleaned values
are `records.selectors.player_records`' keyword arguments."""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

import vocabulary as v
from core.forms import DateInput
from games.rulesets import LARGEST_TABLE, ROLE_CHOICES, RulesetChoice

from . import selectors

# "Role" offers a team (both of its roles) as well as a single role.
TEAM_CHOICES = [(v.RED, _("Red (civilian and Sheriff)")), (v.BLACK, _("Black (Mafia and Don)"))]
# "At the same table as": the other player's team, seen from this player (a literal context each:
# makemessages reads no variable)
MATE_TEAM_CHOICES = [
    ("", pgettext_lazy("the team of the player at the same table", "Either team")),
    (selectors.SAME_TEAM, pgettext_lazy("the team of the player at the same table", "The same team")),
    (selectors.OTHER_TEAM, pgettext_lazy("the team of the player at the same table", "The other team")),
]



def period_checked(form: forms.Form, data: dict) -> dict:
    """The period's rule of the record's and the leaderboards' forms: one ending before it starts
    is reported on its end and filters nothing, not from its start on."""
    since, until = data.get("since"), data.get("until")
    if since and until and since > until:
        form.add_error("until", _("The period ends before it starts."))
        del data["since"]
    return data

class RecordFilterForm(forms.Form):
    """Every field may be left empty (any); a bad value is reported and filters nothing."""

    since = forms.DateField(label=_("From"), required=False, widget=DateInput())
    until = forms.DateField(label=_("To"), required=False, widget=DateInput())
    club = forms.ModelChoiceField(label=_("Club"), queryset=None, required=False, empty_label=_("All clubs"))
    tournament = forms.ModelChoiceField(label=_("Tournament"), queryset=None, required=False,
                                        empty_label=_("All tournaments"))
    evening = forms.ModelChoiceField(label=_("Club evening"), queryset=None, required=False,
                                     empty_label=_("All evenings"))
    ruleset = forms.ChoiceField(label=_("Rules"), required=False,
                                choices=[("", _("All rules")), *RulesetChoice.choices])
    role = forms.ChoiceField(label=_("Role"), required=False,
                             choices=[("", _("All roles")), *TEAM_CHOICES, *ROLE_CHOICES])
    seat = forms.TypedChoiceField(label=_("Seat"), required=False, coerce=int, empty_value=None,
                                  choices=[("", _("Any seat")), *((n, n) for n in range(1, LARGEST_TABLE + 1))])
    # the players who shared a counting table with this one (their choices are set per player)
    with_player = forms.TypedChoiceField(label=_("At the same table as"), required=False, coerce=int,
                                         empty_value=None)
    with_team = forms.ChoiceField(label=pgettext_lazy("the team of the player at the same table", "Their team"),
                                  required=False, choices=MATE_TEAM_CHOICES)
    # the games list narrowed to a figure's games (a figure's link sets it; no control of its own)
    fact = forms.CharField(label=_("Figure"), required=False, widget=forms.HiddenInput)

    def __init__(self, data, *, player):
        super().__init__(data)
        self.fields["club"].queryset = selectors.player_clubs(player)
        self.fields["tournament"].queryset = selectors.player_tournaments(player)
        self.fields["evening"].queryset = selectors.player_evenings(player)
        mates = selectors.table_mates(player)
        self.mates = {pk: nickname for pk, nickname, _together in mates}  # the head-to-head link's name
        self.fields["with_player"].choices = [("", _("Anyone")), *(
            (pk, f"{nickname} ({together})") for pk, nickname, together in mates)]

    def clean_fact(self):
        fact = self.cleaned_data["fact"]
        if fact and selectors.figure_condition(fact) is None:
            raise forms.ValidationError(_("There is no such figure."))
        return fact

    def clean(self):
        return period_checked(self, super().clean())

    def filters(self) -> dict:
        """The valid fields as `player_records`' filters (call after `is_valid`): a field with an
        error is left out, so a bad value changes nothing; the role is a team or a role."""
        data = {name: value for name, value in self.cleaned_data.items() if value not in (None, "")}
        data.pop("fact", None)  # narrows the games list only (`fact`)
        chosen = data.pop("role", None)
        if chosen in v.TEAMS:
            data["team"] = chosen
        elif chosen:
            data["role"] = chosen
        if "with_player" not in data:
            data.pop("with_team", None)  # a team of nobody narrows nothing
        return data

    def figure(self) -> str:
        """The figure whose games the list shows (call after `is_valid`); empty: every game."""
        return self.cleaned_data.get("fact", "")

    def query(self, *, fact: bool = True) -> str:
        """The valid filters as they were asked for, as a query string: the pager's links keep them;
        the figures' links and the list's "every game" link leave out the figure (``fact=False``)."""
        return urlencode({name: self.data[name] for name in self.cleaned_data
                          if self.data.get(name) and (fact or name != "fact")})
