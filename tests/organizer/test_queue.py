"""The organizer's queue (tournaments/queue.py): protocols to confirm, discipline cases to decide and
applications to decide across the clubs they organize, counted in the navigation bar; and the
tables in play with their judges' links."""

import datetime as dt

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from clubs.models import ClubMembership
from discipline.models import DisciplineCase
from discipline.selectors import cases_to_decide, decide_refusal
from games import services
from games.engine.scenario import Scenario
from games.models import Game
from games.selectors import protocols_to_confirm
from tests.discipline.helpers import dd_game
from tests.factories import ClubFactory, MembershipFactory, UserFactory
from tests.games.factories import dealt_game, judged_game
from tests.tournaments.factories import (
    ApplicationFactory,
    EveningFactory,
    TournamentFactory,
    organizer_of,
)
from tournaments.context_processors import navigation
from tournaments.models import Application, Evening, Tournament
from tournaments.queue import QueueCounts, queue_counts, tables_in_play
from tournaments.selectors import applications_to_decide

from .test_two_person_rule import finished, submitted

pytestmark = pytest.mark.django_db


def test_the_protocols_to_confirm_are_those_confirm_refusal_allows():
    game = dealt_game()
    club = game.club
    oleg = organizer_of(club)
    by_judge = submitted(game)  # Oleg may confirm it
    by_oleg = submitted(dealt_game(club=club), actor=oleg)  # Oleg entered it
    undone = submitted(dealt_game(club=club))
    last = undone.protocol["events"][-1]
    undone = services.protocol_undo_last(game=undone, expected_version=undone.protocol_version, actor=oleg)
    undone = services.protocol_append_event(game=undone, event=last, expected_version=undone.protocol_version,
                                            actor=undone.judge.user)
    undone = services.game_submit(game=undone, expected_version=undone.protocol_version, actor=undone.judge.user)
    not_submitted = finished(dealt_game(club=club))
    elsewhere = submitted(dealt_game())  # another club's
    games = [by_judge, by_oleg, undone, not_submitted, elsewhere]
    allowed = {g.pk for g in games if services.confirm_refusal(oleg, g) is None}
    assert allowed == {by_judge.pk}
    assert set(protocols_to_confirm(oleg).values_list("pk", flat=True)) == allowed


def test_the_cases_to_decide_are_the_pending_ones_of_games_over_that_decide_refusal_allows(cup):
    over = cup.play(dd_game())  # the DD ends the game: its case may be decided
    in_play = cup.play(Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).day(1).disqualify(4, "insulted a player"))
    decided = cup.play(dd_game(offender=5))
    from discipline.services import case_decide

    case_decide(case=DisciplineCase.objects.get(game=decided), decision="uphold", reason="seen", actor=cup.confirmer)
    cases = list(DisciplineCase.objects.filter(game__in=[over, in_play, decided]))
    for reviewer in (cup.organizer, cup.confirmer, cup.judge.user, cup.player(3).user):
        expected = {case.pk for case in cases if case.status == DisciplineCase.Status.PENDING
                    and case.game.status not in (Game.Status.SETUP, Game.Status.IN_PROGRESS)
                    and decide_refusal(reviewer, case) is None
                    and case.game.club in reviewer_clubs(reviewer)}
        assert set(cases_to_decide(reviewer).values_list("pk", flat=True)) == expected, reviewer
    assert set(cases_to_decide(cup.organizer).values_list("game", flat=True)) == {over.pk}


def reviewer_clubs(user):
    from clubs.permissions import clubs_user_organizes

    return set(clubs_user_organizes(user))


def test_the_applications_to_decide_are_pending_ones_of_events_not_finished():
    tournament = TournamentFactory()
    oleg = organizer_of(tournament.club)
    pending = ApplicationFactory(tournament=tournament)
    ApplicationFactory(tournament=tournament, status=Application.Status.ACCEPTED)
    over = TournamentFactory(club=tournament.club, status=Tournament.Status.FINISHED)
    ApplicationFactory(tournament=over)
    evening = EveningFactory(club=tournament.club)
    at_evening = ApplicationFactory(tournament=None, evening=evening)
    ApplicationFactory(tournament=None, evening=EveningFactory(club=tournament.club, status=Evening.Status.FINISHED))
    ApplicationFactory(tournament=TournamentFactory())  # another club's
    assert set(applications_to_decide(oleg)) == {pending, at_evening}


def test_the_queue_counts_cost_one_query_whatever_the_clubs_and_rows(django_assert_num_queries):
    tournament = TournamentFactory()
    club = tournament.club
    oleg = organizer_of(club)
    second = ClubFactory()
    MembershipFactory(club=second, player=oleg.player, role=ClubMembership.Role.ORGANIZER)
    ApplicationFactory.create_batch(2, tournament=tournament)
    ApplicationFactory(tournament=None, evening=EveningFactory(club=second))
    game = submitted(dealt_game(club=second))  # its fouls open discipline cases too
    cases = DisciplineCase.objects.filter(game=game, status=DisciplineCase.Status.PENDING).count()
    assert cases > 0
    with django_assert_num_queries(1):
        counts = queue_counts(oleg)
    assert counts == QueueCounts(protocols=1, cases=cases, applications=3) and counts.total == 4 + cases
    assert queue_counts(UserFactory()) is None
    assert queue_counts(MembershipFactory(club=club, role=ClubMembership.Role.JUDGE).player.user) is None
    superuser = UserFactory(is_superuser=True)  # organizes every club
    with django_assert_num_queries(1):
        assert queue_counts(superuser) == counts


def nav_of(user):
    """The navigation bar's three answers, read as base.html reads them (a dict or attributes)."""
    request = RequestFactory().get("/")
    request.user = user
    nav = navigation(request)["nav"]
    return tuple(nav[key] if isinstance(nav, dict) else getattr(nav, key) for key in ("todo", "judges", "organizes"))


def test_the_navigation_costs_a_visitor_who_organizes_nothing_no_more_than_before(django_assert_num_queries):
    from django.contrib.auth.models import AnonymousUser

    club = ClubFactory()
    with django_assert_num_queries(0):
        assert nav_of(AnonymousUser()) == (0, False, False)
    member = MembershipFactory(club=club).player.user
    with django_assert_num_queries(2):  # organizes? judges? — as before the queue
        assert nav_of(member) == (0, False, False)
    judge = MembershipFactory(club=club, role=ClubMembership.Role.JUDGE).player.user
    with django_assert_num_queries(2):
        assert nav_of(judge) == (0, True, False)
    oleg = organizer_of(club)
    ApplicationFactory(tournament=TournamentFactory(club=club))
    with django_assert_num_queries(1):  # the counts say they organize (and so judge)
        assert nav_of(oleg) == (1, True, True)



def test_the_count_is_in_the_navigation_bar_and_links_to_the_queue(client):
    tournament = TournamentFactory()
    ApplicationFactory.create_batch(3, tournament=tournament)
    client.force_login(organizer_of(tournament.club))
    html = client.get(reverse("clubs:list")).content.decode()
    link = html[html.find(f'href="{reverse("organize:dashboard")}"'):]
    link = link[:link.find("</a>")]
    assert '<span class="nav-count">3<span class="sr-only"> waiting for you</span></span>' in link


def test_the_queue_lists_what_waits_with_a_link_to_each(client, cup):
    game = cup.play(dd_game())
    game = services.game_submit(game=game, expected_version=game.protocol_version, actor=cup.judge.user)
    case = DisciplineCase.objects.get(game=game)
    standalone = submitted(dealt_game(club=cup.club))
    application = ApplicationFactory(tournament=TournamentFactory(club=cup.club, name="Autumn Cup"))
    superuser = UserFactory(is_superuser=True)  # the demo organizer
    client.force_login(superuser)
    html = client.get(reverse("organize:dashboard")).content.decode()
    queue = html[html.find('id="queue"'):html.find("</section>", html.find('id="queue"'))]
    for url in (reverse("entry:page", kwargs={"pk": game.pk}), reverse("entry:page", kwargs={"pk": standalone.pk}),
                case.get_absolute_url(),
                reverse("organize:tournament_applications", kwargs={"slug": application.tournament.slug})):
        assert url in queue, url
    assert f"Submitted by {standalone.judge.nickname}" in queue and "Autumn Cup" in queue

    # The judge's own organizer sees the game they entered as waiting for another organizer.
    ClubMembership.objects.filter(club=cup.club, player=cup.judge).update(role=ClubMembership.Role.ORGANIZER)
    client.force_login(cup.judge.user)
    html = client.get(reverse("organize:dashboard")).content.decode()
    assert "another organizer of the club confirms it" in html


def test_the_queue_page_does_not_grow_queries_with_rows(client, cup, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(cup.confirmer)
    url = reverse("organize:dashboard")

    def world(n):
        for _ in range(n):
            submitted(dealt_game(club=cup.club))
            ApplicationFactory(tournament=TournamentFactory(club=cup.club))
            ApplicationFactory(tournament=None, evening=EveningFactory(club=cup.club, status=Evening.Status.RUNNING))
            judged_game(club=cup.club, evening=Evening.objects.filter(club=cup.club).last())

    world(1)
    with CaptureQueriesContext(connection) as few:
        assert client.get(url).status_code == 200
    world(4)
    with django_assert_max_num_queries(len(few.captured_queries)):
        html = client.get(url).content.decode()
    assert html.count('class="q-item"') >= 10 and html.count("data-judge-link=") >= 5


def test_the_tables_in_play_are_the_current_round_of_a_seated_tournament_and_todays_evenings():
    from tests.tournaments.factories import make_round

    tournament = TournamentFactory(status=Tournament.Status.RUNNING, tables=2)
    oleg = organizer_of(tournament.club)
    rounds = [make_round(tournament, number) for number in (1, 2, 3)]
    for rnd in rounds:
        for table in (1, 2):
            Game.objects.create(club=tournament.club, tournament=tournament, round=rnd, table_number=table,
                                status=Game.Status.CONFIRMED if rnd.number == 1 else Game.Status.SETUP)
    tonight = EveningFactory(club=tournament.club, starts_at=timezone.now() + dt.timedelta(hours=2))
    evening_game = Game.objects.create(club=tournament.club, evening=tonight)
    next_week = EveningFactory(club=tournament.club, starts_at=timezone.now() + dt.timedelta(days=7))
    Game.objects.create(club=tournament.club, evening=next_week)
    draft = TournamentFactory(club=tournament.club, status=Tournament.Status.REGISTRATION_OPEN)
    Game.objects.create(club=draft.club, tournament=draft, round=make_round(draft, 1))
    standalone = Game.objects.create(club=tournament.club)
    old = Game.objects.create(club=tournament.club)
    Game.objects.filter(pk=old.pk).update(created_at=timezone.now() - dt.timedelta(days=2))

    groups = tables_in_play(oleg)
    shown = [(group.round.number if group.round else None, group.evening, [g.table_number for g in group.games])
             for group in groups]
    assert shown == [(2, None, [1, 2]), (None, tonight, [1]), (None, None, [1])]
    assert groups[1].games == [evening_game] and groups[2].games == [standalone]


def test_the_navigation_is_kept_until_a_row_it_reads_changes(django_assert_num_queries):
    """tournaments.queue.kept_roles: a second page asks the database nothing; a new application
    (anyone's action) is counted on the next page."""
    tournament = TournamentFactory()
    oleg = organizer_of(tournament.club)
    ApplicationFactory(tournament=tournament)
    with django_assert_num_queries(1):
        assert nav_of(oleg) == (1, True, True)
    with django_assert_num_queries(0):
        assert nav_of(oleg) == (1, True, True)
    ApplicationFactory(tournament=tournament)
    with django_assert_num_queries(1):
        assert nav_of(oleg) == (2, True, True)


def test_a_count_is_never_stale_after_the_users_own_action(client):
    tournament = TournamentFactory()
    first, _second = ApplicationFactory.create_batch(2, tournament=tournament)
    client.force_login(organizer_of(tournament.club))
    count = '<span class="nav-count">{}<span class="sr-only"> waiting for you</span></span>'
    assert count.format(2) in client.get(reverse("clubs:list")).content.decode()
    response = client.post(reverse("organize:application_decide", args=[first.pk]),
                           {"status": Application.Status.ACCEPTED})
    assert response.status_code in (200, 302)
    assert count.format(1) in client.get(reverse("clubs:list")).content.decode()


def test_a_new_role_reaches_the_navigation_at_once():
    club = ClubFactory()
    membership = MembershipFactory(club=club)
    assert nav_of(membership.player.user) == (0, False, False)
    membership.role = ClubMembership.Role.JUDGE
    membership.save()
    assert nav_of(membership.player.user) == (0, True, False)
    membership.role = ClubMembership.Role.ORGANIZER
    membership.save()
    assert nav_of(membership.player.user) == (0, True, True)
