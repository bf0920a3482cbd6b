"""Who gets the entry page of a running game, and that no role leaks to anyone else."""

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from games import services
from games.engine.examples import full_pro_mafia_game
from tests.factories import MembershipFactory, UserFactory

from .factories import dealt_game

pytestmark = pytest.mark.django_db
ROLE_WORDS = (">Sheriff<", ">Mafia<", ">Don<", ">Civilian<", "role-don", "role-mafia", "role-sheriff", "team-black",
              "team-red")


def page(game):
    return reverse("entry:page", kwargs={"pk": game.pk})


def assert_no_roles(response):
    html = response.content.decode()
    for word in ROLE_WORDS:
        assert word not in html, f"{word!r} leaked"


def finish(game):
    for event in full_pro_mafia_game().build()["events"]:
        game = services.protocol_append_event(game=game, event=event, expected_version=game.protocol_version,
                                              actor=game.judge.user)
    return game


@pytest.fixture
def game():
    return dealt_game()


def test_the_assigned_judge_enters_by_login(client, game):
    client.force_login(game.judge.user)
    response = client.get(page(game))
    assert response.status_code == 200
    assert "role-don" in response.content.decode()


def test_an_organizer_of_the_club_enters(client, game):
    organizer = MembershipFactory(club=game.club, role=ClubMembership.Role.ORGANIZER).player.user
    client.force_login(organizer)
    response = client.get(page(game))
    assert response.status_code == 200 and "role-sheriff" in response.content.decode()


def test_the_private_link_works_without_login(client, game):
    response = client.get(reverse("entry:link", kwargs={"token": game.judge_token}))
    assert response.status_code == 200
    assert "role-don" in response.content.decode()
    response = client.post(reverse("entry:link_action", kwargs={"token": game.judge_token, "action": "foul"}),
                           {"version": 1, "seat": 3}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.protocol_version == 2
    version = game.versions.get(version=2)
    assert version.via_link and version.author == game.judge.user  # the link acts for the judge


def test_a_wrong_private_link_is_not_found(client, game):
    assert client.get(reverse("entry:link", kwargs={"token": game.judge_token + "x"})).status_code == 404


@pytest.mark.parametrize("who", ["other_judge", "player", "stranger"])
def test_others_get_nothing_of_a_running_game(client, game, who):
    if who == "other_judge":
        # A judge of the same club, at another table.
        other = dealt_game(club=game.club)
        user = other.judge.user
    elif who == "player":
        user = MembershipFactory(club=game.club, role=ClubMembership.Role.MEMBER).player.user
    else:
        user = UserFactory()
    client.force_login(user)
    for url in (page(game), reverse("games:detail", kwargs={"pk": game.pk}),
                reverse("entry:history", kwargs={"pk": game.pk})):
        response = client.get(url)
        assert response.status_code == 404  # never says that the game exists
        assert_no_roles(response)
    response = client.post(reverse("entry:action", kwargs={"pk": game.pk, "action": "foul"}),
                           {"version": 1, "seat": 3})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.protocol_version == 1


def test_an_anonymous_visitor_gets_nothing(client, game):
    # The entry page offers to log in (a judge who is not logged in yet); nothing of the game shows.
    response = client.get(page(game))
    assert response.status_code == 403
    assert reverse("login") in response.content.decode()
    assert_no_roles(response)
    response = client.get(reverse("games:detail", kwargs={"pk": game.pk}))
    assert response.status_code == 404  # a running game is nobody else's business
    assert_no_roles(response)
    response = client.post(reverse("entry:action", kwargs={"pk": game.pk, "action": "undo"}), {"version": 1})
    assert response.status_code == 403
    game.refresh_from_db()
    assert game.protocol_version == 1


def test_roles_appear_publicly_only_once_finished_and_published(client, game):
    game = finish(game)
    url = reverse("games:detail", kwargs={"pk": game.pk})
    response = client.get(url)
    assert response.status_code == 200  # a finished game's seating is public…
    assert_no_roles(response)  # …but not its roles
    organizer = MembershipFactory(club=game.club, role=ClubMembership.Role.ORGANIZER).player.user
    services.game_publish_results(game=game, actor=organizer)
    response = client.get(url)
    html = response.content.decode()
    assert ">Don<" in html, html[html.find("<main"):]


def test_the_judges_tables_list_their_games_only(client, game):
    other = dealt_game()
    client.force_login(game.judge.user)
    response = client.get(reverse("entry:my_tables"))
    assert response.status_code == 200
    assert reverse("entry:page", kwargs={"pk": game.pk}) in response.content.decode()
    assert reverse("entry:page", kwargs={"pk": other.pk}) not in response.content.decode()


def test_only_organizers_reach_the_organizer_actions(client, game):
    game = finish(game)
    client.force_login(game.judge.user)
    response = client.post(reverse("games_organize:action", kwargs={"pk": game.pk, "action": "publish"}))
    assert response.status_code == 404
    game.refresh_from_db()
    assert not game.results_published


def test_a_superuser_organizer_sees_every_clubs_submitted_game_first_in_their_tables(client, game):
    """The demo organizer is a superuser: a standalone game another judge submitted is on their
    /judge/ list, ahead of the tables still in play (it is what waits for them)."""
    superuser = UserFactory(is_superuser=True)
    older = [dealt_game() for _ in range(3)]
    game = finish(game)
    game = services.game_submit(game=game, expected_version=game.protocol_version, actor=game.judge.user)
    client.force_login(superuser)
    html = client.get(reverse("entry:my_tables")).content.decode()
    submitted_at = html.find(reverse("entry:page", kwargs={"pk": game.pk}))
    assert submitted_at != -1, "the submitted game is missing from the superuser's tables"
    assert all(-1 < submitted_at < html.find(reverse("entry:page", kwargs={"pk": other.pk})) for other in older)
