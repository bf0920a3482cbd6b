"""Where the judge's link is shown: the organizers' tournament page (each round's tables), the
organizers' evening page (its games) and the entry page for organizers — with a copy button and
a QR code drawn as inline SVG. The token is a secret: no other page shows it, to anyone."""

import re

import pytest
from django.db import connection
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import ClubMembership
from games import services
from games.models import Game
from games.selectors import games_with_links
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.tournaments.factories import EveningFactory, TournamentFactory
from tournaments.models import Round, Tournament

from .factories import judged_game, seat_table

pytestmark = pytest.mark.django_db
QR = re.compile(r'<svg viewBox="0 0 \d+ \d+" class="qr">')


class Club:
    """A club with a running tournament (two rounds of two tables), an evening with a game, and
    a standalone game; an organizer, the judge of those tables, and a member who plays."""

    def __init__(self):
        first = judged_game()
        self.club, self.judge = first.club, first.judge
        self.tournament = TournamentFactory(club=self.club, tables=2, qualifying_rounds=2,
                                            status=Tournament.Status.RUNNING, publish_seating=True,
                                            publish_participants=True, publish_standings=True,
                                            publish_results=True, publish_protocols=True)
        self.member = MembershipFactory(club=self.club, role=ClubMembership.Role.MEMBER).player
        players = [self.member, *(PlayerFactory() for _ in range(19))]
        self.tables = []
        for number in (1, 2):
            rnd = Round.objects.create(tournament=self.tournament, number=number, seating_published=True)
            for table in (1, 2):
                game = Game.objects.create(club=self.club, tournament=self.tournament, round=rnd,
                                           table_number=table, judge=self.judge)
                seat_table(game, players[(table - 1) * 10:table * 10])
                self.tables.append(game)
        self.evening = EveningFactory(club=self.club)
        first.evening = self.evening
        first.save(update_fields=["evening"])
        self.evening_game = first
        self.standalone = Game.objects.create(club=self.club, judge=self.judge)
        self.organizer = MembershipFactory(club=self.club, role=ClubMembership.Role.ORGANIZER).player.user

    @property
    def games(self):
        return [*self.tables, self.evening_game, self.standalone]


@pytest.fixture
def club():
    return Club()


def tokens_in(html, games):
    return [game.pk for game in games if game.judge_token in html]


def assert_link_panel(html, game):
    assert f"/t/{game.judge_token}/" in html
    panel = html[html.index(f'data-judge-link="{game.pk}"'):]
    panel = panel[:panel.index('class="judge-link-actions"')]
    assert f'data-copy="judge-link-{game.pk}"' in panel
    assert QR.search(panel), "no inline SVG QR code"
    assert "Valid until" in panel


def test_the_organizers_tournament_page_shows_each_round_tables_link_copy_button_and_qr(client, club):
    client.force_login(club.organizer)
    html = client.get(reverse("organize:tournament", kwargs={"slug": club.tournament.slug})).content.decode()
    for game in club.tables:
        assert_link_panel(html, game)
    assert "js/judge_link.js" in html
    assert tokens_in(html, [club.evening_game, club.standalone]) == []


def test_the_organizers_evening_page_shows_its_games_links(client, club):
    client.force_login(club.organizer)
    html = client.get(reverse("organize:evening", kwargs={"pk": club.evening.pk})).content.decode()
    assert_link_panel(html, club.evening_game)
    assert tokens_in(html, [*club.tables, club.standalone]) == []


@pytest.mark.parametrize("which", ["table", "evening", "standalone"])
def test_the_entry_page_shows_the_link_to_organizers(client, club, which):
    game = {"table": club.tables[0], "evening": club.evening_game, "standalone": club.standalone}[which]
    client.force_login(club.organizer)
    html = client.get(reverse("entry:page", kwargs={"pk": game.pk})).content.decode()
    assert_link_panel(html, game)


def test_the_link_panel_shows_a_dead_link_as_such_without_its_address(client, club):
    game = club.tables[0]
    services.judge_link_revoke(game=game, actor=club.organizer)
    client.force_login(club.organizer)
    html = client.get(reverse("organize:tournament", kwargs={"slug": club.tournament.slug})).content.decode()
    assert game.judge_token not in html and "link withdrawn" in html
    assert reverse("games_organize:link_rotate", kwargs={"pk": game.pk}) in html


def _every_page_but_the_organizers(club):
    slug = club.tournament.slug
    pages = [reverse("home"), reverse("entry:my_tables"), reverse("tournaments:list"),
             reverse("tournaments:evening", kwargs={"pk": club.evening.pk})]
    pages += [reverse(f"tournaments:{name}", kwargs={"slug": slug}) for name in (
        "detail", "participants", "seating", "seating_players", "standings", "standings_print", "results")]
    pages += [reverse("tournaments:player", kwargs={"slug": slug, "pk": club.member.pk})]
    for game in club.games:
        pages.append(reverse("games:detail", kwargs={"pk": game.pk}))
        pages.append(reverse("entry:page", kwargs={"pk": game.pk}))
        pages.append(reverse("entry:history", kwargs={"pk": game.pk}))
        if game.tournament_id:
            pages.append(reverse("tournaments:game", kwargs={"slug": slug, "pk": game.pk}))
            pages.append(reverse("tournaments:protocol", kwargs={"slug": slug, "pk": game.pk}))
    pages += [reverse("organize:tournament", kwargs={"slug": slug}),
              reverse("organize:evening", kwargs={"pk": club.evening.pk}),
              reverse("organize:seating", kwargs={"slug": slug}),
              club.member.get_absolute_url(), club.club.get_absolute_url()]
    return pages


@pytest.mark.parametrize("who", ["anonymous", "member", "judge", "stranger", "other_organizer"])
def test_no_other_page_shows_a_token_to_anyone_else(client, club, who):
    if who == "member":
        client.force_login(club.member.user)
    elif who == "judge":
        client.force_login(club.judge.user)  # judges the tables, but does not organize
    elif who == "stranger":
        client.force_login(UserFactory())
    elif who == "other_organizer":
        other = judged_game()
        client.force_login(MembershipFactory(club=other.club, role=ClubMembership.Role.ORGANIZER).player.user)
    answered = 0
    for url in _every_page_but_the_organizers(club):
        response = client.get(url)
        if response.status_code == 302:
            continue
        html = response.content.decode()
        assert tokens_in(html, club.games) == [], f"{who} sees a token on {url}"
        assert not QR.search(html), f"{who} sees a QR code on {url}"
        answered += 1
    assert answered >= 10  # the public pages did answer: the check above read real pages


def test_the_panel_renders_nothing_for_a_non_organizer_wherever_it_is_put(club):
    """The template tag checks the organizer itself: a template that forgot to is still safe."""
    request = RequestFactory().get("/")
    request.user = club.judge.user
    html = render_to_string("games/_judge_links.html", {"games": games_with_links(club=club.club)},
                            request=request)
    assert tokens_in(html, club.games) == [] and not QR.search(html)
    request = RequestFactory().get("/")  # a new request: the tag remembers its answer per request
    request.user = club.organizer
    html = render_to_string("games/_judge_links.html", {"games": games_with_links(club=club.club)},
                            request=request)
    assert set(tokens_in(html, club.games)) == {game.pk for game in club.games}


def test_the_tournament_page_does_not_grow_queries_with_tables(client, club):
    client.force_login(club.organizer)
    url = reverse("organize:tournament", kwargs={"slug": club.tournament.slug})
    with CaptureQueriesContext(connection) as few:
        client.get(url)
    for number in (3, 4):
        rnd = Round.objects.create(tournament=club.tournament, number=number)
        for table in (1, 2):
            Game.objects.create(club=club.club, tournament=club.tournament, round=rnd, table_number=table)
    with CaptureQueriesContext(connection) as more:
        html = client.get(url).content.decode()
    assert len(QR.findall(html)) == 8
    assert len(more.captured_queries) == len(few.captured_queries)
