"""The forum's vote control (issue 27: "the forum vote dropdown starts on a real player, so one tap
casts a vote"; "the forum's vote button «Голосование» (a noun) beside a label with the same
word"): it starts on no one, "Choose a player" sent as a vote is refused and changes nothing,
and the button is a verb."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from online.models import GameEvent
from tests.online.factories import a_game

pytestmark = pytest.mark.django_db
SEVEN = ("mafia_goon", "mafia_goon", "cop", "doctor", "townie", "townie", "townie")


def control(client, game) -> str:
    body = client.get(reverse("online:game", kwargs={"slug": game.slug})).content.decode()
    return re.search(r'<form[^>]*class="vote-control".*?</form>', body, re.S).group(0)


def test_the_dropdown_starts_on_choose_a_player(client, at_start):
    game, users, _ = a_game(*SEVEN, day_start=True)
    client.force_login(users[3])
    options = re.findall(r"<option([^>]*)>([^<]*)</option>", control(client, game))
    assert options[0] == (' value="" selected', "Choose a player")
    assert all("selected" not in attributes for attributes, _ in options[1:])


@pytest.mark.parametrize("sent", [{"target": ""}, {}, {"target": "nobody"}])
def test_choose_a_player_sent_as_a_vote_is_refused_and_writes_nothing(client, at_start, sent):
    game, users, _ = a_game(*SEVEN, day_start=True)
    client.force_login(users[3])
    client.post(reverse("online:vote", kwargs={"slug": game.slug}), {"target": "2"})
    events = GameEvent.objects.filter(game=game).count()
    refused = client.post(reverse("online:vote", kwargs={"slug": game.slug}), sent, follow=True)
    assert refused.status_code == 200
    assert ("Choose a player to vote for." if sent.get("target", "") == "" else "Enter a whole number.") \
        in refused.content.decode()
    assert GameEvent.objects.filter(game=game).count() == events, "the vote for P2 stands"
    answer = client.post(reverse("online:vote", kwargs={"slug": game.slug}), sent, HTTP_HX_REQUEST="true")
    assert 'role="alert"' in answer.content.decode() and GameEvent.objects.filter(game=game).count() == events


def test_unvote_is_its_own_button(client, at_start):
    game, users, _ = a_game(*SEVEN, day_start=True)
    client.force_login(users[3])
    url = reverse("online:vote", kwargs={"slug": game.slug})
    client.post(url, {"target": "2"})
    assert game.votes.filter(voter=4).last().target == 2
    client.post(url, {"target": "", "unvote": "1"})
    assert game.votes.filter(voter=4).last().target is None


def test_the_button_is_a_verb_beside_a_label_that_is_not_the_same_word(client, at_start):
    game, users, _ = a_game(*SEVEN, day_start=True)
    client.force_login(users[3])
    client.cookies["django_language"] = "ru"
    with translation.override("ru"):
        form = control(client, game)
    assert re.search(r"<button type=\"submit\">\s*Проголосовать\s*</button>", form)
    assert "Голосование" not in form
    assert "Выберите игрока" in form
