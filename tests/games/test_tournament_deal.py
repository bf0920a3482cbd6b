"""The tournament deal rule: a tournament table is dealt with its seating; the judge (by login or
by the link) gives out the roles only; an organizer changes a seat's player, audited and in the
protocol's history. Club-evening and standalone games keep the free deal (docs/entry.md)."""

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from core.audit import audit_trail
from core.errors import ApplicationError
from games import services
from games.models import Game, GameSeat, ProtocolVersion
from tests.factories import MembershipFactory, PlayerFactory
from tests.tournaments.factories import EveningFactory, TournamentFactory
from tournaments.models import Application, Round

from .factories import ROLES_BY_SEAT, judged_game, seat_table

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
ROLE_FIELDS = {f"role_{seat}": role for seat, role in ROLES_BY_SEAT.items()}


class Cup:
    """A tournament with one round of two tables (seated as the generator would) and two
    accepted participants who sit out the round."""

    def __init__(self):
        game = judged_game()
        self.tournament = TournamentFactory(club=game.club, tables=2, qualifying_rounds=1)
        self.round = Round.objects.create(tournament=self.tournament, number=1)
        self.players = [PlayerFactory() for _ in range(22)]
        for player in self.players:
            Application.objects.create(tournament=self.tournament, player=player,
                                       status=Application.Status.ACCEPTED)
        Game.objects.filter(pk=game.pk).update(tournament=self.tournament, round=self.round)
        game.refresh_from_db()
        self.table = game
        self.other_table = Game.objects.create(club=game.club, tournament=self.tournament, round=self.round,
                                               table_number=2)
        seat_table(self.table, self.players[:10])
        seat_table(self.other_table, self.players[10:20])
        self.free = self.players[20:]
        self.organizer = MembershipFactory(club=game.club, role=ClubMembership.Role.ORGANIZER).player.user

    def seating(self, game=None):
        return {seat.seat: seat.player for seat in (game or self.table).seats.select_related("player")}


@pytest.fixture
def cup():
    return Cup()


def judges_page(client, game, by: str) -> str:
    """The table's entry page as its judge opens it: by login, or by the private link."""
    if by == "login":
        client.force_login(game.judge.user)
        return reverse("entry:page", kwargs={"pk": game.pk})
    return reverse("entry:link", kwargs={"token": game.judge_token})


def nicknames(players):
    return {f"player_{seat}": player.nickname for seat, player in players.items()}


# --- the deal --------------------------------------------------------------------------------------


@pytest.mark.parametrize("by", ["login", "link"])
def test_the_judge_deals_a_tournament_table_with_its_seating_and_gives_out_the_roles(client, cup, by):
    base = judges_page(client, cup.table, by)
    page = client.get(base).content.decode()
    assert 'name="player_1"' not in page  # no nickname fields: the seating is fixed
    assert cup.players[0].nickname in page
    response = client.post(f"{base}deal/", {"version": 0, **ROLE_FIELDS}, headers=HTMX)
    assert "X-Entry-Refused" not in response, response.content.decode()[:1000]
    game = Game.objects.get(pk=cup.table.pk)
    assert [s["player_id"] for s in game.protocol["seats"]] == [p.pk for p in cup.players[:10]]
    assert {s["seat"]: s["role"] for s in game.protocol["seats"]} == ROLES_BY_SEAT


@pytest.mark.parametrize("by", ["login", "link"])
def test_the_judge_cannot_deal_a_tournament_table_with_another_player(client, cup, by):
    base = judges_page(client, cup.table, by)
    players = cup.seating()
    players[3] = cup.free[0]
    response = client.post(f"{base}deal/", {"version": 0, "random": "1", **nicknames(players)}, headers=HTMX)
    assert response["X-Entry-Refused"] == "seating"
    assert "only an organizer changes who sits where" in response.content.decode()
    game = Game.objects.get(pk=cup.table.pk)
    assert game.protocol_version == 0 and game.status == Game.Status.SETUP
    assert cup.seating()[3] == cup.players[2]


def test_a_tournament_table_cannot_be_dealt_with_another_player_by_anyone_through_the_service(cup):
    players = cup.seating()
    players[1], players[2] = players[2], players[1]  # a swap is a change of who sits where too
    for actor in (cup.table.judge.user, cup.organizer):
        with pytest.raises(ApplicationError) as refused:
            services.game_deal(game=cup.table, players=players, roles=ROLES_BY_SEAT, expected_version=0,
                               actor=actor)
        assert refused.value.code == "seating"


def test_a_tournament_table_with_an_empty_seat_is_not_dealt(cup):
    GameSeat.objects.filter(game=cup.table, seat=4).update(player=None)
    players = cup.seating()
    players[4] = cup.free[0]
    with pytest.raises(ApplicationError, match="Seat 4 has nobody"):
        services.game_deal(game=cup.table, players=players, roles=ROLES_BY_SEAT, expected_version=0,
                           actor=cup.table.judge.user)


def test_a_replaced_document_for_a_tournament_table_keeps_its_seating(cup):
    game = services.game_deal(game=cup.table, players=cup.seating(), roles=ROLES_BY_SEAT, expected_version=0,
                              actor=cup.table.judge.user)
    document = {**game.protocol, "seats": [dict(seat) for seat in game.protocol["seats"]]}
    document["seats"][0].update(player=cup.free[0].nickname, player_id=cup.free[0].pk)
    with pytest.raises(ApplicationError) as refused:
        services.protocol_replace(game=game, document=document, expected_version=game.protocol_version,
                                  actor=cup.table.judge.user)
    assert refused.value.code == "seating"


@pytest.mark.parametrize("where", ["evening", "standalone"])
def test_evening_and_standalone_games_keep_the_free_deal(client, where):
    game = judged_game()
    if where == "evening":
        game.evening = EveningFactory(club=game.club)
        game.save(update_fields=["evening"])
    seat_table(game, [PlayerFactory() for _ in range(10)])
    players = {seat: PlayerFactory() for seat in range(1, 11)}  # nobody of the stored seats
    base = reverse("entry:link", kwargs={"token": game.judge_token})
    page = client.get(base).content.decode()
    assert 'name="player_1"' in page
    response = client.post(f"{base}deal/", {"version": 0, **ROLE_FIELDS, **nicknames(players)}, headers=HTMX)
    assert "X-Entry-Refused" not in response, response.content.decode()[:1000]
    assert [s.player for s in Game.objects.get(pk=game.pk).seats.order_by("seat")] == list(players.values())


# --- the organizer's seat change -------------------------------------------------------------------


def test_an_organizer_seats_a_free_participant_audited_and_in_the_history(client, cup):
    client.force_login(cup.organizer)
    page = reverse("entry:page", kwargs={"pk": cup.table.pk})
    html = client.get(page).content.decode()
    assert reverse("games_organize:seat_change", kwargs={"pk": cup.table.pk}) in html
    assert cup.free[0].nickname in html and cup.players[12].nickname not in html  # seated elsewhere: not offered
    response = client.post(reverse("games_organize:seat_change", kwargs={"pk": cup.table.pk}),
                           {"seat": 3, "player": cup.free[0].pk, "reason": "no-show", "next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert cup.seating()[3] == cup.free[0]
    version = ProtocolVersion.objects.get(game=cup.table, action=ProtocolVersion.Action.SEAT)
    assert version.author == cup.organizer
    assert cup.players[2].nickname in version.reason and cup.free[0].nickname in version.reason
    assert "no-show" in version.reason
    entry = audit_trail(cup.table).get(action="protocol.seat")
    assert entry.actor == cup.organizer
    assert (entry.data["seat"], entry.data["player_from"], entry.data["player_to"]) == (
        3, cup.players[2].pk, cup.free[0].pk)
    history = client.get(reverse("entry:history", kwargs={"pk": cup.table.pk})).content.decode()
    assert "seat&#x27;s player changed" in history and cup.free[0].nickname in history
    # The judge then deals with the new seating.
    game = Game.objects.get(pk=cup.table.pk)
    game = services.game_deal(game=game, players=cup.seating(), roles=ROLES_BY_SEAT,
                              expected_version=game.protocol_version, actor=game.judge.user)
    assert game.protocol["seats"][2]["player_id"] == cup.free[0].pk


def test_a_seat_change_on_a_dealt_table_changes_the_protocols_player_and_keeps_the_role(cup):
    game = services.game_deal(game=cup.table, players=cup.seating(), roles=ROLES_BY_SEAT, expected_version=0,
                              actor=cup.table.judge.user)
    game = services.game_seat_change(game=game, seat=2, player=cup.free[1], actor=cup.organizer)
    seat = game.protocol["seats"][1]
    assert (seat["player"], seat["player_id"], seat["role"]) == (cup.free[1].nickname, cup.free[1].pk, "don")
    assert game.status == Game.Status.IN_PROGRESS and game.protocol_version == 2


@pytest.mark.parametrize("case", ["seated_this_round", "not_accepted", "judge", "started", "evening"])
def test_a_seat_change_is_refused(cup, case):
    game, player, actor = cup.table, cup.free[0], cup.organizer
    if case == "seated_this_round":
        player = cup.players[15]  # at table 2
    elif case == "not_accepted":
        Application.objects.filter(tournament=cup.tournament, player=player).update(
            status=Application.Status.WITHDRAWN)
    elif case == "judge":
        actor = game.judge.user
    elif case == "started":
        game = services.game_deal(game=game, players=cup.seating(), roles=ROLES_BY_SEAT, expected_version=0,
                                  actor=game.judge.user)
        game = services.protocol_append_event(game=game, event={"type": "foul", "day": 1, "seat": 1,
                                                                "kind": "ordinary"},
                                              expected_version=game.protocol_version, actor=game.judge.user)
    elif case == "evening":
        game = judged_game(club=game.club)
    before = {seat.seat: seat.player_id for seat in game.seats.all()}
    with pytest.raises(ApplicationError) as refused:
        services.game_seat_change(game=game, seat=1, player=player, actor=actor)
    assert refused.value.code == {"seated_this_round": "seated", "not_accepted": "participant",
                                  "judge": "forbidden", "started": "started", "evening": "not_tournament"}[case]
    assert {seat.seat: seat.player_id for seat in game.seats.all()} == before


def test_the_judge_does_not_reach_the_seat_change(client, cup):
    client.force_login(cup.table.judge.user)
    assert "seat_change" not in client.get(reverse("entry:page", kwargs={"pk": cup.table.pk})).content.decode()
    response = client.post(reverse("games_organize:seat_change", kwargs={"pk": cup.table.pk}),
                           {"seat": 3, "player": cup.free[0].pk})
    assert response.status_code == 404
    assert cup.seating()[3] == cup.players[2]


@pytest.mark.parametrize("player", ["", "nobody", "99999999999999999999999"])
def test_a_seat_change_without_a_real_player_is_a_clear_refusal(client, cup, player):
    client.force_login(cup.organizer)
    response = client.post(reverse("games_organize:seat_change", kwargs={"pk": cup.table.pk}),
                           {"seat": 3, "player": player}, follow=True)
    assert response.status_code == 200 and "Choose the player to seat." in response.content.decode()
    assert cup.seating()[3] == cup.players[2]
