"""A new Mafia 1923 event from ordinary fields (issue 27): "Creating a Mafia 1923 event means typing
the role pool and settings as JSON into textareas, with labels wrapping mid-word: use ordinary
fields (a row per role with a count; the settings as named fields with their defaults shown), JSON
import and export beside them as the forum's setup form does."
"""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation

from online.engine.mafia1923 import OPTIONS
from online.mafia1923.forms import POOL_ROLES, NewEventForm
from online.models import Game
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

CONSOLE = "/organize/online/1923/"


@pytest.fixture
def moderator():
    client = Client()
    client.force_login(UserFactory(username="event-staff", is_staff=True))
    return client


def fields(**changes) -> dict:
    """What a browser posts for the form as it first shows, with ``changes``."""
    form = NewEventForm()
    data = {"title": "Purim 1923", "webhook": "", "setup_json": ""}
    for name, field in form.fields.items():
        if name.startswith("role_"):
            data[name] = str(field.initial)
        elif name.startswith("option_"):
            initial = field.initial
            if initial is True:
                data[name] = "on"
            elif isinstance(initial, list):
                data[name] = initial
            elif initial is not False:
                data[name] = str(initial)
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_the_form_shows_a_row_per_role_and_each_setting_with_its_default(moderator):
    html = moderator.get(CONSOLE).content.decode()
    assert 'name="pool"' not in html and 'name="options"' not in html  # no JSON to type
    for role in POOL_ROLES:
        assert f'name="role_{role}"' in html
    assert 'name="role_doctor" value="1"' in html and 'name="role_thief" value="0"' in html
    assert 'name="option_night_starts" value="21"' in html and "Night starts at (hour)" in html
    assert '<option value="Asia/Jerusalem" selected>' in html
    assert 'name="option_moderator_review" id="id_option_moderator_review" checked' in html
    with translation.override("ru"):
        russian = moderator.get(CONSOLE, headers={"accept-language": "ru"}).content.decode()
    assert "Доктор" in russian and "Night starts at (hour)" not in russian


def test_an_event_from_the_fields_and_its_export_imported_make_the_same_setup(moderator):
    answer = moderator.post(CONSOLE, fields(role_thief="2", role_doctor="0", option_days="4",
                                            option_mafia_second_roles=["thief"], option_detective_learns="mafia"))
    assert answer.status_code == 302, answer.context["form"].errors
    game = Game.objects.get()
    roles = {entry["role"]: entry.get("count", 1) for entry in game.setup.data["roles"]}
    assert roles == {"townsperson": 1, "thief": 2, "detective": 1, "bodyguard": 1}
    options = game.setup.data["options"]
    assert set(options) == set(OPTIONS)
    assert (options["days"], options["mafia_second_roles"], options["detective_learns"]) == (4, ["thief"], "mafia")
    assert options["night_starts"] == 21 and options["moderator_review"] is True
    exported = moderator.get(f"/organize/online/1923/{game.slug}/setup.json")
    assert exported["Content-Disposition"].startswith("attachment")
    again = moderator.post(CONSOLE, fields(title="Purim 1924", role_doctor="5", setup_json=exported.content.decode()))
    assert again.status_code == 302
    copy = Game.objects.exclude(pk=game.pk).get()
    assert copy.setup.data["roles"] == game.setup.data["roles"] and copy.setup.data["options"] == options


@pytest.mark.parametrize("changes, field", [
    ({"role_doctor": "-1"}, "role_doctor"),
    ({"role_doctor": "abc"}, "role_doctor"),
    ({"role_doctor": "1e400"}, "role_doctor"),
    ({"option_night_starts": "24"}, "option_night_starts"),
    ({"option_timezone": "Mars/Olympus"}, "option_timezone"),
    ({"option_detective_learns": "everything"}, "option_detective_learns"),
    ({"option_mafia_second_roles": ["mafia_member"]}, "option_mafia_second_roles"),
    ({"setup_json": "not json"}, "setup_json"),
    ({"setup_json": "[]"}, "setup_json"),
    ({"setup_json": json.dumps({"roles": [{"role": "wizard"}]})}, "setup_json"),
    ({"setup_json": json.dumps({"roles": [{"role": "mafia_member", "count": 2}]})}, "setup_json"),
    ({"setup_json": json.dumps({"roles": [{"role": "doctor", "count": -3}]})}, "setup_json"),
    ({"setup_json": json.dumps({"options": {"days": "many"}})}, "setup_json"),
    ({"setup_json": json.dumps({"options": {"weather": "rain"}})}, "setup_json"),
    ({"setup_json": json.dumps({"options": {"lovers_die_together": "yes"}})}, "setup_json"),
])
def test_a_setup_that_is_not_one_is_refused_next_to_its_field_and_creates_nothing(moderator, changes, field):
    answer = moderator.post(CONSOLE, fields(**changes))
    assert answer.status_code == 200
    assert answer.context["form"].errors[field], changes
    assert not Game.objects.exists()
