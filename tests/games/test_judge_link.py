"""The judge's private link: it expires, an organizer rotates or withdraws it (audited), it turns
read-only once the protocol is submitted, and only an organizer reopens a confirmed protocol
(docs/entry.md, "The judge's private link")."""

import datetime as dt
import json

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import ClubMembership
from core.audit import audit_trail
from core.errors import ApplicationError
from games import services
from games.engine.examples import full_pro_mafia_game
from games.links import LinkState, link_expires_at, link_state
from games.models import Game
from games.selectors import game_for_entry
from games.views import EVENT_ACTIONS
from tests.factories import MembershipFactory
from tournaments.models import Evening, Tournament

from .factories import dealt_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
# Every write the entry page can post (tests below check that this is all of them).
WRITE_ACTIONS = sorted(EVENT_ACTIONS | {"undo", "phase", "deal", "submit", "reopen"})


def link(game, action=""):
    base = reverse("entry:link", kwargs={"token": game.judge_token})
    return f"{base}{action}/" if action else base


def organizer_of(game):
    return MembershipFactory(club=game.club, role=ClubMembership.Role.ORGANIZER).player.user


def finished(game):
    for event in full_pro_mafia_game().build()["events"]:
        game = services.protocol_append_event(game=game, event=event, expected_version=game.protocol_version,
                                              actor=game.judge.user)
    return game


def submitted(game):
    game = finished(game)
    return services.game_submit(game=game, expected_version=game.protocol_version, actor=game.judge.user)


def confirmed(game, organizer):
    game = submitted(game)
    return services.game_confirm(game=game, expected_version=game.protocol_version, actor=organizer)


def assert_says_nothing_of(game, response):
    html = response.content.decode()
    # (The page's own address, which the holder typed, is in its language form: not the game's.)
    for secret in (str(game), game.club.name, game.judge.nickname,
                   *(seat.player.nickname for seat in game.seats.all())):
        assert secret not in html, f"{secret!r} on a dead link's page"


# --- expiry ----------------------------------------------------------------------------------------


def test_a_link_expires_its_lifetime_after_it_was_issued(settings):
    settings.JUDGE_LINK_LIFETIME_HOURS = 24
    game = dealt_game()
    assert link_expires_at(game) == game.judge_link_issued_at + dt.timedelta(hours=24)
    assert link_state(game) == LinkState.OPEN
    assert link_state(game, now=game.judge_link_issued_at + dt.timedelta(hours=24)) == LinkState.EXPIRED
    settings.JUDGE_LINK_LIFETIME_HOURS = 6
    assert link_expires_at(game) == game.judge_link_issued_at + dt.timedelta(hours=6)


def test_an_evening_games_link_counts_from_the_evenings_start_when_that_is_later(settings):
    settings.JUDGE_LINK_LIFETIME_HOURS = 24
    game = dealt_game()
    starts = timezone.now() + dt.timedelta(days=3)
    game.evening = Evening.objects.create(club=game.club, title="Friday", starts_at=starts)
    assert link_expires_at(game) == starts + dt.timedelta(hours=24)


def test_a_tournament_games_link_lasts_through_the_tournaments_last_day_in_the_clubs_time_zone(settings):
    settings.JUDGE_LINK_LIFETIME_HOURS = 24
    game = dealt_game()
    game.club.timezone = "Asia/Yekaterinburg"  # UTC+5, no summer time
    game.club.save(update_fields=["timezone"])
    today = timezone.now().date()
    tournament = Tournament.objects.create(club=game.club, name="Cup", slug="cup", starts_on=today,
                                           ends_on=today + dt.timedelta(days=10))
    Game.objects.filter(pk=game.pk).update(tournament=tournament)
    game = game_for_entry(pk=game.pk)
    last_day = dt.datetime.combine(today + dt.timedelta(days=10), dt.time.min,
                                   tzinfo=dt.timezone(dt.timedelta(hours=5)))
    assert link_expires_at(game) == last_day + dt.timedelta(hours=24)


def test_an_expired_link_answers_a_clear_page_that_says_nothing_of_the_game(client):
    game = dealt_game()
    Game.objects.filter(pk=game.pk).update(judge_link_issued_at=timezone.now() - dt.timedelta(days=2))
    response = client.get(link(game))
    assert response.status_code == 410
    html = response.content.decode()
    assert "link has expired" in html and "Ask the organizer" in html
    assert_says_nothing_of(game, response)
    for url in (link(game, "history"), link(game, "log"), link(game, "players")):
        assert client.get(url).status_code == 410
    response = client.post(link(game, "foul"), {"version": 1, "seat": 3}, headers=HTMX)
    assert response.status_code == 410 and response["HX-Refresh"] == "true"
    assert_says_nothing_of(game, response)
    game.refresh_from_db()
    assert game.protocol_version == 1


# --- withdrawal and rotation -----------------------------------------------------------------------


def test_a_withdrawn_link_answers_a_clear_page_and_changes_nothing(client):
    game = dealt_game()
    services.judge_link_revoke(game=game, actor=organizer_of(game))
    response = client.get(link(game))
    assert response.status_code == 410
    assert "withdrawn" in response.content.decode()
    assert_says_nothing_of(game, response)
    response = client.post(link(game, "undo"), {"version": 1})
    assert response.status_code == 410
    game.refresh_from_db()
    assert game.protocol_version == 1 and link_state(game) == LinkState.REVOKED


def test_a_rotated_links_old_token_stops_at_once_and_the_new_one_works(client):
    game = dealt_game()
    old = game.judge_token
    game = services.judge_link_rotate(game=game, actor=organizer_of(game))
    assert game.judge_token != old
    old_page = client.get(reverse("entry:link", kwargs={"token": old}))
    assert old_page.status_code == 404
    assert "Ask the organizer" in old_page.content.decode()
    assert_says_nothing_of(game, old_page)
    response = client.post(reverse("entry:link_action", kwargs={"token": old, "action": "foul"}),
                           {"version": 1, "seat": 3})
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.protocol_version == 1
    response = client.post(link(game, "foul"), {"version": 1, "seat": 3}, headers=HTMX)
    assert response.status_code == 200 and "X-Entry-Refused" not in response
    game.refresh_from_db()
    assert game.protocol_version == 2


def test_rotation_revives_a_withdrawn_link_with_a_new_token(client):
    game = dealt_game()
    organizer = organizer_of(game)
    services.judge_link_revoke(game=game, actor=organizer)
    game = services.judge_link_rotate(game=game, actor=organizer)
    assert link_state(game) == LinkState.OPEN
    assert client.get(link(game)).status_code == 200


def test_rotation_and_withdrawal_are_audited_without_the_token(client):
    game = dealt_game()
    organizer = organizer_of(game)
    old = game.judge_token
    game = services.judge_link_rotate(game=game, actor=organizer)
    services.judge_link_revoke(game=game, actor=organizer)
    entries = {entry.action: entry for entry in audit_trail(game)}
    assert entries["judge_link.rotated"].actor == organizer
    assert entries["judge_link.revoked"].actor == organizer
    for entry in audit_trail(game):
        text = json.dumps(entry.data)
        assert old not in text and game.judge_token not in text


@pytest.mark.parametrize("who", ["judge", "member"])
def test_only_organizers_rotate_or_withdraw_a_link(who):
    game = dealt_game()
    user = game.judge.user if who == "judge" else MembershipFactory(club=game.club).player.user
    token = game.judge_token
    for service in (services.judge_link_rotate, services.judge_link_revoke):
        with pytest.raises(ApplicationError) as refused:
            service(game=game, actor=user)
        assert refused.value.code == "forbidden"
    game.refresh_from_db()
    assert game.judge_token == token and game.judge_link_revoked_at is None


def test_the_organizers_link_buttons_rotate_and_withdraw(client):
    game = dealt_game()
    organizer = organizer_of(game)
    client.force_login(organizer)
    old = game.judge_token
    page = reverse("entry:page", kwargs={"pk": game.pk})
    response = client.post(reverse("games_organize:link_rotate", kwargs={"pk": game.pk}), {"next": page})
    assert response.status_code == 302 and response["Location"] == page
    game.refresh_from_db()
    assert game.judge_token != old
    client.post(reverse("games_organize:link_revoke", kwargs={"pk": game.pk}))
    game.refresh_from_db()
    assert game.judge_link_revoked_at is not None
    client.force_login(game.judge.user)
    response = client.post(reverse("games_organize:link_rotate", kwargs={"pk": game.pk}))
    assert response.status_code == 404
    game.refresh_from_db()
    assert game.judge_link_revoked_at is not None


# --- read-only after submission --------------------------------------------------------------------


def test_after_submission_the_link_shows_the_table_read_only_and_says_why(client):
    game = submitted(dealt_game())
    response = client.get(link(game))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-link="read-only"' in html
    assert "The protocol has been submitted. This link now only shows the table" in html
    assert "role-don" in html  # still the judge's view of the table
    for action in ("undo/", "submit/", "sheriff_kill_responsible/"):
        assert f'action="{link(game)}{action}"' not in html


@pytest.mark.parametrize("action", WRITE_ACTIONS)
def test_after_submission_the_link_refuses_every_write(client, action):
    game = submitted(dealt_game())
    version = game.protocol_version
    response = client.post(link(game, action), {"version": version, "seat": 3, "reason": "x", "phase_key": 3},
                           headers=HTMX)
    assert response.status_code == 200
    assert response["X-Entry-Refused"] == "link_read_only"
    assert "This link now only shows the table" in response.content.decode()
    game.refresh_from_db()
    assert (game.protocol_version, game.status) == (version, Game.Status.FINISHED)
    assert game.submitted_at is not None


def test_undo_through_the_link_after_submission_is_refused_by_the_service_too():
    game = submitted(dealt_game())
    with pytest.raises(ApplicationError) as refused:
        services.protocol_undo_last(game=game, expected_version=game.protocol_version, actor=game.judge.user,
                                    via_link=True)
    assert refused.value.code == "link_read_only"
    game.refresh_from_db()
    assert game.submitted_at is not None and len(game.protocol["events"]) > 0


def test_a_reopened_protocol_does_not_open_the_old_link_again_but_a_new_link_writes(client):
    game = dealt_game()
    organizer, confirmer = organizer_of(game), organizer_of(game)
    game = confirmed(game, confirmer)
    game = services.game_edit_after_confirmation(game=game, reason="a vote was misread",
                                                 expected_version=game.protocol_version, actor=organizer)
    assert game.status == Game.Status.FINISHED and game.submitted_at is None
    response = client.post(link(game, "undo"), {"version": game.protocol_version}, headers=HTMX)
    assert response["X-Entry-Refused"] == "link_read_only"
    game = services.judge_link_rotate(game=game, actor=organizer)
    response = client.post(link(game, "undo"), {"version": game.protocol_version}, headers=HTMX)
    assert "X-Entry-Refused" not in response
    game.refresh_from_db()
    assert game.status == Game.Status.IN_PROGRESS


# --- reopening a confirmed protocol ----------------------------------------------------------------


def test_reopening_is_refused_to_the_link_holder_and_to_the_judge_by_login(client):
    game = dealt_game()
    game = confirmed(game, organizer_of(game))
    version = game.protocol_version
    response = client.post(link(game, "reopen"), {"version": version, "reason": "mine"}, headers=HTMX)
    assert response["X-Entry-Refused"] == "link_read_only"
    client.force_login(game.judge.user)
    page = reverse("entry:page", kwargs={"pk": game.pk})
    assert "Reopen for correction" not in client.get(page).content.decode()
    response = client.post(f"{page}reopen/", {"version": version, "reason": "mine"}, headers=HTMX)
    assert response["X-Entry-Refused"] == "forbidden"
    for via_link in (False, True):
        with pytest.raises(ApplicationError) as refused:
            services.game_edit_after_confirmation(game=game, reason="mine", expected_version=version,
                                                  actor=game.judge.user, via_link=via_link)
        assert refused.value.code in ("forbidden", "link_read_only")
    game.refresh_from_db()
    assert (game.status, game.protocol_version) == (Game.Status.CONFIRMED, version)


def test_an_organizer_reopens_a_confirmed_protocol_and_it_is_audited(client):
    game = dealt_game()
    organizer = organizer_of(game)
    game = confirmed(game, organizer_of(game))
    client.force_login(organizer)
    page = reverse("entry:page", kwargs={"pk": game.pk})
    assert "Reopen for correction" in client.get(page).content.decode()
    response = client.post(f"{page}reopen/", {"version": game.protocol_version, "reason": "a foul was missed"},
                           headers=HTMX)
    assert "X-Entry-Refused" not in response
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    entry = audit_trail(game).filter(action="protocol.edit").get()
    assert entry.actor == organizer and entry.data["reason"] == "a foul was missed"
