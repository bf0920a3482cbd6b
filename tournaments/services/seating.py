"""Seating stored as rounds, games and seats; swaps by hand, judges, publication, the final.

The pure generator numbers players 1..n; here player k is the k-th accepted player by id, and
each player's home club is their club label (clubmates kept apart early). The seating is stored
as ``Round`` + ``Game(status=setup)`` + ``GameSeat`` rows; nothing else holds it, so every report
is computed from those rows and stays right after a swap.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.db.models import Count
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import ClubMembership, Player
from clubs.permissions import JUDGING_ROLES
from core.audit import log_action
from core.errors import ApplicationError
from games.models import Game, GameSeat
from games.rulesets import seat_numbers

from ..models import Application, Round, Tournament
from ..seating_api import SEATS_PER_TABLE, SeatingError, generate_seating
from ..standings.selectors import compute_tournament_standings
from .events import publication_set, tournament_set_status


def _seats_a_table(tournament: Tournament) -> int:
    """The tournament's table, from its ruleset. The seating engine balances tables of
    SEATS_PER_TABLE (its bounds are worked out for ten): another size is refused, not seated wrong."""
    seats = len(seat_numbers(tournament.ruleset))
    if seats != SEATS_PER_TABLE:
        raise ApplicationError(
            _("The seating generator seats tables of %(engine)s; this tournament's rules have tables of %(seats)s.")
            % {"engine": SEATS_PER_TABLE, "seats": seats}, code="table_size")
    return seats


def _lock(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def accepted_players(tournament: Tournament) -> list[Player]:
    return list(
        Player.objects.filter(applications__tournament=tournament,
                              applications__status=Application.Status.ACCEPTED).order_by("pk")
    )


def _check_judge(tournament: Tournament, judge: Player | None) -> None:
    if judge is None:
        return
    if not ClubMembership.objects.filter(club=tournament.club_id, player=judge, role__in=JUDGING_ROLES).exists():
        raise ApplicationError(
            _("%(player)s is not a judge or organizer of %(club)s.")
            % {"player": judge.nickname, "club": tournament.club.name},
            code="judge",
        )


def _refuse_if_started(games) -> None:
    if games.exclude(status=Game.Status.SETUP).exists():
        raise ApplicationError(
            _("A game of these rounds has already started: the seating can no longer be changed."),
            code="started",
        )


@transaction.atomic
def seating_generate(*, tournament: Tournament, actor, seed: int | None = None,
                     iterations: int | None = None) -> Tournament:
    """Seat the accepted players for the qualifying rounds (replacing a seating not yet played).

    ``seed`` defaults to a fresh random one; it is stored on the tournament, and the same seed
    with the same players gives the same seating.
    """
    tournament = _lock(tournament)
    if tournament.status in (Tournament.Status.DRAFT, Tournament.Status.FINISHED):
        raise ApplicationError(_("Seating is made once registration has opened and before the tournament ends."),
                               code="status")
    if tournament.rounds.filter(is_final=True).exists():
        raise ApplicationError(_("The final has been created: the qualifying seating is fixed."), code="final")
    old_rounds = tournament.rounds.filter(is_final=False)
    _refuse_if_started(Game.objects.filter(round__in=old_rounds))
    players = accepted_players(tournament)
    seats = _seats_a_table(tournament)
    if len(players) < tournament.tables * seats:
        raise ApplicationError(
            _("%(tables)s tables need at least %(needed)s accepted players; there are %(count)s.")
            % {"tables": tournament.tables, "needed": tournament.tables * seats, "count": len(players)},
            code="players",
        )
    if seed is None:
        seed = secrets.randbelow(2**31)
    clubs = [str(p.home_club_id) if p.home_club_id else None for p in players]
    try:
        seating = generate_seating(len(players), tournament.tables, tournament.qualifying_rounds, seed,
                                   clubs=clubs, **({"iterations": iterations} if iterations is not None else {}))
    except SeatingError as exc:
        raise ApplicationError(str(exc), code="seating") from exc

    judges = dict(Game.objects.filter(round__in=old_rounds).values_list("table_number", "judge_id")
                  .order_by("round__number"))  # each table keeps the judge it had (its last round's)
    old_rounds.delete()  # cascades to the games (all still in setup) and their seats
    rounds = Round.objects.bulk_create([
        Round(tournament=tournament, number=r, is_final=False, seating_published=tournament.publish_seating)
        for r in range(1, tournament.qualifying_rounds + 1)
    ])
    games = []
    for rnd, tables in zip(rounds, seating.rounds, strict=True):
        for t, _table in enumerate(tables, start=1):
            games.append(Game(club_id=tournament.club_id, tournament=tournament, round=rnd, table_number=t,
                              number=(rnd.number - 1) * tournament.tables + t, ruleset=tournament.ruleset,
                              judge_id=judges.get(t), status=Game.Status.SETUP))
    games = Game.objects.bulk_create(games)
    seats = []
    flat_tables = [table for tables in seating.rounds for table in tables]
    for game, table in zip(games, flat_tables, strict=True):
        for seat, number in enumerate(table, start=1):
            seats.append(GameSeat(game=game, seat=seat, player=players[number - 1]))
    GameSeat.objects.bulk_create(seats)
    tournament.seating_seed = seed
    tournament.seating_generated_at = timezone.now()
    tournament.save(update_fields=["seating_seed", "seating_generated_at", "updated_at"])
    log_action(tournament, action="seating.generated", actor=actor,
               data={"seed": seed, "players": len(players), "tables": tournament.tables,
                     "rounds": tournament.qualifying_rounds})
    return tournament


@transaction.atomic
def seating_swap(*, tournament: Tournament, round_number: int, player_a: Player, player_b: Player,
                 actor) -> None:
    """Exchange two players' seats in one round (either may be sitting that round out).

    If only one of them is seated, the other takes the seat and the first sits out; this also
    replaces a withdrawn player with one promoted from the waiting list.
    """
    tournament = _lock(tournament)
    if player_a.pk == player_b.pk:
        raise ApplicationError(_("Choose two different players."), code="same")
    rnd = tournament.rounds.filter(number=round_number).first()
    if rnd is None:
        raise ApplicationError(_("There is no round %(n)s.") % {"n": round_number}, code="round")
    seats = {s.player_id: s for s in GameSeat.objects.select_for_update(of=("self",)).select_related("game").order_by()
             .filter(game__round=rnd, player__in=[player_a, player_b])}
    seat_a, seat_b = seats.get(player_a.pk), seats.get(player_b.pk)
    if seat_a is None and seat_b is None:
        raise ApplicationError(_("Neither player is seated in round %(n)s.") % {"n": round_number},
                               code="not_seated")
    _refuse_if_started(Game.objects.filter(pk__in=[s.game_id for s in (seat_a, seat_b) if s]))
    if seat_a is None or seat_b is None:
        outsider = player_a if seat_a is None else player_b
        seated_in_tournament = GameSeat.objects.filter(game__tournament=tournament, player=outsider).exists()
        accepted = Application.objects.filter(tournament=tournament, player=outsider,
                                              status=Application.Status.ACCEPTED).exists()
        if not (seated_in_tournament or accepted):
            raise ApplicationError(_("%(player)s is not a participant of this tournament.")
                                   % {"player": outsider.nickname}, code="participant")
    before = {p.nickname: (s.game.table_number, s.seat) if s else None
              for p, s in ((player_a, seat_a), (player_b, seat_b))}
    for seat in (seat_a, seat_b):  # free both seats first: one player per game is a constraint
        if seat is not None:
            seat.player = None
            seat.save(update_fields=["player"])
    if seat_a is not None:
        seat_a.player = player_b
        seat_a.save(update_fields=["player"])
    if seat_b is not None:
        seat_b.player = player_a
        seat_b.save(update_fields=["player"])
    log_action(tournament, action="seating.swapped", actor=actor,
               data={"round": round_number, "before": before})


def _refuse_judge_at_two_tables(tournament: Tournament, round_ids) -> None:
    """One judge, one table (docs/seating.md): a judge runs the table's whole game, so no round may
    give one judge two tables. Called after the change, inside its transaction: the refusal
    undoes it and changes nothing."""
    clash = (Game.objects.filter(tournament=tournament, round_id__in=round_ids, judge__isnull=False)
             .values("round__number", "judge__nickname").annotate(tables=Count("pk")).filter(tables__gt=1)
             .order_by("round__number").first())
    if clash is not None:
        raise ApplicationError(
            _("%(judge)s would judge two tables of round %(round)s at once: give each table of a round "
              "its own judge.") % {"judge": clash["judge__nickname"], "round": clash["round__number"]},
            code="judge_twice")


@transaction.atomic
def game_assign_judge(*, game: Game, judge: Player | None, actor) -> Game:
    tournament = _lock(game.tournament)
    game = Game.objects.select_for_update(of=("self",)).order_by().get(pk=game.pk)
    _check_judge(tournament, judge)
    if game.status != Game.Status.SETUP:
        raise ApplicationError(_("The judge of a game that has started cannot be changed here."), code="started")
    before = game.judge_id
    game.judge = judge
    game.save(update_fields=["judge"])
    _refuse_judge_at_two_tables(tournament, [game.round_id])
    log_action(game, action="game.judge_assigned", actor=actor,
               data={"from": before, "to": judge.pk if judge else None})
    return game


@transaction.atomic
def table_judges_assign(*, tournament: Tournament, judges: dict[int, Player | None], actor,
                        one_judge_many_tables: bool = False) -> int:
    """Give each table its judge for every round not yet started; returns the games changed.

    A judge given two tables of one round is refused (docs/seating.md, "One judge, one table"),
    unless ``one_judge_many_tables``: auto-judged tables (tournaments/simulation.py), where the
    engine judges and one account only enters what it decided."""
    tournament = _lock(tournament)
    changed = 0
    games = Game.objects.filter(tournament=tournament, status=Game.Status.SETUP)
    round_ids = set(games.filter(table_number__in=list(judges)).values_list("round_id", flat=True))
    for table, judge in judges.items():
        _check_judge(tournament, judge)
        changed += games.filter(table_number=table).exclude(judge=judge).update(judge=judge)
    if not one_judge_many_tables:
        _refuse_judge_at_two_tables(tournament, round_ids)
    log_action(tournament, action="seating.judges", actor=actor,
               data={str(t): (j.pk if j else None) for t, j in judges.items()})
    return changed


@transaction.atomic
def seating_publish(*, tournament: Tournament, actor) -> Tournament:
    """Publish the seating: status → seating published (closing registration first) and the switch on."""
    tournament = _lock(tournament)
    if tournament.status == Tournament.Status.REGISTRATION_OPEN:
        tournament = tournament_set_status(tournament=tournament, status=Tournament.Status.REGISTRATION_CLOSED,
                                           actor=actor)
    if tournament.status == Tournament.Status.REGISTRATION_CLOSED:
        return tournament_set_status(tournament=tournament, status=Tournament.Status.SEATING_PUBLISHED, actor=actor)
    if not tournament.rounds.filter(is_final=False, games__isnull=False).exists():
        raise ApplicationError(_("Generate the seating first."), code="no_seating")
    return publication_set(tournament=tournament, actor=actor, publish_seating=True)


@transaction.atomic
def final_create(*, tournament: Tournament, actor) -> Round:
    """Seat the top N of the standings at the final table(s), played with the final's coefficient.

    One table: seat k is the player ranked k (organizers swap by hand if players choose).
    More tables: ranks are dealt in a snake (1→A, 2→B, 3→B, 4→A, …) so the tables are even.
    """
    tournament = _lock(tournament)
    size = tournament.final_size
    if not size:
        raise ApplicationError(_("This tournament has no final."), code="no_final")
    if tournament.status != Tournament.Status.RUNNING:
        raise ApplicationError(_("The final is created while the tournament is running."), code="status")
    if tournament.rounds.filter(is_final=True).exists():
        raise ApplicationError(_("The final has already been created."), code="exists")
    qualifying = Game.objects.filter(tournament=tournament, round__is_final=False)
    if not qualifying.exists():
        raise ApplicationError(_("There are no qualifying games yet."), code="no_games")
    if qualifying.exclude(status__in=[Game.Status.CONFIRMED, Game.Status.ANNULLED]).exists():
        raise ApplicationError(_("Every qualifying game must be confirmed (or annulled) before the final."),
                               code="unfinished")
    # Every confirmed game counts here, published or not: the organizers seed the final before
    # they open the qualifying results (docs/secrecy.md).
    standings = compute_tournament_standings(tournament, unpublished=True)
    if len(standings) < size:
        raise ApplicationError(_("The final needs %(n)s players; the standings have %(m)s.")
                               % {"n": size, "m": len(standings)}, code="players")
    finalists = [row.player_id for row in standings[:size]]
    tables = size // _seats_a_table(tournament)
    by_table: list[list[int]] = [[] for _ in range(tables)]
    for rank, player_id in enumerate(finalists):
        lap, pos = divmod(rank, tables)
        by_table[pos if lap % 2 == 0 else tables - 1 - pos].append(player_id)
    number = (tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0) + 1
    rnd = Round.objects.create(tournament=tournament, number=number, is_final=True,
                               coefficient=tournament.final_coefficient,
                               seating_published=tournament.publish_seating)
    for t, players in enumerate(by_table, start=1):
        game = Game.objects.create(club_id=tournament.club_id, tournament=tournament, round=rnd, table_number=t,
                                   number=(number - 1) * tournament.tables + t, ruleset=tournament.ruleset, status=Game.Status.SETUP)
        GameSeat.objects.bulk_create([GameSeat(game=game, seat=s, player_id=p)
                                      for s, p in enumerate(players, start=1)])
    log_action(tournament, action="final.created", actor=actor,
               data={"round": number, "players": finalists, "coefficient": str(tournament.final_coefficient)})
    return rnd
