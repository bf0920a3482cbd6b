"""A club's seasons on the site (docs/seasons.md, "Pages" and "Organizers"): the list linked from
the club's page, a season's standings and leaderboards, the CSV, and the organizers' forms with
their audit entries; bad values change nothing."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from core.models import AuditEntry
from seasons.models import ClubSeason
from tests.factories import ClubFactory, MembershipFactory, UserPlayerFactory
from tests.foundation.test_raw_values import person_written, raw_values, visible_text

pytestmark = pytest.mark.django_db


def get(client, url, status=200, **headers):
    response = client.get(url, **headers)
    assert response.status_code == status
    return response


def detail(season, query=""):
    return f"{reverse('seasons:detail', args=[season.club.slug, season.pk])}?{query}"


def organizer_of(club):
    return MembershipFactory(club=club, role=ClubMembership.Role.ORGANIZER).player.user


def test_the_club_page_links_its_seasons_and_the_list_links_each(client, october):
    club_page = get(client, reverse("clubs:detail", args=[october.club.slug])).content.decode()
    assert reverse("seasons:list", args=[october.club.slug]) in club_page
    html = get(client, reverse("seasons:list", args=[october.club.slug])).content.decode()
    assert october.get_absolute_url() in html
    assert "October" in visible_text(html)
    assert reverse("seasons:create", args=[october.club.slug]) not in html  # not an organizer


def test_the_season_page_shows_its_standings_and_its_leaderboard(client, october):
    ClubSeason.objects.filter(pk=october.pk).update(measure="rating")
    text = visible_text(get(client, detail(october)).content.decode())
    # place, player, games, wins, points, per game, rating change
    assert "1 Cid 2 2 2.00 1.00 +20 2 Bob 3 1 1.70 0.57 +12 3 Ann 2 1 1.40 0.70 +5" in text
    # the leaderboard: points by default
    assert "1 Cid 2 2.00 2 Bob 3 1.70 3 Ann 2 1.40" in text
    text = visible_text(get(client, detail(october, "statistic=win_rate&min_games=3")).content.decode())
    assert "1 Bob 3 33% 6–79%" in text


def test_a_minimum_lists_the_others_without_a_place(client, october):
    ClubSeason.objects.filter(pk=october.pk).update(measure="mean", min_games=3)
    text = visible_text(get(client, detail(october)).content.decode())
    assert "1 Bob 3 1 1.70 0.57 — Cid 2 2 2.00 1.00 — Ann 2 1 1.40 0.70" in text
    assert "Players without a place have fewer than 3 games." in text


def test_bad_leaderboard_values_are_reported_and_htmx_gets_the_leaderboard(client, october):
    text = visible_text(get(client, detail(october, "statistic=luck&min_games=-4")).content.decode())
    assert "These filters were not applied" in text and "Statistic:" in text and "At least … games:" in text
    assert "1 Cid 2 2.00 2 Bob 3 1.70 3 Ann 2 1.40" in text
    html = get(client, detail(october, "statistic=wins"), HTTP_HX_REQUEST="true").content.decode()
    assert "<form" not in html and "1 Cid 2 2 2 Bob 3 1 2 Ann 2 1" in visible_text(html)


def test_an_unknown_season_or_another_clubs_is_404(client, october):
    get(client, reverse("seasons:detail", args=[october.club.slug, october.pk + 100]), status=404)
    get(client, reverse("seasons:detail", args=["another-club", october.pk]), status=404)
    get(client, reverse("seasons:list", args=["no-such-club"]), status=404)


def test_the_csv_export(client, october):
    ClubSeason.objects.filter(pk=october.pk).update(measure="mean", min_games=3)
    response = get(client, reverse("seasons:csv", args=[october.club.slug, october.pk]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows == [["Place", "Player", "Games", "Wins", "Points", "Points per game"],
                    ["1", "Bob", "3", "1", "1.70", "0.57"], ["", "Cid", "2", "2", "2.00", "1.00"],
                    ["", "Ann", "2", "1", "1.40", "0.70"]]
    ClubSeason.objects.filter(pk=october.pk).update(measure="rating", min_games=0)
    rows = list(csv.reader(io.StringIO(get(client, reverse("seasons:csv", args=[october.club.slug, october.pk]))
                                       .content.decode("utf-8-sig"))))
    assert rows[0][-1] == "Rating change" and rows[1] == ["1", "Cid", "2", "2", "2.00", "1.00", "20"]


# --- the organizers' forms -------------------------------------------------------------------------


def form(**changes):
    return {"name": "Winter", "starts_on": "2026-12-01", "ends_on": "2027-02-28", "measure": "mean",
            "min_games": "5", **changes}


def test_only_the_clubs_organizers_create_and_edit(client, october):
    create = reverse("seasons:create", args=[october.club.slug])
    edit = reverse("seasons:edit", args=[october.club.slug, october.pk])
    assert get(client, create, status=302)["Location"].startswith(reverse("login"))
    assert client.post(edit, form()).status_code == 302
    member = MembershipFactory(club=october.club, role=ClubMembership.Role.MEMBER).player.user
    client.force_login(member)
    get(client, create, status=403)
    assert client.post(edit, form()).status_code == 403
    client.force_login(organizer_of(ClubFactory()))
    assert client.post(create, form()).status_code == 403
    assert ClubSeason.objects.count() == 1 and ClubSeason.objects.get().name == "October"
    assert not AuditEntry.objects.exists()




def test_an_organizer_creates_and_edits_a_season_each_change_audited(client, october):
    organizer = organizer_of(october.club)
    client.force_login(organizer)
    response = client.post(reverse("seasons:create", args=[october.club.slug]), form())
    winter = ClubSeason.objects.get(name="Winter")
    assert response.status_code == 302 and response["Location"] == winter.get_absolute_url()
    assert (winter.club, winter.starts_on, winter.ends_on, winter.measure, winter.min_games) == (
        october.club, date(2026, 12, 1), date(2027, 2, 28), "mean", 5)
    created = AuditEntry.objects.get(action="season.created")
    assert created.actor == organizer and created.data["to"]["starts_on"] == "2026-12-01"
    edit = reverse("seasons:edit", args=[october.club.slug, winter.pk])
    assert client.post(edit, form(name="Winter 2026", min_games="3")).status_code == 302
    changed = AuditEntry.objects.get(action="season.changed")
    assert changed.data == {"from": {"name": "Winter", "min_games": 5}, "to": {"name": "Winter 2026", "min_games": 3}}
    # saving the same values again writes no entry
    client.post(edit, form(name="Winter 2026", min_games="3"))
    assert AuditEntry.objects.filter(action="season.changed").count() == 1
    # the edit page lists the season's history
    text = visible_text(get(client, edit).content.decode())
    assert "season created" in text and "season changed" in text


@pytest.mark.parametrize(("changes", "message"), [
    ({"ends_on": "2026-11-30"}, "The season ends before it starts."),
    ({"name": "october"}, "The club already has a season of that name."),
    ({"name": "  "}, "This field is required."),
    ({"measure": "median"}, "Select a valid choice."),
    ({"min_games": "-1"}, "greater than or equal to 0"),
    ({"min_games": "10001"}, "The minimum of games is at most 10,000."),
    ({"starts_on": "someday"}, "Enter a valid date."),
])
def test_bad_values_are_refused_with_a_message_and_change_nothing(client, october, changes, message):
    spring = ClubSeason.objects.create(club=october.club, name="Spring", starts_on=date(2027, 3, 1),
                                       ends_on=date(2027, 5, 31))
    client.force_login(organizer_of(october.club))
    response = client.post(reverse("seasons:create", args=[october.club.slug]), form(**changes))
    assert response.status_code == 200 and message in response.content.decode()
    response = client.post(reverse("seasons:edit", args=[october.club.slug, spring.pk]),
                           form(**{"name": "Spring", **changes}))
    assert response.status_code == 200 and message in response.content.decode()
    assert ClubSeason.objects.count() == 2
    spring.refresh_from_db()
    assert (spring.name, spring.measure, spring.min_games, spring.ends_on) == ("Spring", "points", 0, date(2027, 5, 31))
    assert not AuditEntry.objects.exists()


def test_russian(client, october):
    """Every word in Russian, and no internal value shown (tests/foundation/test_raw_values.py)."""
    organizer = organizer_of(october.club)
    ClubSeason.objects.filter(pk=october.pk).update(measure="rating", min_games=3)
    client.force_login(organizer)
    written = person_written()
    for url in (detail(october), detail(october, "statistic=win_rate&min_games=1"),
                reverse("seasons:list", args=[october.club.slug]), reverse("seasons:create", args=[october.club.slug]),
                reverse("seasons:edit", args=[october.club.slug, october.pk]),
                f"{reverse('records:leaderboards')}?statistic=win_rate&min_games=1&club={october.club.slug}"):
        text = visible_text(get(client, url, HTTP_ACCEPT_LANGUAGE="ru").content.decode())
        assert not raw_values(text, written=written), (url, raw_values(text, written=written))
    client.logout()
    text = visible_text(get(client, detail(october), HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert "Таблица сезона" in text and "Лидеры" in text and "таблица по изменению рейтинга" in text
    text = visible_text(get(client, reverse("seasons:list", args=[october.club.slug]),
                            HTTP_ACCEPT_LANGUAGE="ru").content.decode())
    assert "Сезоны" in text


def test_a_player_with_an_account_reads_every_page(client, october):
    client.force_login(UserPlayerFactory().user)
    get(client, detail(october))
    get(client, reverse("seasons:list", args=[october.club.slug]))
