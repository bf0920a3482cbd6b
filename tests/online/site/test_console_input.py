"""Issue 25, bad input at the moderators' consoles: "Every POST handler of the site takes its
input through a Django form or a DRF serializer (with the model's limits), and answers a refusal
in the page's language next to the field." Each refusal here was a 500 before."""

from __future__ import annotations

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from online.mafia1923.models import EventSettings
from online.models import Game, GameEvent
from tests.factories import MembershipFactory, UserFactory
from tests.online.factories import a_game, a_setup
from tests.online.site.mafia1923_kit import Event
from tests.online.site.test_m1923_new_event import fields as new_event_fields

pytestmark = pytest.mark.django_db

FORUM_CONSOLE = "/organize/online/"
M1923_CONSOLE = "/organize/online/1923/"


@pytest.fixture
def staff(client):
    user = UserFactory(username="console-staff", is_staff=True)
    client.force_login(user)
    return user


@pytest.mark.parametrize("setup", ["abc", "NaN", "1e400", "-1", "", "99999999999999999999999"])
def test_a_setup_that_is_not_one_is_refused_next_to_its_field(client, staff, setup):
    """Issue 25: `setup=abc` (also `NaN`, `1e400`) "Expected: 'Choose a setup.' next to the
    field, nothing created.\""""
    a_setup("mafia_goon", "townie", "townie")
    answer = client.post(FORUM_CONSOLE, {"title": "A game", "setup": setup, "time_zone": "UTC"})
    assert answer.status_code == 200
    assert answer.context["form"].errors["setup"] == ["Choose a setup."]
    assert "Choose a setup." in answer.content.decode()
    assert not Game.objects.exists()


def test_a_setup_sent_as_bytes_that_are_not_utf8_is_refused(client, staff):
    a_setup("mafia_goon", "townie", "townie")
    answer = client.post(FORUM_CONSOLE, b"title=A+game&time_zone=UTC&setup=%FF%FE",
                         content_type="application/x-www-form-urlencoded")
    assert answer.status_code == 200  # the bytes are read as replacement characters: no setup has that id
    assert answer.context["form"].errors["setup"] == ["Choose a setup."]
    assert not Game.objects.exists()


def test_a_title_longer_than_its_column_is_refused_not_a_database_error(client, staff):
    """Issue 25: "a title longer than the column (160 characters): a database error"."""
    setup = a_setup("mafia_goon", "townie", "townie")
    answer = client.post(FORUM_CONSOLE, {"title": "T" * 161, "setup": setup.pk, "time_zone": "UTC"})
    assert answer.status_code == 200
    assert answer.context["form"].errors["title"]
    assert not Game.objects.exists()
    client.post(FORUM_CONSOLE, {"title": "T" * 160, "setup": setup.pk, "time_zone": "UTC"})
    assert Game.objects.get().title == "T" * 160


def test_the_time_zone_is_chosen_from_a_list_defaulting_to_the_club_s(client):
    """Issue 27: "The new forum game's time zone is free text defaulting to UTC: a list of zones,
    defaulting to the club's.\""""
    organizer = MembershipFactory(role=ClubMembership.Role.ORGANIZER, club__timezone="Asia/Novosibirsk").player.user
    client.force_login(organizer)
    page = client.get(FORUM_CONSOLE)
    field = page.context["form"]["time_zone"]
    assert field.value() == "Asia/Novosibirsk"
    assert '<select name="time_zone"' in page.content.decode()
    setup = a_setup("mafia_goon", "townie", "townie")
    refused = client.post(FORUM_CONSOLE, {"title": "A game", "setup": setup.pk, "time_zone": "Mars/Olympus"})
    assert refused.context["form"].errors["time_zone"] and not Game.objects.exists()


def test_a_webhook_longer_than_its_column_is_refused_at_creation_as_when_it_is_set(client, staff):
    """Issue 25: "a webhook address longer than 200 characters: a database error.
    `event_create` stores it unchecked, while `webhook_set` checks it.\""""
    long_url = "https://chat.example.com/" + "a" * 200
    answer = client.post(M1923_CONSOLE, new_event_fields(title="Event", webhook=long_url))
    assert answer.status_code == 200
    assert answer.context["form"].errors["webhook"]
    assert not Game.objects.exists()
    event = Event(sizes=(), start=False, prefix="w")
    client.force_login(event.moderator)
    client.post(reverse("m1923_mod:action", kwargs={"slug": event.game.slug, "action": "webhook"}), {"url": long_url})
    assert EventSettings.objects.get(game=event.game).webhook_url == ""


def test_the_1923_console_refuses_json_that_is_not_a_setup(client, staff):
    for text in ("{}x", "[]", "not json", '{"options": {"a": NaN'):
        answer = client.post(M1923_CONSOLE, new_event_fields(title="Event", setup_json=text))
        assert answer.status_code == 200 and answer.context["form"].errors["setup_json"], text
    assert not Game.objects.exists()


@pytest.mark.parametrize("action, data", [
    ("extend", {"hours": "1e400", "note": "n"}),
    ("extend", {"hours": "NaN", "note": "n"}),
    ("extend", {"hours": "99999999999999999999", "note": "n"}),
    ("prod", {"slot": "abc"}),
    ("modkill", {"slot": "-3", "note": "n"}),
    ("replace", {"slot": "1", "username": "u" * 151}),
    ("pause", {"note": "n" * 2001}),
])
def test_the_forum_console_s_actions_refuse_bad_input_and_change_nothing(client, action, data):
    game, _users, _ = a_game("mafia_goon", "townie", "townie")
    client.force_login(game.moderator)
    events = GameEvent.objects.filter(game=game).count()
    answer = client.post(reverse("online_mod:action", kwargs={"slug": game.slug, "action": action}), data,
                         follow=True)
    assert answer.status_code == 200
    said = [str(m) for m in answer.context["messages"]]
    assert said and all(":" in line for line in said), said  # the field's label, then the refusal
    assert GameEvent.objects.filter(game=game).count() == events


@pytest.mark.parametrize("action, data", [
    ("move", {"entry": "1e400", "family": "F1", "reason": "r"}),
    ("adjust", {"slot": "NaN", "role": "doctor", "reason": "r"}),
    ("adjust", {"slot": "1", "role": "emperor", "reason": "r"}),
    ("override", {"kind": "nonsense", "reason": "r"}),
    ("exile", {"slot": "abc"}),
    ("answer", {"question": "99999999999999999999", "answer": "a"}),
    ("moderator", {"username": "x" * 151}),
    ("webhook", {"url": "ftp://example.com/hook"}),
])
def test_the_1923_console_s_actions_refuse_bad_input_and_change_nothing(client, action, data):
    event = Event(sizes=(), start=False, prefix="a")
    client.force_login(event.moderator)
    events = GameEvent.objects.filter(game=event.game).count()
    answer = client.post(reverse("m1923_mod:action", kwargs={"slug": event.game.slug, "action": action}), data, follow=True)
    assert answer.status_code == 200
    assert [str(m) for m in answer.context["messages"]]
    assert GameEvent.objects.filter(game=event.game).count() == events
