"""The forms of Mafia 1923's pages: the moderators' console and the players' pages. Every POST
of them is read through one (issue 25), with the model's limits, so bad input is a message next
to its field and changes nothing (docs/input-validation.md, "Every POST through a form"). The
small forms both consoles use: online/core/forms.py."""

from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError
from django.http import QueryDict
from django.utils.translation import gettext_lazy as _

from core.errors import ApplicationError
from online.core.forms import TITLE_MAX_LENGTH, player_field, slot_field, username_field
from online.core.zones import zone_choices
from online.engine.mafia1923 import OPTIONS as M1923_OPTIONS
from online.engine.mafia1923 import ROLES as M1923_ROLES
from online.engine.mafia1923.roles import MAFIA_MEMBER, TOWNSPERSON

from . import services
from .models import Entry, EventSettings, Override
from .services import MAX_TEXT
from .texts import role_name

WEBHOOK_MAX_LENGTH = EventSettings._meta.get_field("webhook_url").max_length
FAMILY_MAX_LENGTH = Entry._meta.get_field("family").max_length
FAMILY_LENGTH = FAMILY_MAX_LENGTH


# -- the Mafia 1923 console ----------------------------------------------------------------------


# The roles a Standard player may be dealt from the pool (Townspeople fill the rest; Mafia Members
# are dealt by family size, not listed: the ruleset's check_setup), and the pool a new event starts with.
POOL_ROLES = tuple(role for role in M1923_ROLES if role not in (TOWNSPERSON, MAFIA_MEMBER))
DEFAULT_POOL_COUNTS = {"doctor": 1, "detective": 1, "bodyguard": 1}
MAX_ROLE_COUNT = 50
OPTION_LABELS = {
    "moderator_review": _("A moderator reviews each window's results before they are published"),
    "timezone": _("The schedule's time zone"),
    "night_starts": _("Night starts at (hour)"),
    "night_ends": _("Night ends at (hour)"),
    "day_starts": _("Day starts at (hour)"),
    "day_ends": _("Day ends at (hour)"),
    "days": _("Days"),
    "court_families": _("Families brought to court each day"),
    "mafia_second_roles": _("Roles a Mafia Member may also be dealt"),
    "shadchan_uses": _("How many times the Shadchan matches"),
    "lovers_die_together": _("Lovers die together"),
    "detective_learns": _("What the Detective learns"),
}
DETECTIVE_CHOICES = [("role", _("the player's role")), ("mafia", _("whether the player is Mafia"))]
OPTION_BOUNDS = {"night_starts": (0, 23), "night_ends": (0, 23), "day_starts": (0, 23), "day_ends": (0, 23),
                 "days": (1, 10), "court_families": (1, 20), "shadchan_uses": (0, 10)}


def _option_field(name: str, kind: type, default) -> forms.Field:
    label = OPTION_LABELS.get(name, name)
    if kind is bool:
        return forms.BooleanField(label=label, required=False, initial=default)
    if kind is int:
        low, high = OPTION_BOUNDS.get(name, (0, 100))
        return forms.IntegerField(label=label, min_value=low, max_value=high, initial=default)
    if name == "timezone":
        return forms.ChoiceField(label=label, choices=zone_choices, initial=default)
    if name == "detective_learns":
        return forms.ChoiceField(label=label, choices=DETECTIVE_CHOICES, initial=default)
    if name == "mafia_second_roles":
        return forms.MultipleChoiceField(label=label, required=False, initial=default,
                                         choices=[(role, role_name(role)) for role in POOL_ROLES],
                                         widget=forms.CheckboxSelectMultiple)
    raise ValueError(f"no field for the setting {name!r}")


class NewEventForm(forms.Form):
    """A new Mafia 1923 event: a row per role with its count, each setting as a field with its
    default, the webhook — or the whole setup imported as JSON (what an event's export writes)."""

    title = forms.CharField(label=_("Title"), max_length=TITLE_MAX_LENGTH)
    webhook = forms.CharField(label=_("Webhook for public announcements (optional)"), required=False,
                              max_length=WEBHOOK_MAX_LENGTH, widget=forms.URLInput)
    setup_json = forms.CharField(
        label=_("Or import a setup (JSON)"), required=False, max_length=20_000,
        help_text=_("An event's exported setup: it replaces the roles and the settings above."),
        widget=forms.Textarea(attrs={"rows": 3}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for role in POOL_ROLES:
            self.fields[f"role_{role}"] = forms.IntegerField(
                label=role_name(role), min_value=0, max_value=MAX_ROLE_COUNT, required=False,
                initial=DEFAULT_POOL_COUNTS.get(role, 0))
        for name, (kind, default) in M1923_OPTIONS.items():
            self.fields[f"option_{name}"] = _option_field(name, kind, default)

    def role_fields(self):
        return [self[f"role_{role}"] for role in POOL_ROLES]

    def option_fields(self):
        return [self[f"option_{name}"] for name in M1923_OPTIONS]

    def clean_webhook(self):
        return _webhook(self.cleaned_data.get("webhook"))

    def clean(self):
        data = super().clean()
        text = data.get("setup_json")
        if text:
            imported = _imported_setup(text)
            if isinstance(imported, str):
                self.add_error("setup_json", imported)
                return data
            for key in ("title", "webhook"):
                imported[key] = self.data.get(key, "")
            again = NewEventForm(imported)
            if not again.is_valid():
                problems = [f"{again.fields[name].label if name in again.fields else name}: {' '.join(errors)}"
                            for name, errors in again.errors.items() if name not in ("title", "webhook")]
                self.add_error("setup_json", _("The imported setup does not fit: %(problems)s")
                               % {"problems": "; ".join(problems)})
                return data
            data = {**again.cleaned_data, "title": data.get("title"), "webhook": data.get("webhook", "")}
        data["pool"] = [{"role": role, "count": data[f"role_{role}"]} for role in POOL_ROLES
                        if data.get(f"role_{role}")]
        data["options"] = {name: data[f"option_{name}"] for name in M1923_OPTIONS if f"option_{name}" in data}
        return data


def _imported_setup(text: str) -> dict | str:
    """The form's fields from an exported setup (``{"roles": [...], "options": {...}}``), or what is
    wrong with it."""
    try:
        setup = json.loads(text)
    except ValueError:
        return str(_("This is not JSON."))
    if not isinstance(setup, dict) or not isinstance(setup.get("roles", []), list) \
            or not isinstance(setup.get("options", {}), dict):
        return str(_("A setup is a JSON object with a list of roles and an object of settings."))
    fields: dict = {f"role_{role}": "0" for role in POOL_ROLES}
    for entry in setup.get("roles", []):
        role = entry.get("role") if isinstance(entry, dict) else None
        if role == TOWNSPERSON:
            continue
        if role not in POOL_ROLES:
            return str(_("No such role in the pool: %(role)s.") % {"role": str(role)[:40]})
        count = entry.get("count", 1)
        fields[f"role_{role}"] = str(count) if isinstance(count, int) and not isinstance(count, bool) else "x"
    options = setup.get("options", {})
    unknown = sorted(set(options) - set(M1923_OPTIONS))
    if unknown:
        return str(_("Unknown settings: %(names)s.") % {"names": ", ".join(map(str, unknown))[:200]})
    for name, (kind, default) in M1923_OPTIONS.items():
        value = options.get(name, default)
        if kind is bool:
            if value is True:
                fields[f"option_{name}"] = "on"
            elif value is not False:
                return str(_("The setting %(name)s is true or false.") % {"name": name})
        elif kind is list:
            if not isinstance(value, list):
                return str(_("The setting %(name)s is a list.") % {"name": name})
            fields[f"option_{name}"] = [str(item) for item in value]
        else:
            fields[f"option_{name}"] = str(value)
    return _as_query(fields)


def _as_query(fields: dict):
    """Field values as a form's data (a list for a multiple choice), as a browser posts them."""
    data = QueryDict(mutable=True)
    for name, value in fields.items():
        if isinstance(value, list):
            data.setlist(name, value)
        else:
            data[name] = value
    return data


def setup_export(setup_data: dict) -> dict:
    """An event's setup as its export writes it and the new-event form imports it."""
    return {"roles": [entry for entry in setup_data.get("roles", []) if entry.get("role") != TOWNSPERSON],
            "options": setup_data.get("options", {})}


class WebhookForm(forms.Form):
    url = forms.CharField(label=_("Webhook for public announcements"), required=False, max_length=WEBHOOK_MAX_LENGTH)

    def clean_url(self):
        return _webhook(self.cleaned_data.get("url"))


def _webhook(url: str) -> str:
    try:
        return services.checked_webhook_url(url)
    except ApplicationError as error:
        raise ValidationError(error.message, code=error.code) from error


def _reason_field() -> forms.CharField:
    return forms.CharField(label=_("Reason"), max_length=MAX_TEXT, required=False)


class MoveForm(forms.Form):
    entry = forms.IntegerField(label=_("Player"), min_value=1, max_value=2**31 - 1,
                               error_messages={"required": _("Choose a player."), "invalid": _("Choose a player.")})
    family = forms.CharField(label=_("Family"), max_length=FAMILY_MAX_LENGTH, required=False)
    reason = _reason_field()


class AdjustForm(forms.Form):
    slot = slot_field()
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
    text = forms.CharField(label=_("Text"), max_length=MAX_TEXT, required=False)
    reason = _reason_field()


class SlotNoteForm(forms.Form):
    slot = slot_field()
    note = forms.CharField(label=_("Note"), max_length=MAX_TEXT, required=False)


class AnswerForm(forms.Form):
    question = forms.IntegerField(label=_("Question"), min_value=1, max_value=2**31 - 1)
    answer = forms.CharField(label=_("Answer"), max_length=MAX_TEXT, required=False)


class ModeratorForm(forms.Form):
    username = username_field()


# -- the players' pages ---------------------------------------------------------------------------


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
    player = player_field()


class ActionForm(forms.Form):
    ability = forms.CharField(label=_("Action"), required=False, max_length=40)
    withdraw = forms.CharField(required=False, max_length=8)
    family = forms.CharField(label=_("Family"), required=False, max_length=FAMILY_LENGTH)
    player = player_field()
    players = forms.Field(label=_("Players"), required=False, widget=forms.MultipleHiddenInput)

    def clean_players(self) -> list[int]:
        numbers = []
        for raw in self.cleaned_data.get("players") or []:
            number = player_field().clean(raw)  # a ValidationError names this field
            if number is not None:
                numbers.append(number)
        return numbers


class QuestionForm(forms.Form):
    body = forms.CharField(label=_("Question"), required=False, max_length=MAX_TEXT)
