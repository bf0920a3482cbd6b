"""A whole tournament played at auto-judged tables (issue 19, `manage.py simulate_tournament`).

The games are played by the online app's judge and agents, provided through
`games.automatic_play` (this app does not import `online`: docs/architecture.md). The site's own
pipeline does everything but the playing: the tournament is created and its
players accepted through the tournament services, seated by the seating generator, and every
game's protocol — written by the judge engine as a `fiim-2025` document — is dealt, entered,
submitted by the simulation's judge account and confirmed by its organizer account (a different
person, as the site requires), so that scores, standings and ratings fill up as a real event's.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from clubs.models import Club, ClubMembership, Player
from games import services as game_services
from games.automatic_play import play
from games.models import Game
from games.rulesets import seat_numbers
from tournaments import services as tournament_services
from tournaments.models import Application, Tournament
from vocabulary import FIIM_2025, RED

CLUB_SLUG = "auto-judged-tables"
ORGANIZER = "table-organizer"
JUDGE = "table-judge"


@dataclass
class TournamentRun:
    tournament: Tournament
    games: int
    red_wins: int


def _accounts(club: Club):
    """The simulation's organizer (confirms) and judge (enters and submits): two people."""
    User = get_user_model()
    accounts = []
    for username, nickname, role in ((ORGANIZER, "Table Organizer", ClubMembership.Role.ORGANIZER),
                                     (JUDGE, "Table Judge", ClubMembership.Role.JUDGE)):  # fmt: skip
        user = User.objects.filter(username=username).first()
        if user is None:
            user = User.objects.create_user(
                username=username, email=f"{username}@example.com", password=None
            )
        player, _ = Player.objects.get_or_create(
            nickname=nickname, defaults={"home_club": club, "user": user}
        )
        membership, _ = ClubMembership.objects.get_or_create(club=club, player=player)
        if membership.role != role:
            membership.role = role
            membership.save(update_fields=["role"])
        accounts.append(user)
    return accounts


def _club() -> Club:
    club, _ = Club.objects.get_or_create(
        slug=CLUB_SLUG,
        defaults={
            "name": "Auto-judged tables",
            "city": "Online",
            "timezone": "UTC",
            "description": "Tournaments played by agents at auto-judged tables.",
        },  # fmt: skip
    )
    return club


def _bots(club: Club, count: int, spec: str) -> list[Player]:
    label = spec.replace("=", "-").replace(",", "_")[:20]
    players = []
    for number in range(1, count + 1):
        player, _ = Player.objects.get_or_create(nickname=f"Bot {label} {number:03d}",
                                                 defaults={"home_club": club, "city": club.city})  # fmt: skip
        ClubMembership.objects.get_or_create(club=club, player=player)
        players.append(player)
    return players


def simulate_tournament(
    *,
    name: str,
    tables: int = 2,
    rounds: int = 5,
    seed: int = 1,
    spec: str = "rule",
    slug: str = "",
) -> TournamentRun:
    play(
        seed="spec-check", names=[f"Seat {seat}" for seat in seat_numbers(FIIM_2025)], spec=spec
    )  # a bad spec stops here
    club = _club()
    organizer, judge = _accounts(club)
    today = timezone.localdate()
    with transaction.atomic():
        tournament = tournament_services.tournament_create(
            club=club, actor=organizer, name=name, slug=slug, starts_on=today, ends_on=today + datetime.timedelta(days=1),
            tables=tables, qualifying_rounds=rounds, ruleset=FIIM_2025,
            description=f"Played by agents ({spec}) at auto-judged tables, seed {seed}.",
        )  # fmt: skip
        tournament_services.tournament_set_status(tournament=tournament, status=Tournament.Status.REGISTRATION_OPEN,
                                                  actor=organizer)  # fmt: skip
        for player in _bots(club, tables * 10, spec):
            application = Application.objects.create(tournament=tournament, player=player)
            tournament_services.application_decide(application=application, status=Application.Status.ACCEPTED,
                                                   actor=organizer)  # fmt: skip
        tournament_services.seating_generate(tournament=tournament, actor=organizer, seed=seed)
        judge_player = Player.objects.get(user=judge)
        tournament_services.table_judges_assign(tournament=tournament, actor=organizer, one_judge_many_tables=True,
                                                judges={t: judge_player for t in range(1, tables + 1)})  # fmt: skip
        for status in (Tournament.Status.REGISTRATION_CLOSED, Tournament.Status.SEATING_PUBLISHED,
                       Tournament.Status.RUNNING):  # fmt: skip
            tournament_services.tournament_set_status(
                tournament=tournament, status=status, actor=organizer
            )
        tournament_services.publication_set(tournament=tournament, actor=organizer, publish_participants=True,
                                            publish_seating=True, publish_standings=True, publish_results=True)  # fmt: skip
    red = 0
    games = list(Game.objects.filter(tournament=tournament).order_by("number"))
    for game in games:
        red += play_and_enter(game=game, seed=f"{tournament.slug}-{seed}-{game.number}", spec=spec,
                              judge=judge, organizer=organizer)  # fmt: skip
    tournament_services.tournament_set_status(
        tournament=tournament, status=Tournament.Status.FINISHED, actor=organizer
    )
    tournament.refresh_from_db()
    return TournamentRun(tournament=tournament, games=len(games), red_wins=red)


@transaction.atomic
def play_and_enter(*, game: Game, seed: str, spec: str, judge, organizer) -> bool:
    """Play one seated game and put its protocol through the site's pipeline; True if red won."""
    seated = game_services.seated_players(game)
    names = [seated[seat].nickname for seat in seat_numbers(game.ruleset)]
    document, winner = play(seed=seed, names=names, spec=spec)
    for entry in document["seats"]:
        entry["player_id"] = seated[entry["seat"]].pk
    roles = {entry["seat"]: entry["role"] for entry in document["seats"]}
    game = game_services.game_deal(game=game, players=seated, roles=roles, expected_version=game.protocol_version,
                                   actor=judge)  # fmt: skip
    game = game_services.protocol_replace(game=game, document=document, expected_version=game.protocol_version,
                                          actor=judge, reason="the auto-judged table's protocol")  # fmt: skip
    if game.status != Game.Status.FINISHED:
        # A draw (nobody left the table for rounds in a row) has no end in the protocol format:
        # the game stays in progress with its protocol, for the organizers to decide.
        return False
    game = game_services.game_submit(game=game, expected_version=game.protocol_version, actor=judge)
    game_services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer)
    return winner == RED
