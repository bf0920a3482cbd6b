"""Reads for games: the entry page's table, the judge's tables, the history."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Case, Exists, OuterRef, Q, QuerySet, Value, When

from clubs.models import ClubMembership, Player
from clubs.permissions import clubs_user_organizes
from clubs.selectors import listed_players
from core.locking import for_update
from games.engine import GameRecord, Phase, ProtocolError, TableState, replay
from games.engine.actions import NextActions, next_actions
from games.engine.rulesets import RULESETS, Ruleset
from tournaments.models import Application

from .models import Game, ProtocolVersion
from .services import ENTRY_ACTIONS, entry_phase_key, remembered_replay


def game_queryset() -> QuerySet[Game]:
    return Game.objects.select_related("club", "judge", "tournament", "round", "evening")


# What the entry page shows of a game besides the protocol (the heading: ``str(game)`` names the
# round, the evening's title), the judge's account, which the private link acts for, and what the
# link's expiry reads (the evening's start, the tournament's last day: games/links.py).
ENTRY_RELATED = ("club", "judge__user", "round", "evening", "tournament")


def game_for_entry(*, token: str | None = None, pk: int | None = None, lock: bool = False) -> Game | None:
    """The game of the entry page, by its private link or its id, with ``ENTRY_RELATED``: one query.

    ``lock=True`` (inside the caller's transaction) locks the game's row — that row only — as the
    services' ``_lock`` does: an action reads the table once, under the lock, and the services'
    ``.locked`` forms check and save on that very read (games.views.entry_action).
    """
    if (token is None) == (pk is None):
        raise TypeError("game_for_entry needs either token or pk")
    games = Game.objects.select_related(*ENTRY_RELATED)
    if lock:
        games = for_update(games)
    try:
        return games.get(**({"judge_token": token} if token is not None else {"pk": pk}))
    except Game.DoesNotExist:
        return None


# The judge's tables in the order they need someone: a submitted protocol waits for its
# confirmation, then the tables in play, then the rest.
TABLES_ORDER = Case(
    When(status=Game.Status.FINISHED, submitted_at__isnull=False, then=Value(0)),
    When(status=Game.Status.IN_PROGRESS, then=Value(1)),
    When(status=Game.Status.SETUP, then=Value(2)),
    When(status=Game.Status.FINISHED, then=Value(3)),
    default=Value(4),
)


def games_for_judge(user) -> QuerySet[Game]:
    """The games this user judges, and every game of the clubs they organize (a superuser
    organizes every club: clubs_user_organizes says so)."""
    if user is None or not user.is_authenticated:
        return Game.objects.none()
    return (
        game_queryset()
        .filter(Q(judge__user=user) | Q(club__in=clubs_user_organizes(user)))
        .order_by(TABLES_ORDER, "-created_at", "table_number")
    )


def _of_clubs(user, club, path: str = "club") -> Q:
    """Rows of the clubs ``user`` organizes; of ``club`` alone when given (an ``OuterRef`` in the
    organizer's queue counts, tournaments.queue)."""
    if club is not None:
        return Q(**{path: club})
    return Q(**{f"{path}__in": clubs_user_organizes(user)})


def _submitted(user, club) -> QuerySet[Game]:
    return Game.objects.filter(_of_clubs(user, club), status=Game.Status.FINISHED, submitted_at__isnull=False)


def _authored_by(user) -> Q:
    """The protocol has a version this user authored, or they submitted it (protocol_authors)."""
    versions = ProtocolVersion.objects.filter(game=OuterRef("pk"), author=user, action__in=ENTRY_ACTIONS)
    return Q(Exists(versions)) | Q(submitted_by=user)


def protocols_to_confirm(user, *, club=None) -> QuerySet[Game]:
    """Submitted protocols of the clubs ``user`` organizes that they may confirm: services.
    confirm_refusal as a query (tests/organizer/test_queue.py pins that the two agree)."""
    return _submitted(user, club).exclude(_authored_by(user))


def protocols_for_other_confirmers(user, *, club=None) -> QuerySet[Game]:
    """Submitted protocols of their clubs that ``user`` authored: another organizer confirms them."""
    return _submitted(user, club).filter(_authored_by(user))


def other_confirmers(game: Game, authors: set[int]) -> QuerySet[Player]:
    """The club's organizers who may confirm the game's protocol (services.confirm_refusal): those
    with an account who authored none of it. The answer to "who else may?" on the entry page."""
    return (Player.objects.filter(memberships__club_id=game.club_id, memberships__role=ClubMembership.Role.ORGANIZER,
                                  user__is_active=True)
            .exclude(user_id__in=authors).order_by("nickname"))


def seat_change_candidates(game: Game) -> QuerySet[Player]:
    """Whom an organizer may seat at a tournament table: the tournament's accepted participants
    not seated at any table of that round (games.services.game_seat_change checks the same)."""
    return (Player.objects.filter(applications__tournament_id=game.tournament_id,
                                  applications__status=Application.Status.ACCEPTED)
            .exclude(game_seats__game__round_id=game.round_id).distinct().order_by("nickname"))


def games_with_links(**filters) -> QuerySet[Game]:
    """Games for a page of organizers that shows each one's judge's link (what the link's expiry
    and the panel read: the club, the evening, the tournament; and the judge and round)."""
    return (Game.objects.filter(**filters).select_related("club", "evening", "tournament", "round", "judge")
            .order_by("round__number", "table_number", "number", "pk"))


def version_made_by_request(game: Game, request_key: str) -> int | None:
    """The protocol version an earlier request with this key made, if one did (the entry page's
    requests carry a key, so one sent again after a lost answer is recognised, not applied twice)."""
    if not request_key:
        return None
    return (ProtocolVersion.objects.filter(game=game, request_key=request_key)
            .values_list("version", flat=True).first())


def game_history(game: Game) -> QuerySet[ProtocolVersion]:
    """Every version, newest first, without the documents (they are big)."""
    return (
        ProtocolVersion.objects.filter(game=game)
        .select_related("author__player")
        .defer("document")
        .order_by("-version")
    )


def player_search(query: str, limit: int = 12) -> QuerySet[Player]:
    query = query.strip()
    if not query:
        return Player.objects.none()
    return listed_players().filter(nickname__icontains=query).order_by("nickname")[:limit]


@dataclass
class EntryTable:
    """What the entry page shows: the replayed record, where the judge is, and what the judge
    may record next there (the engine's `next_actions`, which the actions and the API share)."""

    game: Game
    record: GameRecord | None
    state: TableState | None
    ruleset: Ruleset | None
    phase: Phase | None  # the phase the page is in (may be ahead of the last event)
    replay_error: ProtocolError | None = None
    actions: NextActions | None = None

    @property
    def dealt(self) -> bool:
        return self.record is not None or self.replay_error is not None


def game_table(game: Game) -> EntryTable:
    ruleset = RULESETS.get(game.ruleset)
    if not game.protocol or not game.protocol.get("seats"):
        return EntryTable(game, None, None, ruleset, None)
    # A service that has just saved this document already replayed it (services.remember_replay).
    record = remembered_replay(game)
    try:
        if record is None:
            record = replay(game.protocol)
    except ProtocolError as error:
        # Every save replayed its document, so this means the engine's rules changed since: show
        # it instead of failing the page; no action is possible until the protocol is corrected.
        return EntryTable(game, None, None, ruleset, None, replay_error=error)
    phase = Phase.from_key(entry_phase_key(game, record))
    return EntryTable(game, record, record.current, ruleset, phase, actions=next_actions(record, phase))


def protocol_as_of(game: Game, moment) -> dict | None:
    """The game's protocol as it stood at ``moment`` (its last version saved by then), or None
    before its deal: what a delayed broadcast shows."""
    version = (ProtocolVersion.objects.filter(game=game, created_at__lte=moment)
               .order_by("-version").values_list("document", flat=True).first())
    return version if isinstance(version, dict) and version.get("seats") else None
