"""A club's past evenings: the club page lists the latest five, with their games, and links to the
whole list, newest first by pages of 30 (the club page listed no evening once it was over)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import ClubFactory
from tests.games.factories import GameFactory
from tournaments import views
from tournaments.models import Evening

from .factories import EveningFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_with_evenings():
    club = ClubFactory()
    now = timezone.now()
    past = [EveningFactory(club=club, title=f"Tuesday {n}", starts_at=now - timedelta(days=7 * n))
            for n in range(1, 8)]  # Tuesday 1 is the latest
    for game in range(3):
        GameFactory(club=club, evening=past[0], number=game + 1)
    finished_today = EveningFactory(club=club, title="Finished early", starts_at=now - timedelta(hours=1),
                                    status=Evening.Status.FINISHED)
    upcoming = EveningFactory(club=club, title="Next Friday", starts_at=now + timedelta(days=3))
    EveningFactory(title="Another club's evening", starts_at=now - timedelta(days=1))
    return club, past, finished_today, upcoming


def test_the_club_page_lists_its_latest_past_evenings_with_their_games(client, club_with_evenings):
    club, past, finished_today, upcoming = club_with_evenings
    html = client.get(club.get_absolute_url()).content.decode()
    section = html[html.index('id="past-evenings"'):]
    titles = [finished_today.title] + [e.title for e in past[:4]]
    assert [section.index(f">{title}</a>") for title in titles] == sorted(section.index(f">{t}</a>") for t in titles)
    assert past[4].title not in section and "Another club" not in section
    assert "3 games" in section[section.index("Tuesday 1"):section.index("Tuesday 2")]
    assert f'{reverse("tournaments:evenings")}?club={club.slug}' in section
    assert upcoming.title not in section  # it is in the upcoming list above


def test_the_whole_list_is_paginated_newest_first(client, club_with_evenings, monkeypatch):
    club, past, finished_today, _upcoming = club_with_evenings
    monkeypatch.setattr(views, "EVENINGS_PER_PAGE", 3)
    url = reverse("tournaments:evenings")
    first = client.get(url, {"club": club.slug})
    assert [e.title for e in first.context["page"]] == ["Finished early", "Tuesday 1", "Tuesday 2"]
    assert f"?club={club.slug}&amp;page=2" in first.content.decode()
    last = client.get(url, {"club": club.slug, "page": 3})
    assert [e.title for e in last.context["page"]] == ["Tuesday 6", "Tuesday 7"]
    assert [e.game_count for e in first.context["page"]] == [0, 3, 0]


@pytest.mark.parametrize("query", [{}, {"club": "no-such-club"}])
def test_an_unknown_club_is_not_found(client, query):
    assert client.get(reverse("tournaments:evenings"), query).status_code == 404
