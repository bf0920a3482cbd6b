"""The two-person rule on the entry page: whoever authored any version of a protocol may not
confirm it (games.services.game_confirm). Where the Confirm button would be, the page says so and
who else may confirm; before an organizer's own change to a submitted protocol, it warns them."""

import pytest
from django.urls import reverse

from clubs.models import ClubMembership
from games import services
from games.engine.examples import full_pro_mafia_game
from tests.factories import MembershipFactory
from tests.games.factories import dealt_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def finished(game, actor=None):
    for event in full_pro_mafia_game().build()["events"]:
        game = services.protocol_append_event(game=game, event=event, expected_version=game.protocol_version,
                                              actor=actor or game.judge.user)
    return game


def submitted(game, actor=None):
    game = finished(game, actor)
    return services.game_submit(game=game, expected_version=game.protocol_version,
                                actor=actor or game.judge.user)


def organizer(club, nickname):
    return MembershipFactory(club=club, role=ClubMembership.Role.ORGANIZER, player__nickname=nickname).player.user


def page(client, game):
    return client.get(reverse("entry:page", kwargs={"pk": game.pk})).content.decode()


def test_an_organizer_who_authored_the_protocol_is_told_why_and_who_may_confirm():
    game = dealt_game()
    oleg, nina = organizer(game.club, "Oleg"), organizer(game.club, "Nina")
    game = submitted(game)
    # Oleg takes back the last event of the submitted protocol and enters it again: now an author.
    last = game.protocol["events"][-1]
    game = services.protocol_undo_last(game=game, expected_version=game.protocol_version, actor=oleg)
    game = services.protocol_append_event(game=game, event=last, expected_version=game.protocol_version, actor=oleg)
    game = services.game_submit(game=game, expected_version=game.protocol_version, actor=oleg)

    from django.test import Client

    client = Client()
    client.force_login(oleg)
    html = page(client, game)
    assert "Confirm the protocol" not in html
    assert 'data-refusal="own_protocol"' in html
    assert "You entered this protocol, so someone else must confirm it." in html
    assert "Nina" in html and "Oleg</" not in html.split('data-refusal="own_protocol"')[1].split("</div>")[0]

    client.force_login(nina)  # Nina authored nothing: hers is the button
    html = page(client, game)
    assert "Confirm the protocol" in html and 'data-refusal="own_protocol"' not in html


def test_with_no_other_organizer_the_page_says_whom_to_ask(client):
    game = dealt_game()
    oleg = organizer(game.club, "Oleg")
    game = submitted(game, actor=oleg)  # Oleg judged it himself
    client.force_login(oleg)
    html = page(client, game)
    assert 'data-refusal="own_protocol"' in html
    assert "No other organizer of this club may confirm it" in html


def test_an_organizer_is_warned_before_their_own_change_to_a_submitted_protocol(client):
    game = submitted(dealt_game())
    oleg = organizer(game.club, "Oleg")
    client.force_login(oleg)
    html = page(client, game)
    assert "Confirm the protocol" in html
    warning = "makes you one of its authors"
    undo_form = html[html.find('<div class="undo-bar"'):]  # the table's part (games/entry_parts.py): its key follows
    undo_form = undo_form[:undo_form.find("</form>")]
    assert "hx-confirm=" in undo_form and warning in undo_form
    assert warning in html[html.find('<details class="assess"'):][:400]

    # The judge by login is not warned (they are its author already), nor is an organizer who is.
    client.force_login(game.judge.user)
    assert "makes you one of its authors" not in page(client, game)
