"""What the online games' forms share (issue 25): the small action forms and the fields of the
moderators' consoles and the players' pages. Each game's own forms live in its package."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from core.limits import TEXT_MAX_LENGTH

from .models import Game

TITLE_MAX_LENGTH = Game._meta.get_field("title").max_length
USERNAME_MAX_LENGTH = 150


def note_field() -> forms.CharField:
    return forms.CharField(label=_("Note"), max_length=TEXT_MAX_LENGTH, required=False)


def slot_field() -> forms.IntegerField:
    return forms.IntegerField(label=_("Player"), min_value=1, max_value=1000,
                              error_messages={"required": _("Choose a player."), "invalid": _("Choose a player."),
                                              "min_value": _("Choose a player."), "max_value": _("Choose a player.")})


def username_field() -> forms.CharField:
    return forms.CharField(label=_("User name"), max_length=USERNAME_MAX_LENGTH)


class NothingForm(forms.Form):
    """An action that takes no input (the deal, the start, publishing)."""


class NoteForm(forms.Form):
    note = note_field()


def player_field() -> forms.IntegerField:
    return forms.IntegerField(label=_("Player"), required=False, min_value=1, max_value=1000)
