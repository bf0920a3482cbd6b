"""The organizer's queue: what waits for them across the clubs they organize — protocols to
confirm, discipline cases to decide, applications to decide — with its counts in the navigation
bar, and the tables in play whose judges' links they hand out (docs/tournaments.md, "The
organizer's queue").

Each list's rule is its selector (games.selectors.protocols_to_confirm, games.
discipline_selectors.cases_to_decide, tournaments.selectors.applications_to_decide); this module
only counts and gathers them.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field
from datetime import timedelta

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, F, IntegerField, OuterRef, Q, Subquery
from django.urls import reverse
from django.utils import timezone

from clubs.permissions import clubs_user_judges, clubs_user_organizes
from core.cache import current_generation, new_generation
from discipline.models import DisciplineCase
from discipline.selectors import case_queryset, cases_to_decide
from games.models import Game
from games.selectors import games_with_links, protocols_for_other_confirmers, protocols_to_confirm

from .models import Evening, Round, Tournament
from .selectors import applications_to_decide

SHOWN = 12  # rows of each list on the page (the counts count them all; the page links to the rest)
# A standalone game (no tournament, no evening) is in play this long after it was created.
STANDALONE_IN_PLAY = timedelta(hours=12)
# An evening's games are in play from this long before it starts (and while it is running).
EVENING_AHEAD = timedelta(hours=12)


class _Count(Subquery):
    """How many rows a queryset has, as a column of another query."""

    template = "(SELECT COUNT(*) FROM (%(subquery)s) _counted)"
    output_field = IntegerField()


@dataclass(frozen=True)
class QueueCounts:
    protocols: int = 0
    cases: int = 0
    applications: int = 0

    @property
    def total(self) -> int:
        return self.protocols + self.cases + self.applications


def queue_counts(user) -> QueueCounts | None:
    """The queue's counts in ONE query (the navigation bar shows them on every page): a row per
    club the user organizes with its three counts. None when they organize no club."""
    if user is None or not user.is_authenticated:
        return None
    here = OuterRef("pk")
    rows = list(clubs_user_organizes(user).order_by().annotate(  # counted unordered: no joins for an order
        protocols=_Count(protocols_to_confirm(user, club=here).order_by().values("pk")),
        cases=_Count(cases_to_decide(user, club=here).order_by().values("pk")),
        applications=_Count(applications_to_decide(user, club=here).order_by().values("pk")),
    ).values_list("protocols", "cases", "applications"))
    if not rows:
        return None
    return QueueCounts(*(sum(column) for column in zip(*rows, strict=True)))


def request_roles(request) -> Roles:
    """``kept_roles`` of the request's user, read once per request (the navigation bar and the
    Organizing page both show the counts)."""
    if not hasattr(request, "_organizer_roles"):
        request._organizer_roles = kept_roles(getattr(request, "user", None))
    return request._organizer_roles


def request_queue_counts(request) -> QueueCounts | None:
    return request_roles(request).counts


# --- the navigation's answers, kept per user until a row they read changes ------------------------
#
# Every signed-in page draws the navigation bar: its counts cost one query whose building and
# planning take ~10 ms. They are kept in the cache per user under the queue's generation, a token
# that changes whenever a row they read is written (QUEUE_MODELS, connected in TournamentsConfig):
# at the write, so the writer's own next page counts anew, and again at its commit, so counts summed
# by another request from the rows before the commit are never read again. A count is never older
# than the last write it depends on, the user's own action or anyone else's. Bulk writes skip the
# signals: the seating's (games in setup, their judges: rows no count reads) are the only ones.

QUEUE_GENERATION_KEY = "queue:generation"
KEPT_SECONDS = 600  # a kept answer outlives no change; this only bounds what an idle cache holds


@dataclass(frozen=True)
class Roles:
    """What the navigation bar shows of a user: their queue's counts (None: they organize no club)
    and whether they judge."""

    counts: QueueCounts | None
    judges: bool


def queue_changed() -> None:
    """A row the queue's counts or the user's roles read was written: every kept answer is stale."""
    new_generation(QUEUE_GENERATION_KEY)


def on_queue_row_written(sender, **kwargs) -> None:
    """post_save / post_delete of a QUEUE_MODELS row (and what a bulk write changes, by hand)."""
    queue_changed()
    transaction.on_commit(queue_changed)


def kept_roles(user) -> Roles:
    """``roles(user)``, kept in the cache for the queue's current generation. The generation is
    read before the rows are, so an answer is never kept under a generation newer than its rows."""
    if user is None or not user.is_authenticated:
        return Roles(None, False)
    key = f"queue:roles:{current_generation(QUEUE_GENERATION_KEY)}:{user.pk}"
    found = cache.get(key)
    if found is None:
        counts = queue_counts(user)
        judges = counts is not None or clubs_user_judges(user).exists()  # an organizer may judge
        found = (None if counts is None else astuple(counts), judges)  # plain data: any release reads it
        cache.set(key, found, KEPT_SECONDS)
    counts, judges = found
    return Roles(None if counts is None else QueueCounts(*counts), judges)


@dataclass
class EventApplications:
    """An event's pending applications, one row of the queue."""

    name: str
    url: str
    pending: int


@dataclass
class TablesOfEvent:
    """The tables in play of one tournament round, of one evening, or the standalone games."""

    tournament: Tournament | None = None
    round: Round | None = None
    evening: Evening | None = None
    games: list[Game] = field(default_factory=list)


def protocols(user) -> list[Game]:
    return list(protocols_to_confirm(user).select_related("club", "tournament", "round", "evening", "judge",
                                                          "submitted_by__player")
                .order_by("submitted_at", "pk")[:SHOWN])


def protocols_of_others(user) -> list[Game]:
    return list(protocols_for_other_confirmers(user).select_related("club", "tournament", "round", "evening")
                .order_by("submitted_at", "pk")[:SHOWN])


def cases(user) -> list[DisciplineCase]:
    return list(case_queryset().select_related("game__evening").filter(pk__in=cases_to_decide(user).values("pk"))
                .order_by("opened_at", "pk")[:SHOWN])


def applications(user) -> list[EventApplications]:
    """Each event with pending applications, and how many (one query)."""
    rows = (applications_to_decide(user)
            .values("tournament__slug", "tournament__name", "tournament__starts_on",
                    "evening_id", "evening__title", "evening__starts_at")
            .annotate(pending=Count("pk")).order_by("tournament__starts_on", "evening__starts_at"))
    events = []
    for row in rows[:SHOWN]:
        if row["tournament__slug"]:
            url = reverse("organize:tournament_applications", kwargs={"slug": row["tournament__slug"]})
            events.append(EventApplications(row["tournament__name"], f"{url}?status=pending", row["pending"]))
        else:
            url = reverse("organize:evening", kwargs={"pk": row["evening_id"]})
            events.append(EventApplications(row["evening__title"], f"{url}?status=pending", row["pending"]))
    return events


def tables_in_play(user, *, now=None) -> list[TablesOfEvent]:
    """The tables whose judges organizers hand the private link to now (one query): not yet
    finished, of a tournament whose seating is out (its current round only: the lowest round with
    such a table), of an evening that is running or starts within EVENING_AHEAD, or a standalone
    game created within STANDALONE_IN_PLAY."""
    now = now or timezone.now()
    in_play = (Q(tournament__status__in=(Tournament.Status.SEATING_PUBLISHED, Tournament.Status.RUNNING))
               | Q(evening__status=Evening.Status.RUNNING)
               | (Q(evening__starts_at__range=(now - EVENING_AHEAD, now + EVENING_AHEAD))
                  & ~Q(evening__status=Evening.Status.FINISHED))
               | Q(tournament__isnull=True, evening__isnull=True, created_at__gte=now - STANDALONE_IN_PLAY))
    games = games_with_links(club__in=clubs_user_organizes(user),
                             status__in=(Game.Status.SETUP, Game.Status.IN_PROGRESS)).filter(in_play)
    groups: dict[tuple, TablesOfEvent] = {}
    current_round: dict[int, int] = {}
    order = (F("tournament_id").asc(nulls_last=True), "round__number", F("evening_id").asc(nulls_last=True),
             "table_number", "number", "pk")
    for game in games.order_by(*order):  # tournaments, then evenings, then standalone games
        if game.tournament_id is not None:
            if current_round.setdefault(game.tournament_id, game.round.number) != game.round.number:
                continue  # a later round: its links are on the tournament's page
            group = groups.setdefault(("tournament", game.tournament_id),
                                      TablesOfEvent(tournament=game.tournament, round=game.round))
        elif game.evening_id is not None:
            group = groups.setdefault(("evening", game.evening_id), TablesOfEvent(evening=game.evening))
        else:
            group = groups.setdefault(("standalone",), TablesOfEvent())
        group.games.append(game)
    return list(groups.values())
