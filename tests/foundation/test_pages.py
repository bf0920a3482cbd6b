import pytest
from django.core.management import call_command
from django.http import HttpRequest
from django.urls import reverse

from clubs.models import Club, ClubMembership, Player
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_home_page_serves_htmx_locally_with_csrf_in_hx_headers(client):
    ClubFactory(name="Night Owls")
    response = client.get(reverse("home"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Night Owls" in html
    assert "/static/vendor/htmx/htmx-2.0.11.min.js" in html
    assert "hx-headers='{\"X-CSRFToken\":" in html
    assert "https://" not in html.split("<body")[0]  # nothing loaded from a CDN


def test_club_and_player_pages(client):
    membership = MembershipFactory(role=ClubMembership.Role.JUDGE)
    club = membership.club
    assert client.get(reverse("clubs:list")).status_code == 200
    detail = client.get(club.get_absolute_url())
    assert detail.status_code == 200
    assert membership.player.nickname in detail.content.decode()
    assert client.get(membership.player.get_absolute_url()).status_code == 200
    assert client.get(reverse("clubs:detail", kwargs={"slug": "no-such-club"})).status_code == 404


def test_player_search_returns_a_fragment_to_htmx(client):
    PlayerFactory(nickname="Searchable")
    PlayerFactory(nickname="Other")
    full = client.get(reverse("players:list"), {"q": "search"})
    assert "<html" in full.content.decode() and "Searchable" in full.content.decode()
    fragment = client.get(reverse("players:list"), {"q": "search"}, HTTP_HX_REQUEST="true")
    body = fragment.content.decode()
    assert "<html" not in body and "Searchable" in body and "Other" not in body


def test_navigation_shows_links_by_role(client):
    membership = MembershipFactory(role=ClubMembership.Role.ORGANIZER)
    client.force_login(membership.player.user)
    html = client.get(reverse("home")).content.decode()
    assert "Organizing" in html and "Judging" in html
    client.force_login(UserFactory())
    html = client.get(reverse("home")).content.decode()
    assert "Organizing" not in html


def test_russian_is_enabled(client):
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 200
    assert response.content.decode().startswith("<!doctype html>")
    assert 'lang="ru"' in response.content.decode()


def test_seed_demo_builds_a_living_site_and_can_run_twice(client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):  # the pipeline runs after each commit
        call_command("seed_demo")
    call_command("seed_demo")
    club = Club.objects.get(slug="red-square")
    assert Player.objects.filter(home_club=club).count() >= 30
    assert ClubMembership.objects.filter(club=club, role="organizer", player__user__username="organizer").exists()
    assert ClubMembership.objects.filter(club=club, role="judge", player__user__username="judge").exists()
    # django-axes checks log-ins against the request they come with (settings.AUTHENTICATION_BACKENDS).
    assert client.login(request=HttpRequest(), username="judge", password="mafia-demo-2026")
    # Standings and ratings count only published games: the demo cup's played rounds are published.
    from games.models import Game
    from ratings.models import PlayerRating
    from tournaments.models import Tournament
    from tournaments.standings.selectors import tournament_standings

    cup = Tournament.objects.get(slug="red-square-cup")
    played = cup.games.filter(status=Game.Status.CONFIRMED)
    assert played.count() == 12 and not played.filter(results_published=False).exists()
    assert sum(row.games for row in tournament_standings(cup)) == 12 * 10
    assert PlayerRating.objects.filter(games__gt=0).count() >= 30


def test_no_missing_migrations():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_admin_pages_of_every_model_load(admin_client):
    from django.contrib import admin

    MembershipFactory()
    for model in admin.site._registry:
        opts = model._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
        assert admin_client.get(url, {"q": "a"}).status_code == 200, url
