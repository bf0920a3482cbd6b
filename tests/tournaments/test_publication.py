"""Every public tournament page declares its publication switch; each is checked on and off."""

from decimal import Decimal

import pytest
from django.urls import URLPattern, reverse

from games.models import Game
from tournaments import services, urls
from tournaments.models import PUBLICATION_SWITCHES, Tournament
from tournaments.publication import PUBLIC_VIEWS

from .factories import TournamentFactory, accepted_players, make_round, organizer_of, scored_game

# Tournament routes that are not pages (a POST action with its own check).
NOT_PAGES = {"withdraw"}


def _tournament_patterns():
    return [p for p in urls.urlpatterns if isinstance(p, URLPattern) and "<slug:slug>" in str(p.pattern)]


PAGES = [(p.name, p.callback.publication_switch) for p in _tournament_patterns()
         if hasattr(p.callback, "publication_switch")]
SWITCHED = [(name, switch) for name, switch in PAGES if switch is not None]


def test_every_tournament_page_declares_its_switch():
    undeclared = {p.name for p in _tournament_patterns() if not hasattr(p.callback, "publication_switch")}
    assert undeclared == NOT_PAGES
    assert set(PUBLIC_VIEWS.values()) - {None} == set(PUBLICATION_SWITCHES)  # every switch opens a page


@pytest.fixture
def world(db):
    tournament = TournamentFactory(tables=1, qualifying_rounds=1, status=Tournament.Status.RUNNING,
                                   **{switch: False for switch in PUBLICATION_SWITCHES})
    players = accepted_players(tournament, 10)
    game = scored_game(tournament, make_round(tournament, 1), 1,
                       [(p, "mafia" if i < 3 else "civilian", i >= 3, Decimal("0.5"), []) for i, p in
                        enumerate(players)], published=False)
    return {"tournament": tournament, "player": players[0], "game": game,
            "organizer": organizer_of(tournament.club)}


def _url(name, world):
    kwargs = {"slug": world["tournament"].slug}
    if name == "player":
        kwargs["pk"] = world["player"].pk
    elif name in ("game", "protocol"):
        kwargs["pk"] = world["game"].pk
    return reverse(f"tournaments:{name}", kwargs=kwargs)


@pytest.mark.parametrize(("name", "switch"), SWITCHED)
def test_a_public_page_opens_with_its_switch_only(client, world, name, switch):
    tournament, url = world["tournament"], _url(name, world)
    # The game's own results are published: only the switch is under test here (a protocol page
    # of an unpublished game stays closed whatever the switches say: tests/secrecy).
    Game.objects.filter(pk=world["game"].pk).update(results_published=True)
    response = client.get(url)
    assert response.status_code == 403, name
    assert "not published" in response.content.decode()
    setattr(tournament, switch, True)
    tournament.save()
    assert client.get(url).status_code == 200, name
    # other switches do not open it
    for other in PUBLICATION_SWITCHES:
        setattr(tournament, other, other != switch)
    tournament.save()
    assert client.get(url).status_code == 403, name


@pytest.mark.parametrize(("name", "switch"), PAGES)
def test_organizers_always_see_every_page(client, world, name, switch):
    client.force_login(world["organizer"])
    assert client.get(_url(name, world)).status_code == 200


@pytest.mark.parametrize(("name", "switch"), PAGES)
def test_a_draft_tournament_is_hidden_from_everyone_but_organizers(client, world, name, switch):
    tournament = world["tournament"]
    for s in PUBLICATION_SWITCHES:
        setattr(tournament, s, True)
    tournament.status = Tournament.Status.DRAFT
    tournament.save()
    assert client.get(_url(name, world)).status_code == 404
    client.force_login(world["organizer"])
    assert client.get(_url(name, world)).status_code == 200


def test_publication_set_service_audits_and_refuses_unknown_switches(world):
    from core.audit import audit_trail
    from core.errors import ApplicationError

    tournament = world["tournament"]
    services.publication_set(tournament=tournament, actor=world["organizer"], publish_standings=True)
    tournament.refresh_from_db()
    assert tournament.publish_standings
    assert audit_trail(tournament).filter(action="tournament.publication").exists()
    with pytest.raises(ApplicationError):
        services.publication_set(tournament=tournament, actor=None, publish_everything=True)


def test_roles_show_only_when_finished_published_and_switched_on(client, world):
    tournament, game = world["tournament"], world["game"]
    tournament.publish_results = True
    tournament.save()
    url = _url("game", world)
    role_column = ">Role</th>"
    html = client.get(url).content.decode()
    assert role_column not in html and "the city wins" in html  # the game's results are not published
    Game.objects.filter(pk=game.pk).update(results_published=True)
    html = client.get(url).content.decode()
    assert role_column in html and ">Mafia</td>" in html
    Game.objects.filter(pk=game.pk).update(status=Game.Status.IN_PROGRESS)
    assert role_column not in client.get(url).content.decode()


def test_a_game_of_another_tournament_is_not_found(client, world):
    other = TournamentFactory(publish_results=True, status=Tournament.Status.RUNNING)
    url = reverse("tournaments:game", kwargs={"slug": other.slug, "pk": world["game"].pk})
    assert client.get(url).status_code == 404


def test_switching_results_on_opens_the_roles_of_every_confirmed_game(client, world):
    tournament, game = world["tournament"], world["game"]
    Game.objects.filter(pk=game.pk).update(status=Game.Status.CONFIRMED, results_published=False)
    services.publication_set(tournament=tournament, actor=None, publish_results=True)
    game.refresh_from_db()
    assert game.results_published
    assert ">Role</th>" in client.get(_url("game", world)).content.decode()
    services.publication_set(tournament=tournament, actor=None, publish_results=False)
    game.refresh_from_db()
    assert not game.results_published
