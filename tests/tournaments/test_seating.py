from collections import Counter

import pytest
from django.urls import reverse

from core.audit import audit_trail
from core.errors import ApplicationError
from games.models import Game, GameSeat
from tests.factories import ClubFactory, PlayerFactory
from tournaments import selectors, services
from tournaments.models import Application, Tournament
from tournaments.standings import selectors as standings_selectors

from . import factories
from .factories import (
    ApplicationFactory,
    TournamentFactory,
    accepted_players,
    make_round,
    scored_game,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament():
    tournament = TournamentFactory(tables=2, qualifying_rounds=4, status=Tournament.Status.REGISTRATION_CLOSED)
    clubs = [ClubFactory(), ClubFactory(), None]
    accepted_players(tournament, 23, clubs=clubs)
    ApplicationFactory(tournament=tournament, status=Application.Status.WAITLISTED)
    ApplicationFactory(tournament=tournament, status=Application.Status.REJECTED)
    return tournament


def _seats_by_game(tournament):
    result = {}
    for seat in GameSeat.objects.filter(game__tournament=tournament).select_related("game__round"):
        result.setdefault(seat.game, []).append(seat)
    return result


def test_generation_stores_every_table_with_ten_distinct_accepted_players(tournament):
    actor = factories.organizer_of(tournament.club)
    services.seating_generate(tournament=tournament, actor=actor, seed=42)
    tournament.refresh_from_db()
    assert tournament.seating_seed == 42 and tournament.seating_generated_at
    accepted = set(Application.objects.filter(tournament=tournament, status="accepted")
                   .values_list("player_id", flat=True))
    rounds = list(tournament.rounds.order_by("number"))
    assert [r.number for r in rounds] == [1, 2, 3, 4] and not any(r.is_final for r in rounds)
    games = _seats_by_game(tournament)
    assert len(games) == 8
    for game, seats in games.items():
        assert game.status == Game.Status.SETUP and game.club_id == tournament.club_id
        assert sorted(s.seat for s in seats) == list(range(1, 11))
        players = [s.player_id for s in seats]
        assert len(set(players)) == 10 and set(players) <= accepted
    for rnd in rounds:
        in_round = [s.player_id for g, seats in games.items() if g.round_id == rnd.pk for s in seats]
        assert len(in_round) == len(set(in_round)) == 20
    played = Counter(s.player_id for seats in games.values() for s in seats)
    assert set(played) == accepted and max(played.values()) - min(played.values()) <= 1
    assert audit_trail(tournament).filter(action="seating.generated", data__seed=42).exists()


def test_the_same_seed_gives_the_same_seating(tournament):
    def snapshot():
        return sorted((s.game.round.number, s.game.table_number, s.seat, s.player_id)
                      for seats in _seats_by_game(tournament).values() for s in seats)

    services.seating_generate(tournament=tournament, actor=None, seed=7)
    first = snapshot()
    services.seating_generate(tournament=tournament, actor=None, seed=8)
    assert snapshot() != first
    services.seating_generate(tournament=tournament, actor=None, seed=7)
    assert snapshot() == first


def test_the_quality_report_is_computed_from_the_stored_rows(tournament):
    services.seating_generate(tournament=tournament, actor=None, seed=3)
    report = selectors.seating_report(tournament)
    assert report["games"]["min"] >= 3 and report["games"]["max"] <= 4
    assert report["meetings"]["min"] <= report["meetings"]["expected"] <= report["meetings"]["max"]
    assert len(report["players"]) == 23
    assert all(sum(row["seats"]) == row["games"] for row in report["players"])


def test_too_few_players_or_a_started_game_refuse_generation(tournament):
    small = TournamentFactory(tables=3, status=Tournament.Status.REGISTRATION_CLOSED)
    accepted_players(small, 25)
    with pytest.raises(ApplicationError) as exc:
        services.seating_generate(tournament=small, actor=None)
    assert exc.value.code == "players"
    services.seating_generate(tournament=tournament, actor=None, seed=1)
    Game.objects.filter(tournament=tournament, round__number=2).update(status=Game.Status.IN_PROGRESS)
    with pytest.raises(ApplicationError) as exc:
        services.seating_generate(tournament=tournament, actor=None, seed=2)
    assert exc.value.code == "started"
    assert tournament.rounds.count() == 4


def test_judges_are_assigned_per_table_and_must_be_club_judges(tournament):
    services.seating_generate(tournament=tournament, actor=None, seed=1)
    judge_a, judge_b = factories.judge_of(tournament.club), factories.judge_of(tournament.club)
    changed = services.table_judges_assign(tournament=tournament, judges={1: judge_a, 2: judge_b}, actor=None)
    assert changed == 8
    assert set(Game.objects.filter(tournament=tournament, table_number=1).values_list("judge", flat=True)) == {
        judge_a.pk}
    with pytest.raises(ApplicationError) as exc:
        services.table_judges_assign(tournament=tournament, judges={1: PlayerFactory()}, actor=None)
    assert exc.value.code == "judge"
    outsider = factories.judge_of(ClubFactory())
    with pytest.raises(ApplicationError):
        services.game_assign_judge(game=Game.objects.filter(tournament=tournament).first(), judge=outsider,
                                   actor=None)
    # regenerating keeps each table's judge
    services.seating_generate(tournament=tournament, actor=None, seed=9)
    assert set(Game.objects.filter(tournament=tournament, table_number=2).values_list("judge", flat=True)) == {
        judge_b.pk}
    assert [p.pk for p in selectors.club_judges(tournament.club)] == sorted(
        [judge_a.pk, judge_b.pk], key=lambda pk: PlayerFactory._meta.model.objects.get(pk=pk).nickname)


def test_swap_exchanges_two_seats_and_updates_the_report(tournament):
    services.seating_generate(tournament=tournament, actor=None, seed=5)
    seats = list(GameSeat.objects.filter(game__round__number=1, game__tournament=tournament)
                 .select_related("game").order_by("game__table_number", "seat"))
    a, b = seats[0], seats[-1]  # table 1 seat 1, table 2 seat 10
    before = selectors.seating_report(tournament)
    services.seating_swap(tournament=tournament, round_number=1, player_a=a.player, player_b=b.player, actor=None)
    a2 = GameSeat.objects.get(pk=a.pk)
    b2 = GameSeat.objects.get(pk=b.pk)
    assert (a2.player_id, b2.player_id) == (b.player_id, a.player_id)
    after = selectors.seating_report(tournament)
    assert after["players"] != before["players"] or after["meetings"] != before["meetings"]
    # same table: seat numbers exchange
    t1 = [s for s in seats if s.game.table_number == 1]
    services.seating_swap(tournament=tournament, round_number=1, player_a=t1[1].player, player_b=t1[2].player,
                          actor=None)
    assert GameSeat.objects.get(pk=t1[1].pk).player_id == t1[2].player_id
    assert audit_trail(tournament).filter(action="seating.swapped").count() == 2


def test_swap_with_a_player_sitting_out_and_refusals(tournament):
    services.seating_generate(tournament=tournament, actor=None, seed=5)
    rnd = tournament.rounds.get(number=1)
    seated_ids = set(GameSeat.objects.filter(game__round=rnd).values_list("player_id", flat=True))
    sitting_out = next(p for p in selectors.participants(tournament) if p.pk not in seated_ids)
    seat = GameSeat.objects.filter(game__round=rnd).select_related("player").first()
    services.seating_swap(tournament=tournament, round_number=1, player_a=seat.player, player_b=sitting_out,
                          actor=None)
    assert GameSeat.objects.get(pk=seat.pk).player == sitting_out
    with pytest.raises(ApplicationError) as exc:  # a stranger is no participant
        services.seating_swap(tournament=tournament, round_number=1, player_a=sitting_out, player_b=PlayerFactory(),
                              actor=None)
    assert exc.value.code == "participant"
    Game.objects.filter(round=rnd).update(status=Game.Status.IN_PROGRESS)
    other = GameSeat.objects.filter(game__round=rnd).exclude(player=sitting_out).first()
    with pytest.raises(ApplicationError):
        services.seating_swap(tournament=tournament, round_number=1, player_a=sitting_out, player_b=other.player,
                              actor=None)


def test_publish_seating_closes_registration_and_opens_the_switch():
    tournament = TournamentFactory(tables=1, qualifying_rounds=2)
    accepted_players(tournament, 10)
    services.seating_generate(tournament=tournament, actor=None, seed=1)
    services.seating_publish(tournament=tournament, actor=None)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SEATING_PUBLISHED and tournament.publish_seating


def test_the_final_seats_the_top_n_with_the_coefficient():
    tournament = TournamentFactory(tables=2, qualifying_rounds=1, final_size=10, final_coefficient="1.50",
                                   status=Tournament.Status.RUNNING)
    players = accepted_players(tournament, 20)
    rnd = make_round(tournament, 1)
    # player i scores i points: the top ten are players 19..10
    for table in (0, 1):
        chunk = players[table * 10:(table + 1) * 10]
        scored_game(tournament, rnd, table + 1,
                    [(p, "civilian", False, players.index(p), []) for p in chunk])
    final = services.final_create(tournament=tournament, actor=None)
    assert final.is_final and final.number == 2 and str(final.coefficient) == "1.50"
    seats = list(GameSeat.objects.filter(game__round=final).order_by("seat"))
    assert [s.player_id for s in seats] == [p.pk for p in reversed(players[10:])]
    with pytest.raises(ApplicationError):
        services.final_create(tournament=tournament, actor=None)
    with pytest.raises(ApplicationError):  # qualifying seating is fixed now
        services.seating_generate(tournament=tournament, actor=None)


def test_the_final_is_seeded_from_confirmed_results_not_yet_published():
    """Organizers seed the final before they open the qualifying results (docs/secrecy.md): the
    public standings count nothing yet, the final still takes the real top ten."""
    tournament = TournamentFactory(tables=2, qualifying_rounds=1, final_size=10, status=Tournament.Status.RUNNING)
    players = accepted_players(tournament, 20)
    rnd = make_round(tournament, 1)
    for table in (0, 1):
        chunk = players[table * 10:(table + 1) * 10]
        scored_game(tournament, rnd, table + 1, [(p, "civilian", False, players.index(p), []) for p in chunk],
                    published=False)
    assert all(row.total == 0 for row in standings_selectors.compute_tournament_standings(tournament))
    final = services.final_create(tournament=tournament, actor=None)
    seats = GameSeat.objects.filter(game__round=final).order_by("seat")
    assert [s.player_id for s in seats] == [p.pk for p in reversed(players[10:])]


def test_the_final_waits_for_every_qualifying_game():
    tournament = TournamentFactory(tables=1, qualifying_rounds=1, final_size=10, status=Tournament.Status.RUNNING)
    players = accepted_players(tournament, 10)
    scored_game(tournament, make_round(tournament, 1), 1, [(p, "civilian", False, 1, []) for p in players],
                status=Game.Status.FINISHED)
    with pytest.raises(ApplicationError) as exc:
        services.final_create(tournament=tournament, actor=None)
    assert exc.value.code == "unfinished"


# --- One judge, one table (docs/seating.md) -----------------------------------------------------
# Issue 27: "seating puts the same judge at two tables of one round without a warning".


def test_a_judge_given_two_tables_of_a_round_is_refused_and_nothing_changes(tournament):
    services.seating_generate(tournament=tournament, actor=None, seed=1)
    judge, other = factories.judge_of(tournament.club), factories.judge_of(tournament.club)
    services.table_judges_assign(tournament=tournament, judges={1: other}, actor=None)
    with pytest.raises(ApplicationError) as refused:
        services.table_judges_assign(tournament=tournament, judges={1: judge, 2: judge}, actor=None)
    assert refused.value.code == "judge_twice"
    assert judge.nickname in refused.value.message and "round 1" in refused.value.message
    assert set(Game.objects.filter(tournament=tournament, table_number=1).values_list("judge", flat=True)) == {
        other.pk}, "the refusal undid the change"
    assert not Game.objects.filter(tournament=tournament, judge=judge).exists()


def test_a_games_judge_cannot_be_one_already_judging_another_table_of_its_round(tournament):
    services.seating_generate(tournament=tournament, actor=None, seed=1)
    judge = factories.judge_of(tournament.club)
    services.table_judges_assign(tournament=tournament, judges={1: judge}, actor=None)
    table_two = Game.objects.get(tournament=tournament, round__number=2, table_number=2)
    with pytest.raises(ApplicationError) as refused:
        services.game_assign_judge(game=table_two, judge=judge, actor=None)
    assert refused.value.code == "judge_twice"
    table_two.refresh_from_db()
    assert table_two.judge_id is None


def test_auto_judged_tables_may_share_the_account_that_enters_them(tournament):
    """tournaments/simulation.py: the engine judges; one account enters what it decided."""
    services.seating_generate(tournament=tournament, actor=None, seed=1)
    judge = factories.judge_of(tournament.club)
    services.table_judges_assign(tournament=tournament, judges={1: judge, 2: judge}, actor=None,
                                 one_judge_many_tables=True)
    assert Game.objects.filter(tournament=tournament, judge=judge).count() == 8


def test_the_seating_page_warns_of_a_judge_at_two_tables_or_judging_and_playing(client, tournament):
    services.seating_generate(tournament=tournament, actor=None, seed=1)
    judge = factories.judge_of(tournament.club)
    # what an older seating (before the rule) could hold: round 1's two tables to one judge
    Game.objects.filter(tournament=tournament, round__number=1).update(judge=judge)
    # and a player of round 2's table 1 given round 2's table 2 to judge
    player = GameSeat.objects.get(game__tournament=tournament, game__round__number=2, game__table_number=1, seat=4).player
    Game.objects.filter(tournament=tournament, round__number=2, table_number=2).update(judge=player)
    clashes = selectors.judge_clashes(tournament)
    assert [(c.round_number, c.judge, c.tables, c.plays_at) for c in clashes] == [
        (1, judge, (1, 2), None), (2, player, (2,), 1)]
    client.force_login(factories.organizer_of(tournament.club))
    page = client.get(reverse("organize:seating", kwargs={"slug": tournament.slug})).content.decode()
    assert 'id="judge-clashes"' in page
    assert f"{judge.nickname} judges tables 1, 2 at once." in page
    assert f"{player.nickname} judges table 2 and plays at table 1." in page
