"""The table's size is the ruleset's (issue 30: "Take them from the ruleset everywhere"): the deal,
its form's rows, the seat messages and the entry forms' seats read `games.rulesets.seat_numbers`,
never a 10. Both rulesets deal ten cards today, so a ruleset of eight seats stands in for the
next one."""

from dataclasses import replace

import pytest
from django.urls import reverse

from core.errors import ApplicationError
from games import services
from games.engine.rulesets import PRO_MAFIA, RULESETS
from games.models import GameSeat
from games.rulesets import LARGEST_TABLE, seat_numbers
from tests.factories import PlayerFactory

from .factories import judged_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
EIGHT = {"civilian": 5, "sheriff": 1, "mafia": 1, "don": 1}
ROLES_OF_EIGHT = {1: "civilian", 2: "civilian", 3: "mafia", 4: "civilian", 5: "sheriff", 6: "civilian",
                  7: "don", 8: "civilian"}


@pytest.fixture
def eight_seats(monkeypatch):
    monkeypatch.setitem(RULESETS, PRO_MAFIA.id, replace(PRO_MAFIA, deal=EIGHT))


def test_the_rulesets_of_today_seat_ten():
    assert [len(seat_numbers(ruleset)) for ruleset in RULESETS] == [10, 10]
    assert LARGEST_TABLE == 10


def test_a_deal_seats_as_many_players_as_the_rulesets_deal_has_cards(eight_seats):
    game = judged_game(ruleset=PRO_MAFIA.id)
    players = {seat: PlayerFactory() for seat in range(1, 11)}
    with pytest.raises(ApplicationError, match="Every seat from 1 to 8 needs a player."):
        services.game_deal(game=game, players=players, roles=ROLES_OF_EIGHT, expected_version=0, actor=game.judge.user)
    eight = {seat: players[seat] for seat in range(1, 9)}
    with pytest.raises(ApplicationError, match=r"The deal is 5 × Civilian, 1 × Sheriff, 1 × Mafia, 1 × Don; "
                                               r"this one has 8 × Civilian, 0 × Sheriff, 0 × Mafia, 0 × Don\."):
        services.game_deal(game=game, players=eight, roles=dict.fromkeys(range(1, 9), "civilian"),
                           expected_version=0, actor=game.judge.user)
    game = services.game_deal(game=game, players=eight, random_roles=True, expected_version=0, actor=game.judge.user)
    assert sorted(GameSeat.objects.filter(game=game).values_list("seat", flat=True)) == list(range(1, 9))
    dealt = sorted(seat["role"] for seat in game.protocol["seats"])
    assert dealt == sorted(role for role, count in EIGHT.items() for _ in range(count))


def test_the_entry_page_offers_the_rulesets_seats(client, eight_seats):
    game = judged_game(ruleset=PRO_MAFIA.id)
    client.force_login(game.judge.user)
    page = client.get(reverse("entry:page", kwargs={"pk": game.pk})).content.decode()
    assert 'name="player_8"' in page and 'name="player_9"' not in page
    players = [PlayerFactory(nickname=f"Eight{seat}") for seat in range(1, 9)]
    base = reverse("entry:page", kwargs={"pk": game.pk})
    data = {f"player_{seat}": players[seat - 1].nickname for seat in range(1, 9)}
    response = client.post(f"{base}deal/", {"version": 0, "random": "1", **data}, headers=HTMX)
    assert response["X-Protocol-Version"] == "1"
    # A seat the table does not have is refused by the form, by its name, and nothing is saved.
    response = client.post(f"{base}foul/", {"version": 1, "seat": "9"}, headers=HTMX)
    assert response["X-Entry-Refused"] == "form" and "Pick the seat." in response.content.decode()
    for version, (by, target) in enumerate(((1, 2), (3, 4)), start=1):
        client.post(f"{base}nominate/", {"version": version, "by": by, "target": target}, headers=HTMX)
    response = client.post(f"{base}vote/", {"version": 3, "against_2": "9"}, headers=HTMX)
    assert response["X-Entry-Refused"] == "form" and "Seats are numbers from 1 to 8." in response.content.decode()
    game.refresh_from_db()
    assert game.protocol_version == 3

