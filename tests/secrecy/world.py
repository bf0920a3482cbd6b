"""A small club world, built through the real services, in two variants that differ ONLY in the
secret (docs/secrecy.md): the same public events, the same ids, the same instants.

* a tournament (two tables, one round) with every publication switch on, "game results are
  public" included: table 2 is an ordinary game, confirmed and so published at once; table 1 is
  the **secret game**;
* a club evening, its "game results are public" switch off, with one **secret game**;
* the club's organizer, the judge of both secret games, twenty players with accounts, and a guest
  whose application waits for a decision.

The secret games have the same nominations, votes, departures, fouls and wills in both
variants. What differs: the roles (the Mafia sits at 1–3 in ``"a"``, at 7–9 in ``"b"``; the
Sheriff at 4, at 1), and so the **winner** (the Mafia by parity in ``"a"``, the city in ``"b"``:
the same departures, other teams — issue 25, the winner is part of the secret, and the walk's
comparison now sees it on every page), the Sheriff's and the Don's check targets, the players'
shown numbers at the night shots, and one check more in variant ``"a"`` (a night event: one
protocol version more).

The tournament's chief judge is the judge of table 2, who may not enter table 1: they read the
secret game's discipline case without being entitled to its secret (the walk's ``NOT_ENTITLED``).

The states the walk looks at, in order: ``build`` (both secret games finished and submitted),
``confirm`` (confirmed, results not published: the tournament game's results are hidden again by
the organizer's button right after its confirmation published them), ``publish`` (the tournament
game's own button, and the evening's switch).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model

from clubs.models import Club, ClubMembership, Player
from games import services as games
from games.engine.examples import full_pro_mafia_game
from games.engine.scenario import Scenario
from games.models import Game
from seasons import services as seasons
from tournaments import services as tournaments
from tournaments.models import Application, Evening, Tournament

VARIANTS = ("a", "b")
START = datetime.datetime(2026, 11, 20, 9, 0, tzinfo=datetime.UTC)
# Network clients keep the real clock: their timeouts would never expire on a frozen one.
UNFROZEN = ["celery", "kombu", "redis"]


def secret_scenario(variant: str) -> Scenario:
    """The secret game: seats 10, 9 (shot), 8 and 7 leave, in this order, in both variants. In
    ``"a"`` they are red and the Mafia (1–3) wins on Day 3 by parity; in ``"b"`` the Mafia is 7–9
    (it shoots its own 9) and the city wins when 7 leaves: the same public events, another winner."""
    if variant == "a":
        game = Scenario.pro_mafia(blacks=(1, 2, 3), sheriff=4)  # the Don at 1
    else:
        game = Scenario.pro_mafia(blacks=(7, 8, 9), sheriff=1)  # the Don at 7
    game.day(1).foul(5).technical_foul(6).nominations((1, 10), (6, 9))
    game.vote({10: [1, 2, 3, 4, 5, 6], 9: [7, 8, 9, 10]})
    game.no_will(10)
    game.night(1).shot(9)
    if variant == "a":
        game.don_check(4).sheriff_check(1)
    else:
        game.don_check(2).sheriff_check(5)
    game.no_will(9)
    game.day(2).nominations((2, 8), (3, 7)).vote({8: [1, 2, 3, 4, 5], 7: [6, 7, 8]})
    game.no_will(8)
    game.night(2).miss()
    if variant == "a":
        game.don_check(5)
        game.extra_event = len(game.events)  # one night event more than in "b", at an instant of its own
        game.sheriff_check(2)
    else:
        game.don_check(3)
    game.day(3).nominations((4, 7)).vote({7: []})
    return game


@dataclass
class World:
    variant: str
    clock: object  # freezegun's frozen clock
    club: Club
    organizer: object  # User
    judge: Player
    other_judge: Player
    players: list[Player]
    guest: Player
    tournament: Tournament
    evening: Evening
    secret: Game  # the tournament's table 1
    other: Game  # the tournament's table 2
    evening_game: Game
    outsider: object = None  # User: a player of table 2
    case_player: object = None  # User: the player of the secret game's discipline case (who appealed)
    extra: dict = field(default_factory=dict)

    def at(self, minutes: int) -> None:
        """Move the frozen clock to START + minutes (the same instants in both variants)."""
        self.clock.move_to(START + datetime.timedelta(minutes=minutes))

    def refresh(self) -> World:
        for name in ("club", "tournament", "evening", "secret", "other", "evening_game", "guest"):
            getattr(self, name).refresh_from_db()
        return self

    @property
    def secret_games(self) -> list[Game]:
        return [self.secret, self.evening_game]


def _person(club: Club, username: str, nickname: str, role: str) -> Player:
    user = get_user_model().objects.create_user(username=username, email=f"{username}@example.com",
                                                password="secret-pass-123")
    player = Player.objects.create(nickname=nickname, user=user, home_club=club, city="Moscow")
    ClubMembership.objects.create(club=club, player=player, role=role)
    return player


def _enter(world: World, game: Game, scenario: Scenario, actor) -> Game:
    """The judge records the game event by event, as on the entry page (a version per event), all
    at the world's current instant — but variant "a"'s extra check, 30 seconds later: a page that
    showed when a protocol last changed would differ there."""
    now = world.clock()
    for index, event in enumerate(scenario.build()["events"]):
        extra = index == getattr(scenario, "extra_event", None)
        world.clock.move_to(now + datetime.timedelta(seconds=30) if extra else now)
        game = games.protocol_append_event(game=game, event=event, expected_version=game.protocol_version,
                                           actor=actor)
    world.clock.move_to(now)
    return game


def _deal(game: Game, scenario: Scenario, players: dict[int, Player], actor) -> Game:
    game = games.game_deal(game=game, players=players, roles=scenario.roles, expected_version=game.protocol_version,
                           actor=actor)
    # The private link is random; make it the same in both variants (it is the judge's key, never shown).
    Game.objects.filter(pk=game.pk).update(judge_token=f"judge-link-{game.pk}")
    game.refresh_from_db()
    return game


def build(variant: str, clock) -> World:
    """State 1: both secret games finished and submitted, nothing confirmed."""
    assert variant in VARIANTS
    clock.move_to(START)
    Role = ClubMembership.Role
    club = Club.objects.create(name="Secret Club", slug="secret-club", city="Moscow", timezone="Europe/Moscow")
    organizer = _person(club, "organizer", "Organizer Olga", Role.ORGANIZER).user
    judge = _person(club, "judge", "Judge Ivan", Role.JUDGE)
    other_judge = _person(club, "judge2", "Judge Nina", Role.JUDGE)
    players = [_person(club, f"p{n:02}", f"Player {n:02}", Role.MEMBER) for n in range(1, 21)]
    world = World(variant=variant, clock=clock, club=club, organizer=organizer, judge=judge,
                  other_judge=other_judge, players=players, guest=None, tournament=None, evening=None,
                  secret=None, other=None, evening_game=None)

    world.at(10)
    tournament = tournaments.tournament_create(
        club=club, actor=organizer, name="Secret Cup", slug="secret-cup", starts_on=datetime.date(2026, 11, 20),
        ends_on=datetime.date(2026, 11, 21), tables=2, qualifying_rounds=1)
    tournaments.tournament_set_status(tournament=tournament, status=Tournament.Status.REGISTRATION_OPEN,
                                      actor=organizer)
    for player in players:
        application = tournaments.application_submit(tournament=tournament, user=player.user)
        tournaments.application_decide(application=application, status=Application.Status.ACCEPTED, actor=organizer)
    guest_application = tournaments.application_submit(tournament=tournament, guest_name="Guest Gleb",
                                                       guest_contact="+7 900 000-00-00")
    world.guest = guest_application.player
    world.at(20)
    tournaments.seating_generate(tournament=tournament, actor=organizer, seed=7)
    tournaments.table_judges_assign(tournament=tournament, actor=organizer, judges={1: judge, 2: other_judge})
    tournaments.seating_publish(tournament=tournament, actor=organizer)
    tournaments.tournament_set_status(tournament=tournament, status=Tournament.Status.RUNNING, actor=organizer)
    tournaments.publication_set(tournament=tournament, actor=organizer, publish_standings=True,
                                publish_protocols=True, publish_results=True)
    world.tournament = tournament
    from discipline import services as discipline

    # The chief judge reviews the tournament's discipline cases; they judge table 2, not the secret table.
    discipline.tournament_set_chief_judge(tournament=tournament, player=other_judge, actor=organizer)

    # Table 2: an ordinary game, played, confirmed and published — the same in both variants.
    world.at(30)
    other = tournament.games.get(table_number=2)
    seated = {seat.seat: seat.player for seat in other.seats.select_related("player")}
    world.outsider = seated[1].user
    scenario = full_pro_mafia_game()
    other = _deal(other, scenario, seated, other_judge.user)
    other = games.protocol_replace(game=other, document={**other.protocol, "events": scenario.build()["events"]},
                                   expected_version=other.protocol_version, actor=other_judge.user)
    other = games.game_submit(game=other, expected_version=other.protocol_version, actor=other_judge.user)
    world.other = games.game_confirm(game=other, expected_version=other.protocol_version, actor=organizer)

    # Table 1: the secret game.
    world.at(60)
    secret = tournament.games.get(table_number=1)
    seated = {seat.seat: seat.player for seat in secret.seats.select_related("player")}
    scenario = secret_scenario(variant)
    secret = _enter(world, _deal(secret, scenario, seated, judge.user), scenario, judge.user)
    world.secret = games.game_submit(game=secret, expected_version=secret.protocol_version, actor=judge.user)

    # The club evening (its results switch off): the same ten players, the secret game again.
    world.at(120)
    evening = tournaments.evening_create(club=club, actor=organizer, title="Secret Friday",
                                         starts_at=START + datetime.timedelta(hours=8), tables=1,
                                         publish_results=False)
    for player in seated.values():
        application = tournaments.application_submit(evening=evening, user=player.user)
        tournaments.application_decide(application=application, status=Application.Status.ACCEPTED, actor=organizer)
    world.at(480)
    tournaments.evening_set_status(evening=evening, status=Evening.Status.RUNNING, actor=organizer)
    world.evening = evening
    game = games.game_create(club=club, actor=judge.user, evening=evening, judge=judge)
    rotated = {seat: seated[(seat + 2) % 10 + 1] for seat in range(1, 11)}
    game = _enter(world, _deal(game, scenario, rotated, judge.user), scenario, judge.user)
    world.evening_game = games.game_submit(game=game, expected_version=game.protocol_version, actor=judge.user)
    world.at(530)
    # The club's season around both secret games, its standings by the rating change (a change
    # tells a team and a result: docs/seasons.md).
    world.extra["season"] = seasons.season_create(
        club=club, actor=organizer, name="November", starts_on=datetime.date(2026, 11, 1),
        ends_on=datetime.date(2026, 11, 30), measure="rating", min_games=0).pk
    world.at(540)
    world.extra.update(_online_game(world))
    world.extra.update(_mafia1923_event(world))
    world.extra.update(_simulation_run(world))
    world.extra.update(_league_series(world))
    world.at(600)
    from django.contrib.contenttypes.models import ContentType

    from discipline import services as discipline
    from discipline.models import DisciplineCase

    case = DisciplineCase.objects.select_related("player__user").get(game=world.secret)
    # the player of the case appeals: the case has every part a page may show
    discipline.case_appeal(case=case, text="I did not insult anyone.", actor=case.player.user)
    world.case_player = case.player.user
    world.extra.update(
        case=case.pk,
        guest_application=guest_application.pk,
        outsider_application=Application.objects.get(tournament=tournament, player__user=world.outsider).pk,
        game_content_type=ContentType.objects.get_for_model(Game).pk,
    )
    return world.refresh()


def _online_game(world: World) -> dict:
    """An online forum game in progress, moderated by the organizer: the deal's seed is the
    secret (the two worlds deal differently); its team thread and a night result hold secrets."""
    from online.forum import services as online
    from online.models import Slot

    setup = online.setup_create(name="Secret Setup", slug="secret-setup", data={
        "ruleset": "forum", "roles": [{"role": "mafia_goon", "count": 2}, {"role": "cop", "count": 1},
                                      {"role": "townie", "count": 4}]})
    game = online.game_create(setup=setup, moderator=world.organizer, title="Secret Online",
                              seed=f"secret-{world.variant}")
    users = [player.user for player in world.players if player.user != world.outsider][:7]
    for user in users:
        online.signup_join(game=game, user=user)
    online.game_deal(game=game)
    online.role_messages_send(game=game)
    online.game_start(game=game)
    mafia = Slot.objects.get(game=game, number=_mafia_slot(game)).user
    online.post_create(game=game, user=mafia, thread_key="side:mafia", body="Our secret plan.")
    online.post_create(game=game, user=users[0], body="Hello, town.")
    from online.engine.judged_table import create_table
    from online.models import JudgedTable

    # An auto-judged table that belongs to a visitor's session: no viewer of the walk may see it.
    JudgedTable.objects.create(token="secrecy-table", seed="secrecy-table", seat=3, session_key="a-visitor",
                               log=create_table("secrecy-table")[1])
    return {"online_game": game.slug, "online_setup": setup.slug, "judged_table": "secrecy-table"}


def _league_series(world: World) -> dict:
    """The tournament is finished (its standings public: they count its published games only) and
    is the one tournament of a series of a league of the club: the series' standings are its
    published games' final places (leagues/, docs/leagues.md)."""
    from leagues import services as leagues

    tournaments.tournament_set_status(tournament=world.tournament, status=Tournament.Status.FINISHED,
                                      actor=world.organizer)
    league = leagues.league_create(club=world.club, actor=world.organizer, name="Secret League")
    table = leagues.points_table_create(league=league, actor=world.organizer, name="Secret Points",
                                        effective_from=datetime.date(2026, 1, 1),
                                        points=[10_000 - 1_000 * n for n in range(10)])
    series = leagues.series_create(league=league, actor=world.organizer, name="Secret Series",
                                   starts_on=datetime.date(2026, 1, 1), ends_on=datetime.date(2026, 12, 31),
                                   points_table=table)
    leagues.series_tournament_add(series=series, actor=world.organizer, tournament=world.tournament)
    return {"league": league.slug, "series": series.slug, "points_table": table.pk,
            "points_version": table.versions.get().pk}


def _simulation_run(world: World) -> dict:
    """A finished simulation run of the auto-judged table (bots' games: the same in both worlds)."""
    from django.utils import timezone

    from games.protocol_scoring import scorer
    from online.agents.simulate import build_report, report_json, simulate
    from online.models import SimulationRun

    report = build_report(simulate(2, "secrecy", "rule", scorer=scorer()))
    run = SimulationRun.objects.create(
        seed="secrecy", spec="rule", games=2, status=SimulationRun.Status.DONE, report_text=report_json(report),
        red_win_rate=report["run"]["red_win_rate"], requested_by=world.organizer, started_at=timezone.now(),
        finished_at=timezone.now(), duration_ms=10)
    return {"simulation_run": run.pk}


def _mafia1923_event(world: World) -> dict:
    """A Mafia 1923 event, started, moderated by the organizer: two families of 8 whose deal is
    the secret (its seed differs between the worlds); a player's question to the moderators."""
    from online.core import clock
    from online.mafia1923 import services as m1923

    now = clock.now()
    game = m1923.event_create(title="Secret 1923", moderator=world.organizer, seed=f"secret-1923-{world.variant}",
                              pool=[{"role": "doctor"}, {"role": "detective"}, {"role": "witness"}], now=now)
    users = [player.user for player in world.players if player.user != world.outsider][:16]
    for index, user in enumerate(users):
        m1923.entry_create(game=game, user=user, level="standard", request="family",
                           together="Alef" if index < 8 else "Bet", now=now)
    m1923.families_form(game=game, actor=world.organizer)
    m1923.event_enrol_and_deal(game=game, actor=world.organizer, now=now)
    m1923.event_start(game=game, actor=world.organizer, now=now)
    m1923.question_ask(game=game, user=users[0], body="A private question.", now=now)
    return {"m1923_event": game.slug}


def _end_online_game(world: World) -> None:
    from online.core.play import state_of
    from online.forum import services as online
    from online.models import Game as OnlineGame

    game = OnlineGame.objects.get(slug=world.extra["online_game"])
    for number in [slot.number for slot in state_of(game).slots if slot.side == "mafia"]:
        online.slot_modkill(game=game, number=number, note="Inactive")
        game.refresh_from_db()
    assert game.is_over
    online.review_publish(game=game, note="Well played.")


def _mafia_slot(game) -> int:
    from online.core.play import state_of

    game.refresh_from_db()
    return next(slot.number for slot in state_of(game).slots if slot.side == "mafia")


def confirm(world: World) -> World:
    """State 2: both secret games confirmed; their results are not published (the tournament's
    switch published table 1 on confirmation; the organizer hides it again)."""
    world.at(700)
    for game in world.secret_games:
        games.game_confirm(game=game, expected_version=game.protocol_version, actor=world.organizer)
    games.game_publish_results(game=world.secret, actor=world.organizer, published=False)
    world.at(720)
    return world.refresh()


def publish(world: World) -> World:
    """State 3: the tournament game's own button; the evening's switch; the online game ends (the
    moderator modkills both of the Mafia: in the two worlds they sit in other slots) and the
    moderator publishes its post-game review."""
    world.at(800)
    games.game_publish_results(game=world.secret, actor=world.organizer)
    tournaments.evening_update(evening=world.evening, actor=world.organizer, publish_results=True)
    _end_online_game(world)
    world.at(820)
    return world.refresh()


STATES = (("finished", build), ("confirmed", confirm), ("published", publish))
