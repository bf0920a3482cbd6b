"""Forms of the judge's pages that take more than a button's value."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Evening

from .host import OPS
from .rulesets import RulesetChoice


class NewGameForm(forms.Form):
    """A judge's new game: one of the clubs they judge in, optionally one of its evenings, a ruleset
    (empty: the evening's, else the club default). Any other value is a form error, never a 500."""

    club = forms.ModelChoiceField(queryset=None, error_messages={
        "required": _("Pick one of your clubs."), "invalid_choice": _("Pick one of your clubs.")})
    evening = forms.ModelChoiceField(queryset=None, required=False, error_messages={
        "invalid_choice": _("Pick one of the club's evenings, or a standalone game.")})
    ruleset = forms.ChoiceField(choices=[("", "")] + list(RulesetChoice.choices), required=False, error_messages={
        "invalid_choice": _("Pick one of the rulesets.")})

    def __init__(self, *args, clubs, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        self.fields["evening"].queryset = Evening.objects.filter(club__in=clubs)

    def clean(self):
        data = super().clean()
        club, evening = data.get("club"), data.get("evening")
        if club is not None and evening is not None and evening.club_id != club.pk:
            self.add_error("evening", _("Pick one of the club's evenings, or a standalone game."))
        return data

    def first_error(self) -> str:
        return next(str(message) for messages in self.errors.values() for message in messages)


class EntryRequestKeyForm(forms.Form):
    """The key the entry page's script gives each of its requests (static/js/entry.js): the same
    request sent again — after a lost answer, or from the offline queue — carries the same key."""

    request_key = forms.RegexField(regex=r"^[A-Za-z0-9_-]{8,64}$", required=False, error_messages={
        "invalid": _("This entry came with a key the page does not make; reload the page and enter it again.")})


class HostTapForm(forms.Form):
    """One tap of host mode (games/host.py): what to do, and the seat or the timer it names."""

    op = forms.ChoiceField(choices=[(op, op) for op in OPS])
    seat = forms.IntegerField(required=False, min_value=1, max_value=99)
    kind = forms.CharField(required=False, max_length=32)
