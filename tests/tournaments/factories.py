"""Factories for tournaments, evenings, applications and scored games."""

import datetime
from decimal import Decimal

import factory
from django.utils import timezone

from clubs.models import ClubMembership
from games.models import Game, GameSeat
from scoring.models import SeatScore
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserPlayerFactory
from tournaments.models import Application, Evening, Round, Tournament


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    club = factory.SubFactory(ClubFactory)
    name = factory.Sequence(lambda n: f"Cup {n}")
    slug = factory.Sequence(lambda n: f"cup-{n}")
    starts_on = factory.LazyFunction(lambda: timezone.localdate() + datetime.timedelta(days=7))
    ends_on = factory.LazyAttribute(lambda t: t.starts_on)
    tables = 1
    qualifying_rounds = 3
    status = Tournament.Status.REGISTRATION_OPEN


class EveningFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Evening

    club = factory.SubFactory(ClubFactory)
    title = factory.Sequence(lambda n: f"Friday {n}")
    starts_at = factory.LazyFunction(lambda: timezone.now() + datetime.timedelta(days=2))
    tables = 1


class ApplicationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Application

    tournament = factory.SubFactory(TournamentFactory)
    player = factory.SubFactory(UserPlayerFactory)
    status = Application.Status.PENDING


def organizer_of(club):
    """A user who organizes ``club``."""
    return MembershipFactory(club=club, role=ClubMembership.Role.ORGANIZER).player.user


def judge_of(club):
    return MembershipFactory(club=club, role=ClubMembership.Role.JUDGE).player


def accepted_players(tournament, count, *, clubs=None):
    players = []
    for i in range(count):
        home = clubs[i % len(clubs)] if clubs else None
        player = PlayerFactory(home_club=home)
        ApplicationFactory(tournament=tournament, player=player, status=Application.Status.ACCEPTED)
        players.append(player)
    return players


def scored_game(tournament, rnd, table, seats, *, status=Game.Status.CONFIRMED, winner="red", published=True):
    """A game with seats and SeatScore rows. ``seats``: [(player, role, won, total, items)].

    ``published``: its results are published (standings count only such confirmed games)."""
    game = Game.objects.create(club=tournament.club, tournament=tournament, round=rnd, table_number=table,
                               status=status, winner=winner, results_published=published)
    for number, (player, role, won, total, items) in enumerate(seats, start=1):
        GameSeat.objects.create(game=game, seat=number, player=player, role=role)
        SeatScore.objects.create(game=game, seat=number, player=player, role=role, won=won,
                                 total=Decimal(str(total)), items=items, protocol_version=1)
    return game


def make_round(tournament, number, *, is_final=False, coefficient="1.00"):
    return Round.objects.create(tournament=tournament, number=number, is_final=is_final,
                                coefficient=Decimal(coefficient))
