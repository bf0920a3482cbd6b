"""One seated-game page (issue 27): "Each seated game has two public pages that disagree in wording
and format (`/tournaments/<slug>/games/<id>/`: "the city wins", "0.50", linked names;
`/games/<id>/`: "Red wins", "0.5", plain names): one page, one partial, and a published game shows
its whole record (nominations, votes, departures, checks, wills, each seat's points with their
rules) once published."
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from games.services import game_publish_results
from tests.pipeline.helpers import confirm, finished_game, tournament_with_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(django_capture_on_commit_callbacks):
    tournament, judge, organizer = tournament_with_staff()
    tournament.publish_protocols, tournament.status = True, tournament.Status.RUNNING
    tournament.save(update_fields=["publish_protocols", "status"])
    with django_capture_on_commit_callbacks(execute=True):
        game = confirm(finished_game(tournament, judge), judge, organizer)
    game.refresh_from_db()
    assert game.results_published
    return tournament, game, organizer


def _page(client: Client, url: str, language: str = "en") -> str:
    answer = client.get(url, follow=True, headers={"accept-language": language})
    assert answer.status_code == 200, url
    return answer.content.decode()


def test_games_address_of_a_tournament_game_is_its_page_in_the_tournament(published):
    tournament, game, _ = published
    answer = Client().get(f"/games/{game.pk}/")
    assert answer.status_code == 302 and answer["Location"] == f"/tournaments/{tournament.slug}/games/{game.pk}/"


def test_a_published_game_shows_its_whole_record_in_words(published):
    tournament, game, _ = published
    html = _page(Client(), f"/tournaments/{tournament.slug}/games/{game.pk}/")
    # the result, each seat linked to its player, roles and points written one way
    assert "the city wins" in html and "all black players are out" in html
    seat = game.seats.get(seat=7)
    assert f'<a href="/players/{seat.player_id}/">{seat.player.nickname}</a>' in html
    assert ">Sheriff</td>" in html
    # each point with its rule's name, not its slug
    assert "Vote that eliminated a black" in html and "<code>eliminating-vote</code>" not in html
    # the whole record, phase by phase: nominations, votes, departures, checks, wills
    for event in ("nominate", "vote", "raise", "shot", "don_check", "sheriff_check", "will", "foul", "end"):
        assert f'data-event="{event}"' in html, event
    assert f"{game.seats.get(seat=1).player.nickname} (seat 1) nominates" in html
    assert f"The Sheriff, {seat.player.nickname} (seat 7), checks" in html
    assert "leaves by vote." in html and "First Color" in html and "passes the helm" in html


def test_the_record_reads_in_russian(published):
    tournament, game, _ = published
    html = _page(Client(), f"/tournaments/{tournament.slug}/games/{game.pk}/", "ru")
    with translation.override("ru"):
        assert "Голосование, исключившее чёрного" in html
        assert "выставляет" in html and "День 1" in html and "Ночь 1" in html
    assert "Vote that eliminated a black" not in html and "eliminating vote into black seat" not in html


def test_an_unpublished_game_shows_neither_roles_nor_record(published):
    tournament, game, organizer = published
    game_publish_results(game=game, actor=organizer, published=False)
    html = _page(Client(), f"/tournaments/{tournament.slug}/games/{game.pk}/")
    assert "data-event=" not in html and ">Sheriff</td>" not in html and "the city wins" not in html
    assert "Roles and scores are shown once the results are published." in html


def test_the_record_waits_for_the_tournament_s_full_protocols_switch(published):
    tournament, game, _ = published
    tournament.publish_protocols = False
    tournament.save(update_fields=["publish_protocols"])
    html = _page(Client(), f"/tournaments/{tournament.slug}/games/{game.pk}/")
    assert ">Sheriff</td>" in html and "data-event=" not in html
    assert "have not published the full protocols yet" in html
