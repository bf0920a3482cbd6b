"""The forms of the auto-judged table's page: sitting down at a new table, and a person's answer
(a speech, a hand, a nomination or a vote). Every POST of the table is read through them
(docs/input-validation.md)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.limits import TEXT_MAX_LENGTH

SEATS = 10


class SitDownForm(forms.Form):
    seat = forms.IntegerField(label=_("Seat"), required=False, min_value=1, max_value=SEATS)
    bots = forms.CharField(label=_("The other seats"), required=False, max_length=40)
    language = forms.CharField(label=_("Language"), required=False, max_length=8)


class AnswerForm(forms.Form):
    action = forms.CharField(required=False, max_length=16)
    speech = forms.CharField(label=_("Speech"), required=False, max_length=TEXT_MAX_LENGTH, strip=False)
    up = forms.CharField(required=False, max_length=1)
    target = forms.IntegerField(label=_("Player"), required=False, min_value=1, max_value=SEATS)
