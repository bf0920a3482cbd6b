"""The forms of the online games' player pages (the forum game and the Mafia 1923 event): every
POST of them is read through one (issue 25), with the model's limits; the services keep their own
refusals (who may post where, which targets count), in the order docs/online-engine.md gives."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .mafia1923.models import Entry
from .mafia1923.services import MAX_TEXT
from .models import Thread
from .services import MAX_POST
from .visibility import MAIN

FAMILY_LENGTH = Entry._meta.get_field("family").max_length


def _player() -> forms.IntegerField:
    return forms.IntegerField(label=_("Player"), required=False, min_value=1, max_value=1000)


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
        field = _player()
        try:
            return field.clean(raw)
        except forms.ValidationError:
            return None


class SignupForm(forms.Form):
    leave = forms.CharField(required=False, max_length=8)


class EntryForm(forms.Form):
    withdraw = forms.CharField(required=False, max_length=8)
    level = forms.CharField(label=_("Level"), required=False, max_length=Entry._meta.get_field("level").max_length)
    request = forms.CharField(label=_("Signed up as"), required=False,
                              max_length=Entry._meta.get_field("request").max_length)
    together = forms.CharField(label=_("Family or group name"), required=False, max_length=FAMILY_LENGTH)
    language = forms.CharField(label=_("Language of messages"), required=False,
                               max_length=Entry._meta.get_field("language").max_length)


class FamilyVoteForm(forms.Form):
    family = forms.CharField(label=_("Family"), required=False, max_length=FAMILY_LENGTH)
    player = _player()


class ActionForm(forms.Form):
    ability = forms.CharField(label=_("Action"), required=False, max_length=40)
    withdraw = forms.CharField(required=False, max_length=8)
    family = forms.CharField(label=_("Family"), required=False, max_length=FAMILY_LENGTH)
    player = _player()
    players = forms.Field(label=_("Players"), required=False, widget=forms.MultipleHiddenInput)

    def clean_players(self) -> list[int]:
        numbers = []
        for raw in self.cleaned_data.get("players") or []:
            number = _player().clean(raw)  # a ValidationError names this field
            if number is not None:
                numbers.append(number)
        return numbers


class QuestionForm(forms.Form):
    body = forms.CharField(label=_("Question"), required=False, max_length=MAX_TEXT)
