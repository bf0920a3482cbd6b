"""The forms of the moderators' consoles (the forum game's and the Mafia 1923 event's): every
POST of a console is read through one of them, with the model's limits, so bad input is a
message next to its field (or at the top of the console for its small action forms) and
changes nothing (docs/input-validation.md, "Every POST through a form")."""

from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.errors import ApplicationError
from core.limits import TEXT_MAX_LENGTH

from . import mafia1923_services, selectors
from .engine.mafia1923 import ROLES as M1923_ROLES
from .mafia1923_models import Entry, EventSettings, Override
from .models import Game
from .zones import zone_choices

TITLE_MAX_LENGTH = Game._meta.get_field("title").max_length
USERNAME_MAX_LENGTH = 150
WEBHOOK_MAX_LENGTH = EventSettings._meta.get_field("webhook_url").max_length
FAMILY_MAX_LENGTH = Entry._meta.get_field("family").max_length
M1923_TEXT_MAX_LENGTH = mafia1923_services.MAX_TEXT
MAX_EXTENSION_HOURS = 24 * 14


class NewForumGameForm(forms.Form):
    """A new forum game from a setup; its times are written in the chosen zone."""

    title = forms.CharField(label=_("Title"), max_length=TITLE_MAX_LENGTH)
    time_zone = forms.ChoiceField(label=_("Time zone of the game's times"), choices=zone_choices,
                                  help_text=_("Deadlines are always at the top of an hour; the pages show them "
                                              "in this zone."))
    setup = forms.ModelChoiceField(label=_("Setup"), queryset=selectors.forum_setups().order_by("name"),
                                   empty_label=None,
                                   error_messages={"required": _("Choose a setup."),
                                                   "invalid_choice": _("Choose a setup.")})

    def __init__(self, *args, zone: str = "UTC", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].initial = zone
        self.fields["setup"].label_from_instance = lambda setup: f"{setup.name} ({setup.size})"


def _note_field() -> forms.CharField:
    return forms.CharField(label=_("Note"), max_length=TEXT_MAX_LENGTH, required=False)


def _slot_field() -> forms.IntegerField:
    return forms.IntegerField(label=_("Player"), min_value=1, max_value=1000,
                              error_messages={"required": _("Choose a player."), "invalid": _("Choose a player."),
                                              "min_value": _("Choose a player."), "max_value": _("Choose a player.")})


def _username_field() -> forms.CharField:
    return forms.CharField(label=_("User name"), max_length=USERNAME_MAX_LENGTH)


class NothingForm(forms.Form):
    """An action that takes no input (the deal, the start, publishing)."""


class NoteForm(forms.Form):
    note = _note_field()


class HoursForm(forms.Form):
    hours = forms.IntegerField(label=_("Hours"), min_value=1, max_value=MAX_EXTENSION_HOURS)
    note = _note_field()


class SlotForm(forms.Form):
    slot = _slot_field()
    note = _note_field()


class ReplaceForm(forms.Form):
    slot = _slot_field()
    username = _username_field()
    note = _note_field()


# -- the Mafia 1923 console ----------------------------------------------------------------------


def _json_of(kind: type, message: str):
    def clean(text: str):
        try:
            value = json.loads(text or ("[]" if kind is list else "{}"))
        except ValueError as error:
            raise ValidationError(message) from error
        if not isinstance(value, kind):
            raise ValidationError(message)
        return value
    return clean


class NewEventForm(forms.Form):
    """A new Mafia 1923 event: the role pool and the settings (JSON), the webhook."""

    title = forms.CharField(label=_("Title"), max_length=TITLE_MAX_LENGTH)
    pool = forms.CharField(label=_("Role pool (JSON: the roles Standard players may be dealt, with counts)"),
                           required=False, widget=forms.Textarea(attrs={"rows": 3}))
    options = forms.CharField(label=_("Settings (JSON), for example"), required=False,
                              help_text='{"mafia_second_roles": ["thief"], "detective_learns": "role"}',
                              widget=forms.Textarea(attrs={"rows": 2}))
    webhook = forms.CharField(label=_("Webhook for public announcements (optional)"), required=False,
                              max_length=WEBHOOK_MAX_LENGTH, widget=forms.URLInput)

    def clean_pool(self):
        return _json_of(list, _("The role pool is a JSON list."))(self.cleaned_data.get("pool"))

    def clean_options(self):
        return _json_of(dict, _("The settings are a JSON object."))(self.cleaned_data.get("options"))

    def clean_webhook(self):
        return _webhook(self.cleaned_data.get("webhook"))


class WebhookForm(forms.Form):
    url = forms.CharField(label=_("Webhook for public announcements"), required=False, max_length=WEBHOOK_MAX_LENGTH)

    def clean_url(self):
        return _webhook(self.cleaned_data.get("url"))


def _webhook(url: str) -> str:
    try:
        return mafia1923_services.checked_webhook_url(url)
    except ApplicationError as error:
        raise ValidationError(error.message, code=error.code) from error


def _reason_field() -> forms.CharField:
    return forms.CharField(label=_("Reason"), max_length=M1923_TEXT_MAX_LENGTH, required=False)


class MoveForm(forms.Form):
    entry = forms.IntegerField(label=_("Player"), min_value=1, max_value=2**31 - 1,
                               error_messages={"required": _("Choose a player."), "invalid": _("Choose a player.")})
    family = forms.CharField(label=_("Family"), max_length=FAMILY_MAX_LENGTH, required=False)
    reason = _reason_field()


class AdjustForm(forms.Form):
    slot = _slot_field()
    role = forms.ChoiceField(label=_("Role"), choices=[(role, role) for role in M1923_ROLES])
    mafia = forms.BooleanField(label=_("Also a Mafia member"), required=False)
    reason = _reason_field()

    def changes(self) -> dict[int, object]:
        data = self.cleaned_data
        role = data["role"]
        return {data["slot"]: {"role": role, "mafia": True} if data["mafia"] and role != "mafia_member" else role}


class OverrideForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=Override.Kind.choices)
    slot = forms.IntegerField(label=_("Player"), min_value=1, max_value=1000, required=False)
    text = forms.CharField(label=_("Text"), max_length=M1923_TEXT_MAX_LENGTH, required=False)
    reason = _reason_field()


class SlotNoteForm(forms.Form):
    slot = _slot_field()
    note = forms.CharField(label=_("Note"), max_length=M1923_TEXT_MAX_LENGTH, required=False)


class AnswerForm(forms.Form):
    question = forms.IntegerField(label=_("Question"), min_value=1, max_value=2**31 - 1)
    answer = forms.CharField(label=_("Answer"), max_length=M1923_TEXT_MAX_LENGTH, required=False)


class ModeratorForm(forms.Form):
    username = _username_field()
