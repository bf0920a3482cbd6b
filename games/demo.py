"""Demo data for games: a club evening with two finished games and one in progress.

Called by ``seed_demo`` as ``build(club, stdout)``; running it again changes nothing. The
protocols are written with the engine's scenario kit, entered through the same services as the
entry page, and the in-progress game is judged by the demo ``judge`` account.
"""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from clubs.models import ClubMembership, Player
from core.site import absolute
from games.engine.examples import full_fiim_game, full_pro_mafia_game
from tournaments.models import Evening

from . import services
from .models import Game
from .rulesets import seat_numbers

EVENING_TITLE = "Friday demo evening"


def _seat_players(game: Game, players: list[Player], offset: int) -> dict[int, Player]:
    return {seat: players[(offset + seat - 1) % len(players)] for seat in seat_numbers(game.ruleset)}


def _with_players(document: dict, seated: dict[int, Player]) -> dict:
    for entry in document["seats"]:
        player = seated[entry["seat"]]
        entry["player"], entry["player_id"] = player.nickname, player.pk
    return document


def build(club, stdout) -> None:
    User = get_user_model()
    judge_user = User.objects.filter(username="judge").first()
    organizer_user = User.objects.filter(username="organizer").first()
    judge = Player.objects.filter(user=judge_user).first() if judge_user else None
    if judge_user is None or organizer_user is None or judge is None:
        stdout.write("games demo: skipped (the demo judge and organizer accounts are missing)")
        return
    evening, created = Evening.objects.get_or_create(
        club=club, title=EVENING_TITLE,
        defaults={"starts_at": timezone.now() - timedelta(hours=2), "venue": "Tverskaya 1",
                  "tables": 1, "status": Evening.Status.RUNNING, "publish_results": True},
    )
    if created or not evening.games.exists():
        staff = ClubMembership.objects.filter(club=club, role__in=["judge", "organizer"]).values("player")
        players = list(Player.objects.filter(memberships__club=club).exclude(pk__in=staff).order_by("nickname")[:20])
        for offset, scenario in ((0, full_pro_mafia_game()), (10, full_fiim_game())):
            game = services.game_create(club=club, actor=judge_user, evening=evening, judge=judge,
                                        ruleset=scenario.ruleset)
            seated = _seat_players(game, players, offset)
            game = services.game_deal(game=game, players=seated, roles=scenario.roles, expected_version=0,
                                      actor=judge_user)
            game = services.protocol_replace(game=game, document=_with_players(scenario.build(), seated),
                                             expected_version=game.protocol_version, actor=judge_user,
                                             reason="demo protocol")
            game = services.game_submit(game=game, expected_version=game.protocol_version, actor=judge_user)
            services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_user)
        # The game in progress: dealt, Day 1 under way.
        game = services.game_create(club=club, actor=judge_user, evening=evening, judge=judge)
        seated = _seat_players(game, players, 5)
        game = services.game_deal(game=game, players=seated, random_roles=True, expected_version=0,
                                  actor=judge_user)
        for event in ({"type": "foul", "day": 1, "seat": 4, "kind": "ordinary"},
                      {"type": "nominate", "day": 1, "by": 1, "target": 6},
                      {"type": "nominate", "day": 1, "by": 3, "target": 9}):
            game = services.protocol_append_event(game=game, event=event, expected_version=game.protocol_version,
                                                  actor=judge_user)
    running = evening.games.filter(status=Game.Status.IN_PROGRESS).order_by("number").first()
    stdout.write(f"Games demo: {evening.title}, {evening.games.count()} games")
    if running is not None:
        stdout.write(f"  the judge's private link to the game in progress: {absolute(f'/t/{running.judge_token}/')}")
        stdout.write(f"  the audience's live view of it: {absolute(f'/games/{running.pk}/live/')}")
