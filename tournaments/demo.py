"""Demo data for tournaments (called by ``seed_demo``; safe to run again).

A published tournament of the thirty demo players at 3 tables × 10 rounds, a club evening
open for applications, and three finished tournaments of the past year (``demo_past``). Everything goes through the services, so the audit trail is real too.
"""

from __future__ import annotations

import datetime
import zoneinfo

from django.contrib.auth import get_user_model
from django.utils import timezone

from clubs.management.commands.seed_demo import DEMO_NICKNAMES
from clubs.models import Club, ClubMembership, Player

from . import services
from .demo_past import build_past_tournaments
from .demo_play import play_first_rounds
from .models import Application, Evening, Tournament

TOURNAMENT_SLUG = "red-square-cup"
SEATING_SEED = 2026
EVENING_TITLE = "Friday club night"


def _demo_players() -> list[Player]:
    return list(Player.objects.filter(nickname__in=DEMO_NICKNAMES).order_by("pk"))


def build(club: Club, stdout) -> None:
    actor = get_user_model().objects.filter(username="organizer").first()
    today = timezone.localdate()
    tournament = Tournament.objects.filter(slug=TOURNAMENT_SLUG).first()
    if tournament is None:
        tournament = services.tournament_create(
            club=club, actor=actor, name="Red Square Cup", slug=TOURNAMENT_SLUG,
            starts_on=today, ends_on=today + datetime.timedelta(days=1),
            venue=club.contact.splitlines()[0] if club.contact else "", tables=3, qualifying_rounds=10,
            final_size=10, final_coefficient="1.50",
            description="The club's monthly cup: ten qualifying rounds at three tables, then the final ten.",
        )
        services.tournament_set_status(tournament=tournament, status=Tournament.Status.REGISTRATION_OPEN,
                                       actor=actor)
    players = _demo_players()
    if not tournament.rounds.exists():
        for player in players[: tournament.seat_capacity]:
            application, _ = Application.objects.get_or_create(tournament=tournament, player=player)
            if application.status != Application.Status.ACCEPTED:
                services.application_decide(application=application, status=Application.Status.ACCEPTED,
                                            actor=actor)
        services.seating_generate(tournament=tournament, actor=actor, seed=SEATING_SEED)
        judges = list(Player.objects.filter(memberships__club=club, memberships__role__in=[
            ClubMembership.Role.JUDGE, ClubMembership.Role.ORGANIZER]).order_by("nickname"))
        if judges:
            services.table_judges_assign(
                tournament=tournament, actor=actor,
                judges={t: judges[(t - 1) % len(judges)] for t in range(1, tournament.tables + 1)})
        services.seating_publish(tournament=tournament, actor=actor)
        services.publication_set(tournament=tournament, actor=actor, publish_standings=True,
                                 publish_results=True)

    evening = Evening.objects.filter(club=club, title=EVENING_TITLE).first()
    if evening is None:
        tz = zoneinfo.ZoneInfo(club.timezone)
        day = today + datetime.timedelta(days=(4 - today.weekday()) % 7 or 7)
        starts_at = datetime.datetime.combine(day, datetime.time(19, 0), tzinfo=tz)
        evening = services.evening_create(club=club, actor=actor, title=EVENING_TITLE, starts_at=starts_at,
                                          venue=club.contact.splitlines()[0] if club.contact else "", tables=2)
        for index, player in enumerate(players[:6]):
            application = Application.objects.create(evening=evening, player=player)
            if index < 5:  # the sixth waits for the organizer's decision
                services.application_decide(application=application, status=Application.Status.ACCEPTED,
                                            actor=actor)
    tournament.refresh_from_db()
    stdout.write(f"Tournament: {tournament.name} ({tournament.get_status_display()}), "
                 f"evening: {evening.title} ({evening.get_status_display()})")
    play_first_rounds(club, stdout)
    build_past_tournaments(club, stdout)
