"""Reads for tournaments, evenings, applications, seating and standings (HackSoft selectors)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta

from django.db.models import Count, Prefetch, Q, QuerySet
from django.db.models.functions import Coalesce, TruncDate
from django.utils import timezone

from clubs.models import Club, Player
from clubs.permissions import JUDGING_ROLES, clubs_user_organizes
from games.models import Game, GameSeat
from games.visibility import with_roles_visible
from scoring.models import SeatScore

from .models import Application, Evening, Round, Tournament
from .seating_api import Seating, seating_quality

# --- tournaments and evenings -----------------------------------------------------------------


def tournament_list_public() -> QuerySet[Tournament]:
    return (Tournament.objects.exclude(status=Tournament.Status.DRAFT).select_related("club")
            .order_by("-starts_on", "name"))


def upcoming_tournaments(club: Club | None = None) -> QuerySet[Tournament]:
    today = timezone.localdate()
    qs = tournament_list_public().filter(ends_on__gte=today).exclude(status=Tournament.Status.FINISHED)
    if club is not None:
        qs = qs.filter(club=club)
    return qs.order_by("starts_on", "name")


def upcoming_evenings(club: Club | None = None) -> QuerySet[Evening]:
    since = timezone.now() - timedelta(hours=12)
    qs = (Evening.objects.filter(starts_at__gte=since).exclude(status=Evening.Status.FINISHED)
          .select_related("club").annotate(accepted=Count("applications", filter=Q(
              applications__status=Application.Status.ACCEPTED))))
    if club is not None:
        qs = qs.filter(club=club)
    return qs.order_by("starts_at")


def past_evenings(club: Club) -> QuerySet[Evening]:
    """A club's evenings over (finished, or begun more than 12 hours ago: the upcoming list's
    bound), newest first, each with its number of games."""
    since = timezone.now() - timedelta(hours=12)
    return (Evening.objects.filter(club=club).filter(Q(starts_at__lt=since) | Q(status=Evening.Status.FINISHED))
            .select_related("club").annotate(game_count=Count("games", distinct=True)).order_by("-starts_at", "-pk"))


def organizer_tournaments(user) -> QuerySet[Tournament]:
    return (Tournament.objects.filter(club__in=clubs_user_organizes(user)).select_related("club")
            .annotate(
                accepted=Count("applications", filter=Q(applications__status=Application.Status.ACCEPTED)),
                pending=Count("applications", filter=Q(applications__status=Application.Status.PENDING)),
            ).order_by("-starts_on", "name"))


def organizer_evenings(user) -> QuerySet[Evening]:
    return (Evening.objects.filter(club__in=clubs_user_organizes(user)).select_related("club")
            .annotate(
                accepted=Count("applications", filter=Q(applications__status=Application.Status.ACCEPTED)),
                pending=Count("applications", filter=Q(applications__status=Application.Status.PENDING)),
            ).order_by("-starts_at"))


# --- applications -----------------------------------------------------------------------------


def _event_filter(event) -> dict:
    return {"tournament": event} if isinstance(event, Tournament) else {"evening": event}


def application_list(event, *, status: str | None = None) -> QuerySet[Application]:
    qs = (Application.objects.filter(**_event_filter(event))
          .select_related("player__user", "player__home_club"))
    if status:
        qs = qs.filter(status=status)
    return qs.order_by("created_at", "id")


def application_counts(event) -> dict[str, int]:
    """How many applications in each status, plus ``all`` and ``capacity`` (one query)."""
    rows = (Application.objects.filter(**_event_filter(event)).values("status")
            .annotate(n=Count("id")).order_by())
    counts = {status: 0 for status in Application.Status.values}
    for row in rows:
        counts[row["status"]] = row["n"]
    counts["all"] = sum(counts[s] for s in Application.Status.values)
    counts["capacity"] = event.seat_capacity
    counts["free"] = max(0, event.seat_capacity - counts[Application.Status.ACCEPTED])
    return counts


def applications_to_decide(user, *, club=None) -> QuerySet[Application]:
    """Pending applications to the tournaments and evenings (not finished) of the clubs ``user``
    organizes (``club``: one club, or an ``OuterRef`` in the organizer's queue counts)."""
    if club is not None:
        clubs = Q(tournament__club=club) | Q(evening__club=club)
    else:
        organized = clubs_user_organizes(user)
        clubs = Q(tournament__club__in=organized) | Q(evening__club__in=organized)
    return (Application.objects.filter(clubs, status=Application.Status.PENDING)
            .exclude(tournament__status=Tournament.Status.FINISHED).exclude(evening__status=Evening.Status.FINISHED))


def player_application(event, user) -> Application | None:
    if user is None or not user.is_authenticated:
        return None
    return Application.objects.filter(**_event_filter(event), player__user=user).first()


GUEST_APPLICATIONS = "guest_applications"  # the session's list of a guest's status tokens


def visitor_application(event, request) -> Application | None:
    """The application this visitor made for the event: the signed-in player's, or one a guest
    made from this browser (its status token remembered in the session)."""
    if request.user.is_authenticated:
        return player_application(event, request.user)
    tokens = request.session.get(GUEST_APPLICATIONS) or []
    if not tokens:
        return None
    return Application.objects.filter(**_event_filter(event), status_token__in=tokens[-20:]).first()


def application_by_token(token: str) -> Application | None:
    """A guest's application from its status link's secret."""
    if not token:
        return None
    return (Application.objects.filter(status_token=token)
            .select_related("player", "tournament__club", "evening__club").first())


def player_applications(player: Player) -> QuerySet[Application]:
    """The player's applications, the latest event first, each with its event and club."""
    return (Application.objects.filter(player=player)
            .select_related("tournament__club", "evening__club")
            .order_by(Coalesce("tournament__starts_on", TruncDate("evening__starts_at")).desc(nulls_last=True),
                      "-created_at"))


def participants(tournament: Tournament) -> QuerySet[Player]:
    return (Player.objects.filter(applications__tournament=tournament,
                                  applications__status=Application.Status.ACCEPTED)
            .select_related("home_club").order_by("nickname"))


def club_judges(club: Club) -> QuerySet[Player]:
    return (Player.objects.filter(memberships__club=club, memberships__role__in=JUDGING_ROLES)
            .distinct().order_by("nickname"))


# --- club evenings ---------------------------------------------------------------------------


def evening_games(evening: Evening, viewer) -> list[Game]:
    """The evening's games in order, each with ``roles_visible`` for ``viewer`` (the result is
    shown under the secrecy rule, games.visibility) and ``openable``: its public page opens for
    the viewer (a finished game, or one the viewer may enter)."""
    games = list(with_roles_visible(evening.games.all(), viewer).order_by("number", "table_number", "pk"))
    for game in games:
        game.openable = game.roles_visible or game.status in (Game.Status.FINISHED, Game.Status.CONFIRMED)
    return games


def evening_players(evening: Evening) -> QuerySet[Player]:
    """Who plays at the evening: the players seated at its games and those whose application was
    accepted (a walk-in seated by the judge without applying plays too)."""
    seated = GameSeat.objects.filter(game__evening=evening, player__isnull=False).values("player")
    accepted = Application.objects.filter(evening=evening, status=Application.Status.ACCEPTED).values("player")
    return Player.objects.filter(Q(pk__in=seated) | Q(pk__in=accepted)).order_by("nickname")


# --- seating ----------------------------------------------------------------------------------


def rounds_with_games(tournament: Tournament, *, number: int | None = None, viewer=None) -> QuerySet[Round]:
    """Rounds with their games, judges and seated players: three queries whatever the size. With
    ``viewer``, each game carries ``roles_visible`` for them (its result is shown under the rule)."""
    seats = GameSeat.objects.select_related("player").order_by("seat")
    games = (Game.objects.select_related("judge").prefetch_related(Prefetch("seats", queryset=seats))
             .order_by("table_number"))
    if viewer is not None:
        games = with_roles_visible(games, viewer)
    qs = tournament.rounds.prefetch_related(Prefetch("games", queryset=games)).order_by("number")
    if number is not None:
        qs = qs.filter(number=number)
    return qs


@dataclass(frozen=True)
class JudgeClash:
    """A judge where one person cannot be: at two tables of one round (``tables`` has two or more
    numbers), or judging a table of a round they are seated to play in (``plays_at``)."""

    round_number: int
    is_final: bool
    judge: Player
    tables: tuple[int, ...]
    plays_at: int | None = None


def judge_clashes(tournament: Tournament, *, rounds=None) -> list[JudgeClash]:
    """Every round in which a judge is given two tables, or a table and a seat at another (the
    organizer's seating page warns of each; the services refuse to make a new one of the first
    kind — docs/seating.md, "One judge, one table"). ``rounds``: ``rounds_with_games`` already read."""
    rounds = list(rounds if rounds is not None else rounds_with_games(tournament))
    clashes = []
    for rnd in rounds:
        tables: dict[int, list[int]] = defaultdict(list)
        judges: dict[int, Player] = {}
        seated: dict[int, int] = {}
        for game in rnd.games.all():
            if game.judge_id:
                tables[game.judge_id].append(game.table_number)
                judges[game.judge_id] = game.judge
            for seat in game.seats.all():
                if seat.player_id:
                    seated[seat.player_id] = game.table_number
        for judge_id, numbers in tables.items():
            if len(numbers) > 1:
                clashes.append(JudgeClash(rnd.number, rnd.is_final, judges[judge_id], tuple(sorted(numbers))))
            if judge_id in seated:
                clashes.append(JudgeClash(rnd.number, rnd.is_final, judges[judge_id], tuple(sorted(numbers)),
                                          plays_at=seated[judge_id]))
    return clashes


@dataclass
class PlayerSeating:
    player: Player
    places: list  # per round: (table, seat) or None when sitting out


def seating_by_player(tournament: Tournament) -> tuple[list[Round], list[PlayerSeating]]:
    rounds = list(tournament.rounds.order_by("number"))
    index = {r.pk: i for i, r in enumerate(rounds)}
    seats = (GameSeat.objects.filter(game__tournament=tournament, player__isnull=False)
             .select_related("player").values_list("player_id", "game__round_id", "game__table_number", "seat"))
    places: dict[int, list] = defaultdict(lambda: [None] * len(rounds))
    for player_id, round_id, table, seat in seats:
        if round_id in index:
            places[player_id][index[round_id]] = (table, seat)
    players = Player.objects.filter(pk__in=places.keys()).order_by("nickname")
    return rounds, [PlayerSeating(p, places[p.pk]) for p in players]


def stored_seating(tournament: Tournament) -> tuple[Seating, list[Player]] | None:
    """The qualifying seating as the generator's value (players numbered by id), or None."""
    rounds = list(rounds_with_games(tournament).filter(is_final=False))
    if not rounds or not all(r.games.all() for r in rounds):
        return None
    ids = sorted({s.player_id for r in rounds for g in r.games.all() for s in g.seats.all() if s.player_id})
    number = {pid: n for n, pid in enumerate(ids, start=1)}
    players_by_id = {s.player_id: s.player for r in rounds for g in r.games.all() for s in g.seats.all()
                     if s.player_id}
    try:
        seating = Seating(
            players=len(ids), tables=tournament.tables,
            rounds=tuple(tuple(tuple(number[s.player_id] for s in g.seats.all() if s.player_id)
                               for g in r.games.all()) for r in rounds),
        )
    except ValueError:
        return None
    return seating, [players_by_id[pid] for pid in ids]


def seating_report(tournament: Tournament) -> dict | None:
    """The generator's quality report of the stored seating, plus each player's spread."""
    stored = stored_seating(tournament)
    if stored is None:
        return None
    seating, players = stored
    clubs = [str(p.home_club_id) if p.home_club_id else None for p in players]
    report = seating_quality(seating, clubs=clubs)
    seat_counts = [[0] * 10 for _ in players]
    games = [0] * len(players)
    for rnd in seating.rounds:
        for table in rnd:
            for s, p in enumerate(table):
                seat_counts[p - 1][s] += 1
                games[p - 1] += 1
    report["players"] = [
        {"player": player, "games": games[i], "sit_outs": seating.round_count - games[i],
         "seats": seat_counts[i], "max_same_seat": max(seat_counts[i])}
        for i, player in enumerate(players)
    ]
    report["players"].sort(key=lambda row: row["player"].nickname.lower())
    return report


# --- standings --------------------------------------------------------------------------------


def player_games(tournament: Tournament, player: Player, *, viewer=None) -> list[Game]:
    """The player's games in the tournament, with their own seat and, where ``viewer`` may see the
    roles (games.visibility), their score attached."""
    games = list(with_roles_visible(Game.objects.filter(tournament=tournament, seats__player=player), viewer)
                 .select_related("round", "judge").order_by("round__number", "table_number"))
    seats = {s.game_id: s for s in GameSeat.objects.filter(game__in=games, player=player)}
    scores = {s.game_id: s for s in SeatScore.objects.filter(game__in=games, player=player)}
    for game in games:
        game.my_seat = seats.get(game.pk)
        shown = game.roles_visible and game.status == Game.Status.CONFIRMED
        game.my_score = scores.get(game.pk) if shown else None
    return games


def game_with_seats(tournament: Tournament, pk: int) -> Game:
    seats = GameSeat.objects.select_related("player").order_by("seat")
    return (Game.objects.select_related("round", "club", "judge", "tournament")
            .prefetch_related(Prefetch("seats", queryset=seats)).get(tournament=tournament, pk=pk))


def live_games(tournament: Tournament) -> QuerySet[Game]:
    """The tournament's tables being played now, in round and table order."""
    seats = GameSeat.objects.select_related("player").order_by("seat")
    return (Game.objects.filter(tournament=tournament, status=Game.Status.IN_PROGRESS)
            .select_related("round", "club", "tournament", "judge").prefetch_related(Prefetch("seats", queryset=seats))
            .order_by("round__number", "table_number"))
