"""Build confirmed tournament games through the real services, as judges and organizers do."""

import time
from datetime import date

from clubs.models import ClubMembership
from games.engine.examples import full_pro_mafia_game
from games.models import Game
from games.services import game_confirm, game_deal, game_submit, protocol_replace
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory
from tests.games.factories import seat_table
from tournaments.models import Application, Round, Tournament


def tournament_with_staff():
    club = ClubFactory()
    judge = MembershipFactory(club=club, role=ClubMembership.Role.JUDGE)
    organizer = MembershipFactory(club=club, role=ClubMembership.Role.ORGANIZER)
    tournament = Tournament.objects.create(
        club=club, name="Pipeline Cup", slug=f"pipeline-cup-{club.pk}", starts_on=date(2026, 11, 1),
        ends_on=date(2026, 11, 2), tables=1, qualifying_rounds=3,
        publish_results=True,  # confirmed games are published, so they count at once
    )
    return tournament, judge.player, organizer.player.user


def finished_game(tournament, judge, players=None) -> Game:
    """A game of the tournament with the example protocol entered to the end (not submitted)."""
    document = full_pro_mafia_game().build()
    players = players or [PlayerFactory() for _ in range(10)]
    for player in players:
        Application.objects.get_or_create(tournament=tournament, player=player,
                                          defaults={"status": Application.Status.ACCEPTED})
    number = Game.objects.filter(tournament=tournament).count() + 1
    round_, _ = Round.objects.get_or_create(tournament=tournament, number=number)
    # Tournament games come from the seating generator; here one table per round.
    game = Game.objects.create(club=tournament.club, tournament=tournament, round=round_, table_number=1,
                               number=number, judge=judge, ruleset=document["ruleset"])
    seat_table(game, players)
    roles = {seat["seat"]: seat["role"] for seat in document["seats"]}
    game = game_deal(game=game, players=dict(enumerate(players, start=1)), roles=roles,
                     expected_version=game.protocol_version, actor=judge.user)
    protocol = {**game.protocol, "events": document["events"]}
    return protocol_replace(game=game, document=protocol, expected_version=game.protocol_version,
                            actor=judge.user)


def confirm(game, judge, organizer_user) -> Game:
    game = game_submit(game=game, expected_version=game.protocol_version, actor=judge.user)
    return game_confirm(game=game, expected_version=game.protocol_version, actor=organizer_user)


def wait_for(condition, timeout=30.0):
    """Poll ``condition`` every 0.1 s until it holds (True) or ``timeout`` seconds pass (False)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False
