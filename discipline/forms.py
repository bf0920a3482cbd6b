"""The forms of the discipline pages: every POST of them is read through one (issue 25), with the
model's limits; the services keep their own refusals (a reason is required, a decision allowed)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from core.limits import TEXT_MAX_LENGTH

from .models import DisciplineCase


def _text(label) -> forms.CharField:
    return forms.CharField(label=label, required=False, max_length=TEXT_MAX_LENGTH)


class ChiefJudgeForm(forms.Form):
    nickname = forms.CharField(label=_("Chief judge"), required=False,
                               max_length=Player._meta.get_field("nickname").max_length)


class DecideForm(forms.Form):
    decision = forms.ChoiceField(label=_("Decision"), choices=DisciplineCase.Decision.choices)
    reason = _text(_("Reason"))


class ReopenForm(forms.Form):
    reason = _text(_("Reason"))


class NoteForm(forms.Form):
    text = _text(_("Note"))


class AppealForm(forms.Form):
    text = _text(_("Appeal"))
