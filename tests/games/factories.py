"""Factories for games and their seats (the shared ones live in tests/factories.py)."""

import factory

from clubs.models import ClubMembership
from games.models import Game, GameSeat
from games.services import game_deal
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory

ROLES_BY_SEAT = {1: "civilian", 2: "don", 3: "civilian", 4: "civilian", 5: "mafia",
                 6: "civilian", 7: "sheriff", 8: "civilian", 9: "mafia", 10: "civilian"}
"""The deal of the scenario kit's `Game.pro_mafia(blacks=(2, 5, 9), sheriff=7)`."""


class GameFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Game

    club = factory.SubFactory(ClubFactory)
    table_number = 1
    number = factory.Sequence(lambda n: n + 1)
    ruleset = "pro-mafia-1.1"


class GameSeatFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = GameSeat

    game = factory.SubFactory(GameFactory)
    seat = factory.Sequence(lambda n: n % 10 + 1)
    player = factory.SubFactory(PlayerFactory)


def seat_table(game, players) -> None:
    """Seat ``players`` (seat 1 first) at a tournament table, as the seating generator does: a
    tournament table is dealt with its seating (games.services._check_tournament_seating)."""
    GameSeat.objects.bulk_create(GameSeat(game=game, seat=seat, player=player)
                                 for seat, player in enumerate(players, start=1))


def judge_membership(club, role=ClubMembership.Role.JUDGE):
    """A user with a player and a role in the club."""
    return MembershipFactory(club=club, role=role)


def judged_game(**kwargs) -> Game:
    """A game in setup with an assigned judge who has an account."""
    game = GameFactory(**kwargs)
    membership = judge_membership(game.club)
    game.judge = membership.player
    game.save(update_fields=["judge"])
    return game


def dealt_game(roles=None, **kwargs) -> Game:
    """A judged game with ten players seated and the roles dealt (version 1)."""
    game = judged_game(**kwargs)
    players = {seat: PlayerFactory() for seat in range(1, 11)}
    return game_deal(game=game, players=players, roles=roles or ROLES_BY_SEAT, expected_version=0,
                     actor=game.judge.user)
