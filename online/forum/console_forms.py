"""The forms of the forum game's moderator console: every POST of it is read through one, with the
model's limits, so bad input is a message next to its field (or at the top of the console for
its small action forms) and changes nothing (docs/input-validation.md, "Every POST through a
form"). The small forms both consoles use: online/core/forms.py."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from online.core.forms import TITLE_MAX_LENGTH, note_field, slot_field, username_field
from online.core.zones import zone_choices

from . import selectors

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


class HoursForm(forms.Form):
    hours = forms.IntegerField(label=_("Hours"), min_value=1, max_value=MAX_EXTENSION_HOURS)
    note = note_field()


class SlotForm(forms.Form):
    slot = slot_field()
    note = note_field()


class ReplaceForm(forms.Form):
    slot = slot_field()
    username = username_field()
    note = note_field()
