"""The pages: organizers' gate, htmx rows, forms, CSV, and query counts that do not grow with rows."""

import csv
import io
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.models import ClubMembership
from tests.factories import MembershipFactory, UserFactory, UserPlayerFactory
from tournaments import services
from tournaments.models import Application, Evening, Tournament

from .factories import (
    ApplicationFactory,
    EveningFactory,
    TournamentFactory,
    accepted_players,
    judge_of,
    make_round,
    organizer_of,
    scored_game,
)

pytestmark = pytest.mark.django_db


def count_queries(client, url):
    client.get(url)  # the navigation's answers kept (tournaments.queue.kept_roles): the page's own queries counted
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(ctx.captured_queries)


def test_organizer_pages_need_an_organizer_of_the_club(client):
    tournament = TournamentFactory()
    urls = [reverse("organize:tournament", kwargs={"slug": tournament.slug}),
            reverse("organize:tournament_applications", kwargs={"slug": tournament.slug}),
            reverse("organize:seating", kwargs={"slug": tournament.slug}),
            reverse("organize:tournament_create", kwargs={"club": tournament.club.slug})]
    for url in urls:
        assert client.get(url).status_code == 302  # to the login page
    client.force_login(MembershipFactory(club=tournament.club, role=ClubMembership.Role.JUDGE).player.user)
    for url in urls:
        assert client.get(url).status_code == 403
    client.force_login(organizer_of(TournamentFactory().club))  # organizer of another club
    assert client.get(urls[0]).status_code == 403
    client.force_login(organizer_of(tournament.club))
    for url in urls:
        assert client.get(url).status_code == 200


def test_an_organizer_creates_a_tournament_and_opens_registration(client):
    club = TournamentFactory().club
    client.force_login(organizer_of(club))
    response = client.post(reverse("organize:tournament_create", kwargs={"club": club.slug}), {
        "name": "White Nights Open", "starts_on": "2031-06-20", "ends_on": "2031-06-21", "ruleset": "pro-mafia-1.1",
        "qualifying_rounds": 10, "tables": 2, "final_coefficient": "1.5", "rating_tier": "tournament",
        "tie_break_1": "extra", "tie_break_2": "wins",
    })
    tournament = Tournament.objects.get(name="White Nights Open")
    assert response.status_code == 302 and tournament.tie_break_order == ["extra", "wins"]
    client.post(reverse("organize:tournament_status", kwargs={"slug": tournament.slug}),
                {"status": "registration_open"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION_OPEN
    response = client.post(reverse("organize:tournament_status", kwargs={"slug": tournament.slug}),
                           {"status": "finished"}, follow=True)
    assert "cannot go from" in response.content.decode()


def test_a_guest_applies_through_the_page_and_a_duplicate_is_explained(client):
    tournament = TournamentFactory()
    url = reverse("tournaments:apply", kwargs={"slug": tournament.slug})
    response = client.post(url, {"guest_name": "Walk-in", "guest_contact": "walk@in.org", "message": "hi"})
    assert response.status_code == 302
    assert Application.objects.get(tournament=tournament).player.is_pending
    response = client.post(url, {"guest_name": "Walk-in", "guest_contact": "walk@in.org"})
    assert response.status_code == 200 and "already applied" in response.content.decode()


def test_a_player_applies_and_withdraws_from_the_page(client):
    tournament = TournamentFactory()
    player = UserPlayerFactory()
    client.force_login(player.user)
    detail = client.get(tournament.get_absolute_url()).content.decode()
    assert "Apply for a seat" in detail
    client.post(reverse("tournaments:apply", kwargs={"slug": tournament.slug}), {"message": ""})
    detail = client.get(tournament.get_absolute_url()).content.decode()
    assert "pending" in detail and "Withdraw my application" in detail
    # A withdrawal asks first: a POST that was not confirmed (and a GET) shows the question.
    url = reverse("tournaments:withdraw", kwargs={"slug": tournament.slug})
    for response in (client.get(url), client.post(url)):
        assert response.status_code == 200 and 'name="confirm"' in response.content.decode()
    assert Application.objects.get(player=player).status == Application.Status.PENDING
    client.post(url, {"confirm": "1"})
    assert Application.objects.get(player=player).status == Application.Status.WITHDRAWN


def test_htmx_decision_swaps_the_row_and_counts(client):
    tournament = TournamentFactory()
    application = ApplicationFactory(tournament=tournament)
    client.force_login(organizer_of(tournament.club))
    url = reverse("organize:application_decide", kwargs={"pk": application.pk})
    response = client.post(url, {"status": "accepted"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code == 200 and "<html" not in html
    assert f'id="application-{application.pk}"' in html and 'hx-swap-oob="true"' in html
    assert response["HX-Trigger"] == "applications-changed"
    # a refused decision comes back as a message for #messages
    response = client.post(url, {"status": "accepted"}, HTTP_HX_REQUEST="true")
    assert response["HX-Retarget"] == "#messages" and "already" in response.content.decode()
    # without htmx: post/redirect/get
    other = ApplicationFactory(tournament=tournament)
    response = client.post(reverse("organize:application_decide", kwargs={"pk": other.pk}), {"status": "rejected"})
    assert response.status_code == 302


def test_application_note_and_csv_export(client):
    tournament = TournamentFactory()
    application = ApplicationFactory(tournament=tournament, message="=HYPERLINK(1)")
    client.force_login(organizer_of(tournament.club))
    client.post(reverse("organize:application_note", kwargs={"pk": application.pk}), {"note": "pays at the door"})
    response = client.get(reverse("organize:tournament_applications_csv", kwargs={"slug": tournament.slug}))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][0] == "Player" and rows[1][0] == application.player.nickname
    assert "pays at the door" in rows[1] and "'=HYPERLINK(1)" in rows[1]


def test_the_applications_list_does_not_grow_queries_with_rows(client, django_assert_max_num_queries):
    tournament = TournamentFactory()
    client.force_login(organizer_of(tournament.club))
    url = reverse("organize:tournament_applications", kwargs={"slug": tournament.slug})
    ApplicationFactory.create_batch(2, tournament=tournament)
    few = count_queries(client, url)
    ApplicationFactory.create_batch(25, tournament=tournament)
    for a in Application.objects.filter(tournament=tournament)[:5]:
        a.status = Application.Status.WAITLISTED
        a.save()
    assert count_queries(client, url) == few <= 12
    with django_assert_max_num_queries(few):
        client.get(url, {"status": "waitlisted"})
    evening = EveningFactory(club=tournament.club)
    for _ in range(20):
        ApplicationFactory(tournament=None, evening=evening)
    # The evening's page also lists its games' links; counted as the others, with the navigation's
    # answers kept (the new applications changed them).
    assert count_queries(client, reverse("organize:evening", kwargs={"pk": evening.pk})) <= few + 1


def test_the_dashboard_and_evening_list_do_not_grow_queries(client):
    tournament = TournamentFactory()
    user = organizer_of(tournament.club)
    client.force_login(user)
    url = reverse("organize:dashboard")
    few = count_queries(client, url)
    for _ in range(5):
        ApplicationFactory(tournament=TournamentFactory(club=tournament.club))
        EveningFactory(club=tournament.club)
    # The organizer's queue adds its lists (tournaments/queue.py: five), each one query.
    assert count_queries(client, url) == few <= 12


def _seated_tournament(players, tables, rounds):
    tournament = TournamentFactory(tables=tables, qualifying_rounds=rounds, status=Tournament.Status.REGISTRATION_CLOSED,
                                   publish_seating=True, publish_standings=True, publish_results=True,
                                   publish_participants=True)
    accepted_players(tournament, players)
    services.seating_generate(tournament=tournament, actor=None, seed=11, iterations=2000)
    return tournament


@pytest.mark.parametrize("name", ["seating", "seating_players", "standings", "results", "participants"])
def test_public_list_pages_do_not_grow_queries_with_rows(client, name):
    small = _seated_tournament(10, 1, 1)
    large = _seated_tournament(23, 2, 4)
    for tournament in (small, large):  # a confirmed game with scores in each
        game = tournament.games.order_by("pk").first()
        game.status = "confirmed"
        game.save()
        from scoring.models import SeatScore

        SeatScore.objects.bulk_create([SeatScore(game=game, seat=s.seat, player=s.player, role="civilian",
                                                 total=Decimal("0.5"), items=[{"points": 0.5}], protocol_version=1)
                                       for s in game.seats.all()])
    queries = [count_queries(client, reverse(f"tournaments:{name}", kwargs={"slug": t.slug})) for t in (small, large)]
    assert queries[0] == queries[1] <= 10, queries


def test_organizer_seating_page_generates_swaps_and_assigns_judges(client):
    tournament = TournamentFactory(tables=1, qualifying_rounds=2)
    players = accepted_players(tournament, 11)
    judge = judge_of(tournament.club)
    client.force_login(organizer_of(tournament.club))
    base = {"slug": tournament.slug}
    response = client.post(reverse("organize:seating_generate", kwargs=base), {"seed": "99"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.seating_seed == 99
    page = client.get(reverse("organize:seating", kwargs=base)).content.decode()
    assert "Meetings per pair" in page and "Swap two players" in page
    seat = tournament.games.get(round__number=1).seats.get(seat=1)
    other = next(p for p in players if p != seat.player)
    client.post(reverse("organize:seating_swap", kwargs=base),
                {"round_number": 1, "player_a": seat.player_id, "player_b": other.pk})
    seat.refresh_from_db()
    assert seat.player == other
    client.post(reverse("organize:seating_judges", kwargs=base), {"table_1": judge.pk})
    assert set(tournament.games.values_list("judge", flat=True)) == {judge.pk}
    client.post(reverse("organize:seating_publish", kwargs=base))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SEATING_PUBLISHED and tournament.publish_seating


def test_the_seating_report_page_query_count_is_flat(client):
    small, large = _seated_tournament(10, 1, 1), _seated_tournament(23, 2, 4)
    client.force_login(UserFactory(is_superuser=True))
    counts = [count_queries(client, reverse("organize:seating", kwargs={"slug": t.slug})) for t in (small, large)]
    assert counts[0] == counts[1] <= 20, counts


def test_home_and_club_pages_list_upcoming_events(client):
    tournament = TournamentFactory(name="Summer Major")
    TournamentFactory(name="Secret Draft", club=tournament.club, status=Tournament.Status.DRAFT)
    EveningFactory(club=tournament.club, title="Tuesday game night")
    home = client.get(reverse("home")).content.decode()
    assert "Summer Major" in home and "Tuesday game night" in home and "Secret Draft" not in home
    club = client.get(tournament.club.get_absolute_url()).content.decode()
    assert "Summer Major" in club and "Tuesday game night" in club
    client.force_login(organizer_of(tournament.club))
    html = client.get(reverse("home")).content.decode()
    assert reverse("organize:dashboard") in html


def test_evening_pages_and_organizer_flow(client):
    evening = EveningFactory(capacity=10)
    client.post(reverse("tournaments:evening_apply", kwargs={"pk": evening.pk}),
                {"guest_name": "Evening Guest", "guest_contact": "+7 1"})
    application = Application.objects.get(evening=evening)
    client.force_login(organizer_of(evening.club))
    page = client.get(reverse("organize:evening", kwargs={"pk": evening.pk})).content.decode()
    assert "Evening Guest" in page
    client.post(reverse("organize:application_decide", kwargs={"pk": application.pk}), {"status": "accepted"})
    application.refresh_from_db()
    assert application.status == Application.Status.ACCEPTED
    assert "Evening Guest" in client.get(evening.get_absolute_url()).content.decode()
    client.post(reverse("organize:evening_status", kwargs={"pk": evening.pk}), {"status": "closed"})
    evening.refresh_from_db()
    assert evening.status == Evening.Status.CLOSED
    assert client.get(reverse("organize:evening_applications_csv", kwargs={"pk": evening.pk})).status_code == 200


def test_standings_print_and_player_pages(client):
    tournament = TournamentFactory(tables=1, publish_standings=True, publish_results=True)
    players = accepted_players(tournament, 10)
    scored_game(tournament, make_round(tournament, 1), 1, [(p, "civilian", True, 1, []) for p in players])
    printable = client.get(reverse("tournaments:standings_print", kwargs={"slug": tournament.slug}))
    assert printable.status_code == 200 and "window.print()" in printable.content.decode()
    fragment = client.get(reverse("tournaments:standings", kwargs={"slug": tournament.slug}), HTTP_HX_REQUEST="true")
    assert "<html" not in fragment.content.decode() and players[0].nickname in fragment.content.decode()
    player = client.get(reverse("tournaments:player", kwargs={"slug": tournament.slug, "pk": players[0].pk}))
    assert player.status_code == 200 and "Place 1" in player.content.decode()
