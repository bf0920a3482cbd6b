"""A small world for the API tests: a club with its organizer and two judges, a player, another
club's organizer, and games in every state (running, finished, published, in a tournament)."""

from __future__ import annotations

import copy

import pytest
from django.db import transaction
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from clubs.models import ClubMembership, Player
from games import interchange, services
from games.engine.examples import full_fiim_game, full_pro_mafia_game
from games.models import Game
from tests.factories import ClubFactory, MembershipFactory, UserPlayerFactory
from tests.games.factories import seat_table
from tournaments.models import Round, Tournament

Role = ClubMembership.Role
ACTORS = ["anonymous", "player", "judge", "other_judge", "organizer", "other_organizer"]


def pro_document(events: int | None = None) -> dict:
    document = full_pro_mafia_game().build()
    if events is not None:
        document["events"] = document["events"][:events]
    return document


def fiim_document() -> dict:
    return full_fiim_game().build()


def client_for(user) -> APIClient:
    client = APIClient()
    if user is not None:
        token, _ = Token.objects.get_or_create(user=user)
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def ensure_table_players() -> list[Player]:
    """The players the example documents seat: "Player 1" … "Player 10"."""
    return [Player.objects.get_or_create(nickname=f"Player {n}")[0] for n in range(1, 11)]


def played_game(club, judge: Player, document: dict, **fields) -> Game:
    """A game entered by ``judge`` through the API's own replace service."""
    game = Game.objects.create(club=club, judge=judge, ruleset=document["ruleset"], **fields)
    if game.tournament_id is not None:
        seat_table(game, ensure_table_players())  # the seating comes before a tournament table's deal
    return interchange.protocol_put(game=game, document=copy.deepcopy(document), expected_version=0,
                                    actor=judge.user)


class World(dict):
    def __getattr__(self, name):
        return self[name]

    def user(self, actor: str):
        return None if actor == "anonymous" else self[actor]

    def client(self, actor: str) -> APIClient:
        return client_for(self.user(actor))


@pytest.fixture(scope="module")
def world_data(django_db_setup, django_db_blocker):
    """Built once per module inside a transaction that is rolled back at its end; each test runs
    in a savepoint of it (pytest-django's ``db``), so tests cannot see each other's changes."""
    with django_db_blocker.unblock(), transaction.atomic():
        data = build_world()
        yield data
        transaction.set_rollback(True)


@pytest.fixture
def world(world_data, db) -> World:
    """The module's world, with every object read again (a test may have changed it in memory)."""
    for value in world_data.values():
        if hasattr(value, "refresh_from_db"):
            value.refresh_from_db()
    return world_data


def build_world() -> World:
    club, other_club = ClubFactory(), ClubFactory()
    organizer = MembershipFactory(club=club, role=Role.ORGANIZER).player.user
    judge = MembershipFactory(club=club, role=Role.JUDGE).player
    other_judge = MembershipFactory(club=club, role=Role.JUDGE).player
    other_organizer = MembershipFactory(club=other_club, role=Role.ORGANIZER).player.user
    player = UserPlayerFactory(nickname="Player 1")
    MembershipFactory(club=club, player=player, role=Role.MEMBER)
    ensure_table_players()

    running = played_game(club, judge, pro_document(events=10))
    finished = played_game(club, judge, pro_document())
    finished = services.game_submit(game=finished, expected_version=finished.protocol_version, actor=judge.user)
    published = played_game(club, judge, fiim_document())
    published = services.game_publish_results(game=published, actor=organizer)

    tournament = Tournament.objects.create(
        club=club, name="Spring Cup", slug="spring-cup", starts_on="2026-03-01", ends_on="2026-03-02",
        status=Tournament.Status.RUNNING, tables=2, qualifying_rounds=1,
        publish_participants=False, publish_seating=False, publish_standings=False, publish_results=False,
        publish_protocols=False,
    )
    round_one = Round.objects.create(tournament=tournament, number=1)
    table_one = played_game(club, judge, pro_document(), tournament=tournament, round=round_one, table_number=1)
    table_two = Game.objects.create(club=club, judge=other_judge, tournament=tournament, round=round_one,
                                    table_number=2, ruleset="pro-mafia-1.1")
    seat_table(table_two, ensure_table_players())
    return World(
        club=club, other_club=other_club, organizer=organizer, judge=judge.user, other_judge=other_judge.user,
        other_organizer=other_organizer, player=player.user, judge_player=judge, other_judge_player=other_judge,
        running=running, finished=finished, published=published, tournament=tournament, round=round_one,
        table_one=table_one, table_two=table_two,
    )
