"""The player's and the guest's side of applications, without a browser: a guest's status link,
the player's own applications on their page, times in the club's zone."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils.translation import ngettext, override

from tests.factories import UserPlayerFactory
from tournaments.models import Application, StandingsSnapshot

from .factories import ApplicationFactory, EveningFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def guest_applies(client, tournament):
    return client.post(reverse("tournaments:apply", kwargs={"slug": tournament.slug}),
                       {"guest_name": "Walk-in", "guest_contact": "walk@in.org"})


def test_a_guests_application_answers_with_its_status_page(client, django_user_model):
    tournament = TournamentFactory()
    response = guest_applies(client, tournament)
    application = Application.objects.get(tournament=tournament)
    status_url = reverse("tournaments:application", kwargs={"token": application.status_token})
    assert len(application.status_token) >= 32 and response["Location"] == status_url
    page = client.get(status_url).content.decode()
    assert "pending" in page and "Walk-in" in page
    # The same browser sees the status on the tournament's page, not an empty form.
    detail = client.get(tournament.get_absolute_url()).content.decode()
    assert "pending" in detail and 'name="guest_name"' not in detail and status_url in detail


def test_the_status_link_works_from_another_browser_and_withdraws_when_confirmed(client):
    tournament = TournamentFactory()
    guest_applies(client, tournament)
    application = Application.objects.get(tournament=tournament)
    client.cookies.clear()  # another browser: only the link
    status_url = reverse("tournaments:application", kwargs={"token": application.status_token})
    withdraw_url = reverse("tournaments:application_withdraw", kwargs={"token": application.status_token})
    assert "pending" in client.get(status_url).content.decode()
    assert client.post(withdraw_url).status_code == 200  # asked, not done
    application.refresh_from_db()
    assert application.status == Application.Status.PENDING
    assert client.post(withdraw_url, {"confirm": "1"})["Location"] == status_url
    application.refresh_from_db()
    assert application.status == Application.Status.WITHDRAWN
    # And a new browser's tournament page knows nothing of it.
    client.cookies.clear()
    assert 'name="guest_name"' in client.get(tournament.get_absolute_url()).content.decode()


def test_a_wrong_status_link_is_not_found(client):
    assert client.get(reverse("tournaments:application", kwargs={"token": "not-a-token"})).status_code == 404


def test_a_signed_in_players_application_has_no_status_link(client):
    player = UserPlayerFactory()
    client.force_login(player.user)
    tournament = TournamentFactory()
    client.post(reverse("tournaments:apply", kwargs={"slug": tournament.slug}), {"message": ""})
    assert Application.objects.get(player=player).status_token is None


def test_the_players_page_lists_their_applications_to_them_only(client):
    player = UserPlayerFactory()
    cup = ApplicationFactory(player=player, status=Application.Status.WAITLISTED, waitlist_position=2)
    evening = ApplicationFactory(player=player, tournament=None, evening=EveningFactory())
    refused = ApplicationFactory(player=player, status=Application.Status.REJECTED)
    client.force_login(player.user)
    page = client.get(player.get_absolute_url()).content.decode()
    for application in (cup, evening, refused):
        assert f'id="my-application-{application.pk}"' in page
    assert reverse("tournaments:withdraw", kwargs={"slug": cup.tournament.slug}) in page
    assert reverse("tournaments:evening_withdraw", kwargs={"pk": evening.evening.pk}) in page
    assert reverse("tournaments:withdraw", kwargs={"slug": refused.tournament.slug}) not in page  # nothing to withdraw
    assert "number 2 on the waiting list" in page
    client.force_login(UserPlayerFactory().user)
    assert "my-application-" not in client.get(player.get_absolute_url()).content.decode()


def test_standings_are_brought_up_to_date_in_the_clubs_time(client):
    tournament = TournamentFactory(publish_standings=True, club__timezone="Asia/Vladivostok")
    StandingsSnapshot.objects.create(tournament=tournament, rows=[],
                                     computed_at=dt.datetime(2026, 11, 22, 13, 5, tzinfo=dt.UTC))
    page = client.get(reverse("tournaments:standings", kwargs={"slug": tournament.slug})).content.decode()
    # Vladivostok has no letters of its own in the time zone database: its offset names it
    assert "Brought up to date: Sun 22 Nov 2026, 23:05 UTC+10" in page
    assert ">Civilian<" in page


def test_a_guest_with_an_email_is_sent_the_status_link(client, mailoutbox, django_capture_on_commit_callbacks):
    tournament = TournamentFactory()
    with django_capture_on_commit_callbacks(execute=True):
        response = guest_applies(client, tournament)
    application = Application.objects.get(tournament=tournament)
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["walk@in.org"]
    assert response["Location"] in mailoutbox[0].body and mailoutbox[0].body.count("http") == 1
    assert "walk@in.org" in client.get(response["Location"]).content.decode()  # "we have sent it to"
    # A phone number gets no mail: the page says to keep its address.
    other = TournamentFactory()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:apply", kwargs={"slug": other.slug}),
                    {"guest_name": "Phone Fyodor", "guest_contact": "+7 900 000-00-00"})
    assert len(mailoutbox) == 1 and application.status_token


@pytest.mark.parametrize(("n", "games", "wins"), [(1, "1 игра", "1 победа"), (3, "3 игры", "3 победы"),
                                                   (5, "5 игр", "5 побед"), (21, "21 игра", "21 победа")])
def test_a_players_summary_counts_in_russian_plurals(n, games, wins):
    with override("ru"):
        assert ngettext("%(games)s game", "%(games)s games", n) % {"games": n} == games
        assert ngettext("%(wins)s win", "%(wins)s wins", n) % {"wins": n} == wins
