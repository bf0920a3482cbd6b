"""The entry page through HTTP: a whole game tapped in, conflicts, refusals, resuming."""

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from games.engine import replay
from games.engine.examples import full_fiim_game, full_pro_mafia_game
from games.models import Game
from scoring.models import SeatScore
from tests.factories import MembershipFactory, PlayerFactory

from .driving import Judge
from .factories import dealt_game, judged_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize("example", [full_pro_mafia_game, full_fiim_game])
def test_a_whole_game_entered_through_the_page(client, example, django_capture_on_commit_callbacks):
    scenario = example()
    roles = scenario.roles
    game = dealt_game(roles=roles, ruleset=scenario.ruleset)
    judge = Judge(client, game)
    with django_capture_on_commit_callbacks(execute=True):
        for event in scenario.build()["events"]:
            response = judge.enter(event)
    game.refresh_from_db()
    expected = scenario.replay()
    assert (game.status, game.winner, game.end) == ("finished", expected.winner, expected.end)
    assert replay(game.protocol).to_result() == expected.to_result()
    html = response.content.decode()
    assert "Red wins" in html or "Black wins" in html
    assert html.count('class="num total"') == 10
    assert SeatScore.objects.filter(game=game).count() == 10


def test_the_deal_through_the_page_with_nickname_search(client):
    game = judged_game()
    client.force_login(game.judge.user)
    players = [PlayerFactory(nickname=f"Nick{seat}") for seat in range(1, 11)]
    base = reverse("entry:page", kwargs={"pk": game.pk})
    options = client.get(f"{base}players/", {"player_3": "ick3"}, headers=HTMX)
    assert 'value="Nick3"' in options.content.decode()
    data = {f"player_{seat}": players[seat - 1].nickname.lower() for seat in range(1, 11)}
    response = client.post(f"{base}deal/", {"version": 0, "random": "1", **data}, headers=HTMX)
    assert response["X-Protocol-Version"] == "1"
    game.refresh_from_db()
    assert game.status == "in_progress"
    assert [seat.player.nickname for seat in game.seats.order_by("seat")] == [p.nickname for p in players]
    data["player_4"] = "nobody-by-that-name"
    response = client.post(f"{base}deal/", {"version": 1, "random": "1", **data}, headers=HTMX)
    assert response["X-Entry-Refused"] == "deal" and "nobody-by-that-name" in response.content.decode()


def test_the_deal_never_seats_a_guest_no_organizer_has_accepted(client):
    """A pending guest (an application not accepted yet) is on no list: not in the nickname search,
    and a deal naming them is refused like an unknown name."""
    game = judged_game()
    client.force_login(game.judge.user)
    players = [PlayerFactory(nickname=f"Nick{seat}") for seat in range(1, 11)]
    PlayerFactory(nickname="Guesty", is_pending=True)
    base = reverse("entry:page", kwargs={"pk": game.pk})
    options = client.get(f"{base}players/", {"player_4": "uest"}, headers=HTMX)
    assert "Guesty" not in options.content.decode()
    data = {f"player_{seat}": players[seat - 1].nickname for seat in range(1, 11)}
    data["player_4"] = "Guesty"
    response = client.post(f"{base}deal/", {"version": 0, "random": "1", **data}, headers=HTMX)
    assert response["X-Entry-Refused"] == "deal" and "Guesty" in response.content.decode()
    game.refresh_from_db()
    assert game.protocol_version == 0


def test_a_stale_page_gets_the_conflict_and_the_current_table(client):
    game = dealt_game()
    tablet, phone = Judge(client, game), Judge(client, game)
    tablet.post("nominate", {"by": 1, "target": 2})
    response = phone.post("nominate", {"by": 3, "target": 5})  # built on version 1
    assert response["X-Entry-Refused"] == "conflict"
    html = response.content.decode()
    assert "Someone else changed this table" in html
    assert 'data-candidate="2"' in html  # the page now shows the other device's nomination
    game.refresh_from_db()
    assert game.protocol_version == 2 and len(game.protocol["events"]) == 1
    assert phone.version == 2  # the refreshed page can go on


def test_an_engine_refusal_is_shown_inline_and_saves_nothing(client):
    game = dealt_game()
    judge = Judge(client, game)
    response = judge.post("vote", {})  # nobody is nominated
    assert response["X-Entry-Refused"] == "form"
    response = judge.post("don_check", {"target": 7})  # a night's check on Day 1
    assert response["X-Entry-Refused"] == "refused"
    assert 'class="entry-error' in response.content.decode()
    game.refresh_from_db()
    assert game.protocol_version == 1


def test_a_vote_with_one_candidate_is_recorded_without_asking(client):
    # Every vote goes to the only candidate by rule: nothing to confirm.
    game = dealt_game()
    base = reverse("entry:link", kwargs={"token": game.judge_token})
    client.post(f"{base}nominate/", {"version": 1, "by": 1, "target": 2}, headers=HTMX)
    response = client.post(f"{base}vote/", {"version": 2}, headers=HTMX)
    assert "X-Entry-Refused" not in response, response.content.decode()[:2000]
    game.refresh_from_db()
    assert game.protocol_version == 3 and game.protocol["events"][-1]["type"] == "vote"


def test_a_vote_with_two_candidates_nobody_marked_in_is_asked_first(client):
    game = dealt_game()
    base = reverse("entry:link", kwargs={"token": game.judge_token})
    client.post(f"{base}nominate/", {"version": 1, "by": 1, "target": 2}, headers=HTMX)
    client.post(f"{base}nominate/", {"version": 2, "by": 3, "target": 4}, headers=HTMX)
    response = client.post(f"{base}vote/", {"version": 3}, headers=HTMX)
    assert response["X-Entry-Refused"] == "confirm"


def test_without_htmx_actions_redirect_and_the_message_survives(client):
    game = dealt_game()
    base = reverse("entry:link", kwargs={"token": game.judge_token})
    response = client.post(f"{base}don_check/", {"version": 1, "target": 7})
    assert response.status_code == 302 and response["Location"] == base
    page = client.get(base)
    assert 'class="message error"' in page.content.decode()


def test_reloading_resumes_where_the_table_was(client):
    game = dealt_game()
    judge = Judge(client, game)
    judge.post("nominate", {"by": 1, "target": 2})
    judge.post("phase", {"phase_key": 2})  # to Night 1
    page = client.get(judge.base).content.decode()
    assert 'data-phase="night-1"' in page
    assert "Night shot" in page


def test_undo_through_the_page(client):
    game = dealt_game()
    judge = Judge(client, game)
    judge.post("foul", {"seat": 4})
    response = judge.post("undo")
    game.refresh_from_db()
    assert game.protocol["events"] == [] and game.protocol_version == 3
    assert "Nothing recorded yet" in response.content.decode()


def test_submit_then_another_organizer_confirms_on_the_page(client):
    scenario = full_pro_mafia_game()
    game = dealt_game(roles=scenario.roles)
    judge = Judge(client, game)
    for event in scenario.build()["events"]:
        judge.enter(event)
    response = judge.post("submit")
    assert "waiting for an organizer" in response.content.decode()
    organizer = MembershipFactory(club=game.club, role=ClubMembership.Role.ORGANIZER).player.user
    client.force_login(organizer)
    page = client.get(reverse("entry:page", kwargs={"pk": game.pk})).content.decode()
    assert "Confirm the protocol" in page
    response = client.post(reverse("games_organize:action", kwargs={"pk": game.pk, "action": "confirm"}),
                           {"version": judge.version}, headers=HTMX)
    assert "Confirmed by" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.CONFIRMED
    # A correction needs a reason and sends the protocol back for confirmation.
    response = client.post(reverse("entry:action", kwargs={"pk": game.pk, "action": "reopen"}),
                           {"version": game.protocol_version, "reason": ""}, headers=HTMX)
    assert response["X-Entry-Refused"] == "reason"
    client.post(reverse("entry:action", kwargs={"pk": game.pk, "action": "reopen"}),
                {"version": game.protocol_version, "reason": "wrong seat on a foul"}, headers=HTMX)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.confirmed_by is None
    # The organizer who reopened it has now entered it: they may not confirm it any more.
    page = client.get(reverse("entry:page", kwargs={"pk": game.pk})).content.decode()
    assert "Confirm the protocol" not in page


def test_a_new_standalone_game_from_the_judges_tables(client):
    membership = MembershipFactory(role=ClubMembership.Role.JUDGE)
    client.force_login(membership.player.user)
    response = client.post(reverse("entry:my_tables"), {"club": membership.club.pk, "ruleset": "fiim-2025"})
    game = Game.objects.get(club=membership.club)
    assert response["Location"] == reverse("entry:page", kwargs={"pk": game.pk})
    assert game.ruleset == "fiim-2025" and game.judge == membership.player
    page = client.get(response["Location"]).content.decode()
    assert "The deal" in page


def test_the_event_log_opens_on_demand(client):
    game = dealt_game()
    judge = Judge(client, game)
    judge.post("nominate", {"by": 1, "target": 2})
    judge.post("foul", {"seat": 3})
    log = client.get(f"{judge.base}log/", headers=HTMX).content.decode()
    assert log.index("foul on 3") < log.index("1 nominates 2")  # newest first
    assert "1 nominates 2" in client.get(f"{judge.base}log/").content.decode()  # a real page too


def test_the_deal_can_be_corrected_on_the_page_until_the_first_event(client):
    game = dealt_game()
    judge = Judge(client, game)
    page = client.get(judge.base).content.decode()
    assert "Change the deal" in page
    nicknames = {f"player_{seat.seat}": seat.player.nickname for seat in game.seats.all()}
    roles = {f"role_{seat}": role for seat, role in enumerate(
        ["don", "civilian", "civilian", "civilian", "mafia", "civilian", "sheriff", "civilian", "mafia", "civilian"],
        start=1)}
    response = judge.post("deal", {**nicknames, **roles, "random": "0"})
    assert "X-Entry-Refused" not in response
    game.refresh_from_db()
    assert game.protocol["seats"][0]["role"] == "don"
    judge.post("foul", {"seat": 2})
    assert "Change the deal" not in client.get(judge.base).content.decode()
