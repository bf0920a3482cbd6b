"""The forms of the forum game's player pages: every POST of them is read through one (issue 25),
with the model's limits; the services keep their own refusals (who may post where, which targets
count), in the order docs/online-engine.md gives."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from online.core.forms import player_field
from online.core.models import Thread
from online.core.visibility import MAIN

from .services import MAX_POST


class PostForm(forms.Form):
    thread = forms.CharField(label=_("Thread"), required=False, max_length=Thread._meta.get_field("key").max_length)
    body = forms.CharField(label=_("Post"), required=False, max_length=MAX_POST, strip=False)

    def clean_thread(self):
        return self.cleaned_data["thread"] or MAIN


class VoteForm(forms.Form):
    """The vote control: a player chosen ("Choose a player", the empty first option, is refused,
    so one tap casts nothing), or the Unvote button."""

    target = forms.IntegerField(label=_("Player"), required=False, min_value=1, max_value=1000)
    unvote = forms.BooleanField(required=False)

    def clean(self):
        data = super().clean()
        if not data.get("unvote") and data.get("target") is None and "target" not in self.errors:
            self.add_error("target", _("Choose a player to vote for."))
        return data


class NightActionForm(forms.Form):
    ability = forms.CharField(label=_("Ability"), required=False, max_length=40)

    def target(self, data) -> int | None:
        """One select per ability (``target-<ability>``), else ``target``: read as a number field."""
        raw = data.get(f"target-{self.cleaned_data['ability']}", data.get("target", ""))
        field = player_field()
        try:
            return field.clean(raw)
        except forms.ValidationError:
            return None


class SignupForm(forms.Form):
    leave = forms.CharField(required=False, max_length=8)
