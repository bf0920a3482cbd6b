"""A person is named to other people by their player's nickname (or their full name), never by the
username they log in with (clubs.selectors.person_name)."""

import pytest
from django.urls import reverse

from clubs.selectors import person_name
from discipline.models import DisciplineCase
from discipline.services import case_add_note, case_decide
from games import services
from games.engine.examples import full_pro_mafia_game
from tests.discipline.helpers import dd_game
from tests.factories import UserFactory
from tests.games.factories import dealt_game
from tests.tournaments.factories import organizer_of

pytestmark = pytest.mark.django_db


def test_a_person_is_their_nickname_else_their_full_name_else_their_username():
    game = dealt_game()
    judge = game.judge.user
    assert person_name(judge) == game.judge.nickname != judge.username
    admin = UserFactory(username="root7", first_name="Irina", last_name="Volkova")
    assert person_name(admin) == "Irina Volkova"
    assert person_name(UserFactory(username="bare")) == "bare"  # nothing else names them
    assert person_name(None) == ""


def submitted(game):
    for event in full_pro_mafia_game().build()["events"]:
        game = services.protocol_append_event(game=game, event=event, expected_version=game.protocol_version,
                                              actor=game.judge.user)
    return services.game_submit(game=game, expected_version=game.protocol_version, actor=game.judge.user)


def test_the_entry_page_and_the_history_name_the_judge_and_the_organizer_by_nickname(client):
    game = submitted(dealt_game())
    organizer = organizer_of(game.club)
    client.force_login(organizer)
    html = client.get(reverse("entry:page", kwargs={"pk": game.pk})).content.decode()
    assert f"Submitted by {game.judge.nickname}" in html
    assert game.judge.user.username not in html
    game = services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer)
    html = client.get(reverse("entry:page", kwargs={"pk": game.pk})).content.decode()
    assert f"Confirmed by {organizer.player.nickname}" in html
    history = client.get(reverse("entry:history", kwargs={"pk": game.pk})).content.decode()
    assert game.judge.nickname in history and organizer.player.nickname in history
    assert game.judge.user.username not in history and organizer.username not in history


def test_the_case_page_names_who_decided_and_who_wrote_a_note_by_nickname(client, cup):
    game = cup.play(dd_game())
    case = DisciplineCase.objects.get(game=game)
    case_add_note(case=case, text="Seen on camera.", actor=cup.organizer)
    case_decide(case=case, decision=DisciplineCase.Decision.UPHOLD, reason="The rules say so.", actor=cup.organizer)
    client.force_login(cup.confirmer)
    html = client.get(reverse("discipline:case", kwargs={"pk": case.pk})).content.decode()
    assert cup.organizer.player.nickname in html
    assert cup.organizer.username not in html and cup.judge.user.username not in html
