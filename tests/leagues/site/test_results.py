"""The series' results follow their tournaments' final standings (docs/leagues.md): computed when
they are published, gone when hidden, each with the version in force on the tournament's last day,
kept when the table gets a new version until an organizer recomputes (audited)."""

from __future__ import annotations

from datetime import date

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from core.models import AuditEntry
from leagues import selectors, services
from leagues.models import SeriesResult, SeriesTournament
from tests.factories import MembershipFactory
from tournaments.admin import TournamentAdmin, TournamentAdminForm
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.services import publication_set, tournament_update

from .kit import League, players, results, store, tournament

pytestmark = pytest.mark.django_db


def test_results_are_computed_when_the_final_standings_are_published():
    league = League()
    ann, bob, cid = players("Ann", "Bob", "Cid")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (bob, 2), (cid, 3)], published=False)
    league.add(cup)
    assert results(league.series) == {}
    publication_set(tournament=cup, actor=None, publish_standings=True)
    assert results(league.series) == {"Ann": (1, 25_000), "Bob": (2, 18_000), "Cid": (3, 15_000)}
    version = league.table.versions.get()
    assert set(SeriesResult.objects.values_list("version", flat=True)) == {version.pk}
    assert SeriesTournament.objects.get(tournament=cup).version == version


def test_a_running_tournament_does_not_count_until_it_is_finished():
    league = League()
    (ann,) = players("Ann")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1)], finished=False)
    league.add(cup)
    assert results(league.series) == {}
    cup.status = Tournament.Status.FINISHED
    cup.save()
    assert results(league.series) == {"Ann": (1, 25_000)}


def test_a_tournament_hidden_again_leaves_the_standings():
    league = League()
    ann, bob = players("Ann", "Bob")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (bob, 2)])
    league.add(cup)
    assert [s.name for s in selectors.series_standings(league.series)] == ["Ann", "Bob"]
    publication_set(tournament=cup, actor=None, publish_standings=False)
    assert results(league.series) == {}
    assert selectors.series_standings(league.series) == []
    publication_set(tournament=cup, actor=None, publish_standings=True)
    cup.refresh_from_db()
    cup.status = Tournament.Status.RUNNING  # reopened: its final standings are not final any more
    cup.save()
    assert results(league.series) == {}


def test_the_standings_of_a_tournament_that_change_are_followed():
    league = League()
    ann, bob = players("Ann", "Bob")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (bob, 2)])
    league.add(cup)
    store(cup, [(bob, 1), (ann, 2)])  # a game rescored: the pipeline stores new standings
    assert results(league.series) == {"Bob": (1, 25_000), "Ann": (2, 18_000)}


def test_players_without_a_counted_game_get_no_place_and_open_no_gap():
    league = League()
    ann, bob, cid, dan = players("Ann", "Bob", "Cid", "Dan")
    # Dan is a participant without a counted game (place 2 with 0 points); Cid's total is negative
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (dan, 2, 0), (bob, 3), (cid, 4)])
    league.add(cup)
    assert results(league.series) == {"Ann": (1, 25_000), "Bob": (2, 18_000), "Cid": (3, 15_000)}


def test_results_keep_their_version_when_the_table_gets_a_new_one_until_a_recompute():
    league = League()
    ann, bob = players("Ann", "Bob")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (bob, 2)])
    league.add(cup)
    first = league.table.versions.get()
    # a new version in force from February: the Spring Cup (1 March) would take it now
    second = services.points_table_version_add(table=league.table, actor=league.organizer,
                                               effective_from=date(2026, 2, 1), points=[50_000, 40_000])
    assert results(league.series) == {"Ann": (1, 25_000), "Bob": (2, 18_000)}
    # the standings change, the tournament is hidden and shown again: still the first version
    store(cup, [(bob, 1), (ann, 2)])
    publication_set(tournament=cup, actor=None, publish_standings=False)
    publication_set(tournament=cup, actor=None, publish_standings=True)
    assert results(league.series) == {"Bob": (1, 25_000), "Ann": (2, 18_000)}
    assert set(SeriesResult.objects.values_list("version", flat=True)) == {first.pk}
    # a tournament counted after the new version takes the version in force on its day
    (cid,) = players("Cid")
    league.add(tournament("Summer Cup", date(2026, 6, 1), [(cid, 1)]))
    assert SeriesResult.objects.get(player=cid).version == second

    changes = services.series_recompute(series=league.series, actor=league.organizer)
    assert changes == {"spring-cup": {"from": "2026-01-01", "to": "2026-02-01"}}
    assert results(league.series) == {"Bob": (1, 50_000), "Ann": (2, 40_000), "Cid": (1, 50_000)}
    assert set(SeriesResult.objects.values_list("version", flat=True)) == {second.pk}
    entry = AuditEntry.objects.get(action="series.recomputed")
    assert entry.object_id == str(league.series.pk) and entry.actor == league.organizer
    assert entry.data["changes"] == changes


def test_a_tournament_before_every_version_earns_nothing_until_a_version_covers_it():
    league = League()
    (ann,) = players("Ann")
    league.series.starts_on = date(2025, 9, 1)
    league.series.save()
    cup = tournament("Autumn Cup", date(2025, 10, 1), [(ann, 1)])
    entry = league.add(cup)
    assert results(league.series) == {}
    entry.refresh_from_db()
    assert entry.version is None
    services.points_table_version_add(table=league.table, actor=league.organizer,
                                      effective_from=date(2025, 9, 1), points=[7_000])
    store(cup, [(ann, 1)])  # its next change takes the version in force on its day
    assert results(league.series) == {"Ann": (1, 7_000)}


def test_category_scaling_reads_the_tournaments_rating_tier():
    league = League(scaling="category", multipliers={"major": 2_000, "club": 500})
    ann, bob = players("Ann", "Bob")
    league.add(tournament("Major Cup", date(2026, 3, 1), [(ann, 1)], rating_tier="major"))
    league.add(tournament("Club Cup", date(2026, 4, 1), [(bob, 1)], rating_tier="club"))
    assert results(league.series) == {"Ann": (1, 50_000), "Bob": (1, 12_500)}


def test_size_scaling_counts_the_placed_players():
    league = League(scaling="size", reference_size=4)
    ann, bob = players("Ann", "Bob")
    league.add(tournament("Small Cup", date(2026, 3, 1), [(ann, 1), (bob, 2)]))
    assert results(league.series) == {"Ann": (1, 12_500), "Bob": (2, 9_000)}


def test_series_standings_sum_the_tournaments_with_each_contribution():
    league = League()
    ann, bob, cid = players("Ann", "Bob", "Cid")
    spring = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1), (bob, 2), (cid, 3)])
    summer = tournament("Summer Cup", date(2026, 6, 1), [(bob, 1), (cid, 2), (ann, 3)])
    league.add(spring)
    league.add(summer)
    standings = selectors.series_standings(league.series)
    # Ann 25+15 = 40, Bob 18+25 = 43, Cid 15+18 = 33
    assert [(s.name, s.place, s.total) for s in standings] == [("Bob", 1, 43_000), ("Ann", 2, 40_000),
                                                               ("Cid", 3, 33_000)]
    assert standings[0].results[spring.pk].points == 18_000
    assert [t.name for t in selectors.series_tournaments(league.series)] == ["Spring Cup", "Summer Cup"]


# --- refusals: a clear message, nothing changed ------------------------------------------------


def test_a_draft_tournament_is_no_public_tournament():
    league = League()
    (ann,) = players("Ann")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1)])
    Tournament.objects.filter(pk=cup.pk).update(status=Tournament.Status.DRAFT)
    with pytest.raises(services.ApplicationError, match="No public tournament"):
        services.public_tournament("spring-cup")
    cup.refresh_from_db()
    with pytest.raises(services.ApplicationError, match="No public tournament"):
        league.add(cup)
    assert not SeriesTournament.objects.exists()


def test_a_tournament_outside_the_season_or_twice_is_refused():
    league = League()
    (ann,) = players("Ann")
    with pytest.raises(services.ApplicationError, match="outside the season"):
        league.add(tournament("Old Cup", date(2025, 12, 31), [(ann, 1)]))
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1)])
    league.add(cup)
    with pytest.raises(services.ApplicationError, match="already in the series"):
        league.add(cup)
    with pytest.raises(services.ApplicationError, match="outside the season"):
        services.series_update(series=league.series, actor=league.organizer, name="Series 2026",
                               starts_on=date(2026, 4, 1), ends_on=date(2026, 12, 31), points_table=league.table)
    assert SeriesTournament.objects.count() == 1


@pytest.mark.parametrize(("fields", "message"), [
    ({"points": []}, "at least the first place"),
    ({"points": [-1]}, "from 0 to"),
    ({"points": [1_000], "scaling": "size"}, "reference size"),
    ({"points": [1_000], "scaling": "stars"}, "Unknown scaling"),
    ({"points": [1_000], "scaling": "category", "multipliers": {"galactic": 1_000}}, "Unknown category"),
])
def test_a_bad_version_is_refused(fields, message):
    league = League()
    with pytest.raises(services.ApplicationError, match=message):
        services.points_table_version_add(table=league.table, actor=league.organizer,
                                          effective_from=date(2026, 5, 1), **fields)
    with pytest.raises(services.ApplicationError, match="already has a version from that date"):
        services.points_table_version_add(table=league.table, actor=league.organizer,
                                          effective_from=date(2026, 1, 1), points=[1])
    assert league.table.versions.count() == 1


def test_a_tournaments_days_moved_outside_a_series_season_are_refused_naming_the_series():
    """docs/leagues.md, "Rules of the forms": the rule of adding a tournament holds when its days
    change later; inside the season they change freely."""
    league = League()
    (ann,) = players("Ann")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1)])
    league.add(cup)
    with pytest.raises(services.ApplicationError, match="is in the series “Series 2026” \\(Northern League\\), "
                                                         "whose season runs 2026-01-01 – 2026-12-31"):
        tournament_update(tournament=cup, actor=league.organizer, starts_on=date(2027, 1, 10),
                          ends_on=date(2027, 1, 11))
    cup.refresh_from_db()
    assert (cup.starts_on, cup.ends_on) == (date(2026, 3, 1), date(2026, 3, 1))
    assert not AuditEntry.objects.filter(action="tournament.updated").exists()
    tournament_update(tournament=cup, actor=league.organizer, starts_on=date(2026, 11, 30), ends_on=date(2026, 12, 31))
    cup.refresh_from_db()
    assert cup.ends_on == date(2026, 12, 31)
    assert results(league.series) == {"Ann": (1, 25_000)}


def test_the_organizers_edit_page_shows_the_refusal(client):
    league = League()
    (ann,) = players("Ann")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1)])
    league.add(cup)
    organizer = MembershipFactory(club=cup.club, role=ClubMembership.Role.ORGANIZER).player.user
    form = TournamentForm(instance=cup)
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data.update(starts_on="2025-12-30", ends_on="2025-12-31")
    client.force_login(organizer)
    response = client.post(reverse("organize:tournament_edit", kwargs={"slug": cup.slug}), data)
    assert response.status_code == 200
    assert "is in the series “Series 2026”" in response.content.decode()
    cup.refresh_from_db()
    assert cup.ends_on == date(2026, 3, 1)


def test_a_tournament_in_no_series_moves_freely():
    (ann,) = players("Ann")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1)])
    League().add(tournament("Summer Cup", date(2026, 6, 1), [(ann, 1)]))
    tournament_update(tournament=cup, actor=None, starts_on=date(2027, 1, 10), ends_on=date(2027, 1, 11))
    cup.refresh_from_db()
    assert cup.ends_on == date(2027, 1, 11)


def test_the_admin_asks_the_season_too():
    """The site's admin edits a tournament through its own form: the same rule refuses the days
    (it sent no signal before, so a superuser could move a series' tournament out of its season)."""
    league = League()
    (ann,) = players("Ann")
    cup = tournament("Spring Cup", date(2026, 3, 1), [(ann, 1)])
    league.add(cup)
    assert TournamentAdmin.form is TournamentAdminForm
    unchanged = TournamentAdminForm(instance=cup)
    data = {name: unchanged[name].value() for name in unchanged.fields if unchanged[name].value() is not None}
    form = TournamentAdminForm(data | {"starts_on": "2027-01-10", "ends_on": "2027-01-11"}, instance=cup)
    assert not form.is_valid()
    assert "is in the series “Series 2026”" in str(form.errors["__all__"])
    form = TournamentAdminForm(data | {"starts_on": "2026-11-30", "ends_on": "2026-12-31"}, instance=cup)
    assert form.is_valid(), form.errors
