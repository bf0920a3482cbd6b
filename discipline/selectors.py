"""Discipline review: reads, and who may do what (docs/discipline.md)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from clubs.permissions import clubs_user_organizes, user_may_organize
from core.audit import audit_trail
from games.entry import describe_event
from games.models import Game
from tournaments.models import Tournament

from .models import DisciplineCase

Kind = DisciplineCase.Kind
Status = DisciplineCase.Status
Decision = DisciplineCase.Decision

# Which decisions each kind of case may take (the first is the default in the form).
DECISIONS_BY_KIND = {
    Kind.DD: (Decision.UPHOLD, Decision.DD_TO_DISQUALIFICATION, Decision.ANNUL_GAME),
    Kind.DISQUALIFICATION: (Decision.UPHOLD, Decision.WAIVE_PENALTY, Decision.ANNUL_GAME),
    Kind.TECHNICAL_FOUL: (Decision.UPHOLD, Decision.STRIKE_FOUL, Decision.ANNUL_GAME),
}
CONTEXT_EVENTS = 4  # events shown before and after the case's event


# --- who may ---------------------------------------------------------------------------------------


def user_is_chief_judge(user, case: DisciplineCase) -> bool:
    tournament = case.game.tournament
    if user is None or not user.is_authenticated or tournament is None or tournament.chief_judge_id is None:
        return False
    return tournament.chief_judge.user_id == user.pk


def user_may_review_case(user, case: DisciplineCase) -> bool:
    """The review queue's audience: the club's organizers and the tournament's chief judge."""
    if user is None or not user.is_authenticated:
        return False
    return user_may_organize(user, case.game.club) or user_is_chief_judge(user, case)


def decide_refusal(user, case: DisciplineCase) -> str | None:
    """Why this user may not decide (or reopen) this case; None if they may.

    Enforced by the services: the game's judge, whoever recorded the event and the player of the
    case never decide it — not even as organizers or superusers.
    """
    if not user_may_review_case(user, case):
        return _("Only the club's organizers and the tournament's chief judge decide discipline cases.")
    judges = {case.judge.user_id if case.judge_id and case.judge else None,
              case.game.judge.user_id if case.game.judge_id and case.game.judge else None,
              case.recorded_by_id}
    if user.pk in judges:
        return _("You judged this game, so someone else must decide its cases.")
    if case.player_id and case.player and case.player.user_id == user.pk:
        return _("This is your own case.")
    return None


def allowed_decisions(case: DisciplineCase) -> tuple[str, ...]:
    return DECISIONS_BY_KIND.get(case.kind, (Decision.UPHOLD,))


def user_may_appeal(user, case: DisciplineCase) -> bool:
    return (user is not None and user.is_authenticated and case.player_id is not None
            and case.player.user_id == user.pk and case.appeal_open)


# --- the queue ---------------------------------------------------------------------------------------


def case_queryset() -> QuerySet[DisciplineCase]:
    return DisciplineCase.objects.select_related(
        "game__club", "game__tournament__chief_judge", "game__round", "game__judge", "player", "judge",
        "decided_by__player", "appeal",
    )


def cases_for_reviewer(user, *, tournament_id: int | None = None, status: str | None = None,
                       kind: str | None = None) -> QuerySet[DisciplineCase]:
    """The cases this user reviews: of the clubs they organize and the tournaments they chief-judge."""
    cases = case_queryset()
    if user is None or not user.is_authenticated:
        return cases.none()
    if not user.is_superuser:
        cases = cases.filter(Q(game__club__in=clubs_user_organizes(user))
                             | Q(game__tournament__chief_judge__user=user))
    if tournament_id:
        cases = cases.filter(game__tournament_id=tournament_id)
    if status:
        cases = cases.filter(status=status)
    if kind:
        cases = cases.filter(kind=kind)
    return cases.order_by("-opened_at", "-id")


def cases_to_decide(user, *, club=None) -> QuerySet[DisciplineCase]:
    """Pending cases of the clubs ``user`` organizes that they may decide now (``club``: one club,
    or an ``OuterRef`` in the organizer's queue counts): the game is over (case_decide) and
    ``decide_refusal`` finds nothing — as a query (tests/organizer/test_queue.py pins the two)."""
    clubs = Q(game__club=club) if club is not None else Q(game__club__in=clubs_user_organizes(user))
    return (DisciplineCase.objects.filter(clubs, status=Status.PENDING)
            .exclude(game__status__in=(Game.Status.SETUP, Game.Status.IN_PROGRESS))
            .exclude(judge__user=user).exclude(game__judge__user=user).exclude(recorded_by=user)
            .exclude(player__user=user))


def user_reviews_any_cases(user) -> bool:
    if user is None or not user.is_authenticated:
        return False
    if user.is_superuser or clubs_user_organizes(user).exists():
        return True
    return Tournament.objects.filter(chief_judge__user=user).exists()


def reviewer_tournaments(user):
    """The tournaments of the reviewer's cases, for the queue's filter."""
    tournaments = Tournament.objects.order_by("-starts_on", "name")
    if user.is_superuser:
        return tournaments
    return tournaments.filter(Q(club__in=clubs_user_organizes(user)) | Q(chief_judge__user=user)).distinct()


def organized_tournaments(user):
    """The tournaments whose chief judge this user may name (the clubs they organize)."""
    return (Tournament.objects.filter(club__in=clubs_user_organizes(user))
            .select_related("chief_judge").order_by("-starts_on", "name"))


# --- one case -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ContextLine:
    index: int
    text: str
    is_case_event: bool


def case_protocol_context(case: DisciplineCase, *, around: int = CONTEXT_EVENTS) -> list[ContextLine]:
    """The protocol around the case's event, a few events either side, in the judge's words."""
    events = (case.game.protocol or {}).get("events") or []
    if case.event_index is None or case.event_index >= len(events):
        return [ContextLine(-1, describe_event(case.event), True)] if case.event else []
    start = max(0, case.event_index - around)
    stop = min(len(events), case.event_index + around + 1)
    return [ContextLine(i, describe_event(events[i]), i == case.event_index) for i in range(start, stop)]


def case_history(case: DisciplineCase):
    """The case's audit trail, newest first."""
    return audit_trail(case)


def player_discipline_history(player) -> QuerySet[DisciplineCase]:
    """Every case of a player, across all clubs, newest first (void cases left out)."""
    return (DisciplineCase.objects.filter(player=player).exclude(status=Status.VOID)
            .select_related("game__club", "game__tournament", "game__round", "appeal")
            .order_by("-opened_at", "-id"))


def user_may_see_history(user, player) -> bool:
    """A player's discipline history is shown to the player and to organizers and chief judges."""
    if user is None or not user.is_authenticated:
        return False
    return player.user_id == user.pk or user_reviews_any_cases(user)


# --- what the scoring needs ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PenaltyChange:
    """A decided case that changes how a seat is penalised (docs/discipline.md)."""

    seat: int
    dd_as_disqualification: bool
    penalty_waived: bool


def _penalty_changing_cases():
    return DisciplineCase.objects.filter(
        status__in=(Status.AMENDED, Status.OVERTURNED),
        decision__in=(Decision.DD_TO_DISQUALIFICATION, Decision.WAIVE_PENALTY),
    )


def _penalty_change(decision: str, seat: int) -> PenaltyChange:
    return PenaltyChange(seat=seat, dd_as_disqualification=decision == Decision.DD_TO_DISQUALIFICATION,
                         penalty_waived=decision == Decision.WAIVE_PENALTY)


def penalty_changes(game_id: int) -> list[PenaltyChange]:
    """The game's decided cases that change penalties; the scoring builds its review from them."""
    rows = _penalty_changing_cases().filter(game_id=game_id).values_list("decision", "seat")
    return [_penalty_change(decision, seat) for decision, seat in rows]


def penalty_changes_by_game() -> dict[int, list[PenaltyChange]]:
    """``penalty_changes`` of every game that has any, in one query (a rebuild of the store)."""
    changes: dict[int, list[PenaltyChange]] = {}
    for game_id, decision, seat in _penalty_changing_cases().values_list("game_id", "decision", "seat"):
        changes.setdefault(game_id, []).append(_penalty_change(decision, seat))
    return changes
