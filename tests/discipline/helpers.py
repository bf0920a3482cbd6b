"""Discipline games built through the real services, as judges and organizers do."""

from __future__ import annotations

from datetime import date

from clubs.models import ClubMembership
from games.engine.scenario import Scenario
from games.models import Game
from games.services import game_confirm, game_deal, game_submit, protocol_replace
from tests.factories import ClubFactory, MembershipFactory, UserPlayerFactory
from tests.games.factories import seat_table
from tournaments.models import Application, Round, Tournament


class Cup:
    """A tournament with a judge, two organizers, a chief judge and ten players with accounts."""

    def __init__(self, ruleset: str = "pro-mafia-1.1"):
        self.club = ClubFactory()
        self.judge = MembershipFactory(club=self.club, role=ClubMembership.Role.JUDGE).player
        self.organizer = MembershipFactory(club=self.club, role=ClubMembership.Role.ORGANIZER).player.user
        self.confirmer = MembershipFactory(club=self.club, role=ClubMembership.Role.ORGANIZER).player.user
        self.chief = UserPlayerFactory()
        self.tournament = Tournament.objects.create(
            club=self.club, name="Discipline Cup", slug=f"discipline-cup-{self.club.pk}", ruleset=ruleset,
            starts_on=date(2026, 11, 1), ends_on=date(2026, 11, 2), tables=1, qualifying_rounds=5,
            chief_judge=self.chief, publish_results=True,  # confirmed games count at once
        )
        self.players = [UserPlayerFactory() for _ in range(10)]
        for player in self.players:
            Application.objects.create(tournament=self.tournament, player=player,
                                       status=Application.Status.ACCEPTED)

    def player(self, seat: int):
        return self.players[seat - 1]

    def play(self, scenario: Scenario) -> Game:
        """A new round's game with the scenario entered by the judge (finished, not submitted)."""
        document = scenario.build()
        number = Game.objects.filter(tournament=self.tournament).count() + 1
        round_ = Round.objects.create(tournament=self.tournament, number=number)
        game = Game.objects.create(club=self.club, tournament=self.tournament, round=round_, table_number=1,
                                   number=number, judge=self.judge, ruleset=document["ruleset"])
        seat_table(game, self.players)
        roles = {seat["seat"]: seat["role"] for seat in document["seats"]}
        game = game_deal(game=game, players=dict(enumerate(self.players, start=1)), roles=roles,
                         expected_version=game.protocol_version, actor=self.judge.user)
        return protocol_replace(game=game, document={**game.protocol, "events": document["events"]},
                                expected_version=game.protocol_version, actor=self.judge.user)

    def confirm(self, game: Game) -> Game:
        game = game_submit(game=game, expected_version=game.protocol_version, actor=self.judge.user)
        return game_confirm(game=game, expected_version=game.protocol_version, actor=self.confirmer)


# --- scenarios ----------------------------------------------------------------------------------


def dd_game(ruleset: str = "pro-mafia-1.1", offender: int = 3) -> Scenario:
    """Day 1: seat 1 nominates a black, then the judge declares defeat on `offender`."""
    if ruleset == "fiim-2025":
        return (Scenario.fiim(blacks=(8, 9, 10), sheriff=7)
                .night(0).sheriff_check(8).shot(None).don_check(1)
                .day(1).nominate(1, 8).dd(offender, "showed a card to a spectator"))
    return Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7).day(1).nominate(1, 8).dd(offender, "phone at the table")


def disqualification_game() -> Scenario:
    """Seat 4 gets a technical foul; black seat 9 removes the mask at night… recorded on day 1;
    then the city votes out 8, loses 1 to the shot and votes out 10: red wins."""
    return (Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
            .day(1).technical_foul(4).disqualify(9, "removed the mask at night")
            .nominate(1, 8).vote({8: []}).will(8)
            .night(1).shot(1).will(1, ordered=[10])
            .day(2).nominate(2, 10).vote({10: []}))


def red_disqualification_game() -> Scenario:
    """Red seat 2 is disqualified on day 1 after a nomination into black 8 that wins the vote."""
    return (Scenario.pro_mafia(blacks=(8, 9, 10), sheriff=7)
            .day(1).nominate(2, 8).vote({8: []}).will(8).disqualify(2, "insulted a player")
            .night(1).shot(1).will(1)
            .day(2).nominate(3, 9).vote({9: []}).will(9)
            .night(2).shot(3).will(3)
            .day(3).nominate(4, 10).vote({10: []}))
