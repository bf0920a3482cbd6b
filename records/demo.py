"""Demo data for the players' records (``seed_demo``): eighteen months of the demo club's evenings.

Two evenings a week (Tuesdays at one table, Fridays at two), three or so games a table, among the
thirty demo players: about 620 published, confirmed games, so that "Arkady" (the ``player``
account) and most players have 150–300 games with every role, seat and result, fouls, wills and
first-night shots. Issue 29: "players with a few hundred games, so ``make run`` shows every page
filled".

The protocols are the engine's simulated games (``games.engine.simulate.random_game``, as the demo
cup's), seeded, so every run writes the same history. Going game by game through the services
and the pipeline would take minutes, so the history is loaded in bulk as the services would have
left it — the evening, the game confirmed by the organizer after the judge's submission, its
protocol versions and its stored scores (``scoring.services.seat_score_values``) — and the
derived stores are then rebuilt once: the ratings (``ratings_recompute``) and the players'
records (``player_records_rebuild``). No audit entries or discipline cases are written for it:
it is history from before the site (docs/records.md, "The demo's history").

Safe to run again: once the history's evenings exist, nothing is added.
"""

from __future__ import annotations

import datetime
import random
import zoneinfo

from django.contrib.auth import get_user_model
from django.utils import timezone

from clubs.management.commands.seed_demo import DEMO_NICKNAMES
from clubs.models import Player
from core.bulkload import bulk_create_json_as_values
from core.site import absolute
from games.models import Game, GameSeat
from ratings.services import ratings_recompute
from tournaments.demo_play import confirmed_fields, finished_protocol, store_versions_and_scores
from tournaments.models import Evening

from .models import SeatRecord
from .rebuild import player_records_rebuild

HISTORY_TITLE = "Club evening"
HISTORY_SEED = 29
HISTORY_WEEKS = 78  # eighteen months
JUDGES = ("Judge Julia", "Judge Nadia")
# How often a player comes, relative to the others: Arkady (the demo account) is a regular; the
# others get a weight from 0.75 to 1.25 from the history's generator.
ATTENDANCE = {"Arkady": 1.25}


def _pick(rng: random.Random, players: list[Player], weights: dict[int, float], count: int) -> list[Player]:
    """``count`` players drawn without replacement, each as likely as their attendance weight."""
    keyed = sorted(players, key=lambda p: rng.random() ** (1.0 / weights[p.pk]), reverse=True)
    return keyed[:count]


def _evenings(today: datetime.date, weeks: int) -> list[tuple[datetime.date, int]]:
    """(day, tables) of the history's evenings: Tuesdays at one table, Fridays at two, oldest first,
    the last one before today."""
    first = today - datetime.timedelta(weeks=weeks)
    days = [first + datetime.timedelta(days=n) for n in range((today - first).days)]
    return [(day, 1 if day.weekday() == 1 else 2) for day in days if day.weekday() in (1, 4)]


def build_history(club, stdout, *, weeks: int = HISTORY_WEEKS) -> int:
    """Load ``weeks`` of evenings before today (nothing when they exist); returns the games added."""
    if Evening.objects.filter(club=club, title=HISTORY_TITLE).exists():
        return 0
    users = get_user_model().objects
    judge_user, organizer = users.filter(username="judge").first(), users.filter(username="organizer").first()
    players = list(Player.objects.filter(nickname__in=DEMO_NICKNAMES).order_by("pk"))
    judges = list(Player.objects.filter(nickname__in=JUDGES).order_by("nickname"))
    if judge_user is None or organizer is None or len(players) < 10 or not judges:
        stdout.write("Records demo: skipped (the demo club's players and accounts are missing)")
        return 0
    rng = random.Random(HISTORY_SEED)
    weights = {p.pk: ATTENDANCE.get(p.nickname, 0.75 + 0.5 * rng.random()) for p in players}
    tz = zoneinfo.ZoneInfo(club.timezone or "UTC")
    today = timezone.localdate()

    evenings = Evening.objects.bulk_create(
        Evening(club=club, title=HISTORY_TITLE, tables=tables, status=Evening.Status.FINISHED,
                publish_results=True, venue=club.contact.splitlines()[0] if club.contact else "",
                starts_at=datetime.datetime.combine(day, datetime.time(19, 0), tzinfo=tz))
        for day, tables in _evenings(today, weeks))
    games, records = [], []
    for evening in evenings:
        for number in range(1, rng.choice((2, 3, 3)) + 1):
            played_at = evening.starts_at + datetime.timedelta(minutes=50 * number)
            at_tables = _pick(rng, players, weights, 10 * evening.tables)
            for table in range(1, evening.tables + 1):
                document = finished_protocol(rng.randrange(2**31), city_skill=rng.choice((0.3, 0.5, 0.6, 0.8)),
                                             fouls_per_phase=rng.choice((0, 0, 0, 1)), will_skill=0.5)
                seated = at_tables[10 * (table - 1): 10 * table]
                for entry, player in zip(document["seats"], seated, strict=True):
                    entry["player"], entry["player_id"] = player.nickname, player.pk
                record, fields = confirmed_fields(document, played_at=played_at, judge_user=judge_user,
                                                  organizer=organizer)
                games.append(Game(club=club, evening=evening, table_number=table, number=number,
                                  judge=judges[(table + evening.pk) % len(judges)],
                                  judge_link_issued_at=played_at, **fields))
                records.append(record)
    games = bulk_create_json_as_values(Game, games)  # their protocols: not through UNNEST
    GameSeat.objects.bulk_create(
        GameSeat(game=game, seat=entry["seat"], player_id=entry["player_id"], role=entry["role"])
        for game in games for entry in game.protocol["seats"])
    store_versions_and_scores(list(zip(games, records, strict=True)), judge_user=judge_user, organizer=organizer)
    # The stores derived from the games, rebuilt once (the pipeline would have kept them game by game).
    ratings_recompute()
    player_records_rebuild()
    return len(games)


def build(club, stdout, *, weeks: int = HISTORY_WEEKS) -> None:
    added = build_history(club, stdout, weeks=weeks)
    arkady = Player.objects.filter(nickname="Arkady").first()
    if arkady is None:
        return
    games = SeatRecord.objects.filter(player=arkady).count()
    stdout.write(f"Players' records: {added} club-evening games added; Arkady's record ({games} games): "
                 f"{absolute(f'/players/{arkady.pk}/record/')}")
