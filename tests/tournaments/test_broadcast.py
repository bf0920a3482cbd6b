"""The stream's broadcast view (issue 28): "1920×1080, a transparent background for streaming
software, roles shown (the stream's audience may know them), reachable only with a token the
organizer issues per tournament, revocable, with an optional delay the organizer sets (e.g. 2
minutes), audited."
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from core.models import AuditEntry
from games.engine.examples import full_pro_mafia_game
from games.models import ProtocolVersion
from games.services import protocol_replace
from tests.pipeline.helpers import finished_game, tournament_with_staff
from tournaments import services

pytestmark = pytest.mark.django_db

EVENTS = full_pro_mafia_game().build()["events"]
FIRST_NOMINATION = next(i for i, event in enumerate(EVENTS) if event["type"] == "nominate")


@pytest.fixture
def running():
    tournament, judge, organizer = tournament_with_staff()
    tournament.status = tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    game = finished_game(tournament, judge)
    game = protocol_replace(game=game, document={**game.protocol, "events": EVENTS[:FIRST_NOMINATION]},
                            expected_version=game.protocol_version, actor=judge.user)
    return tournament, game, judge, organizer


def _organizer_client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_organizer_issues_a_link_that_shows_the_roles_and_withdraws_it(running):
    tournament, game, _, organizer = running
    office = _organizer_client(organizer)
    assert Client().get("/broadcast/x/").status_code == 404
    answer = office.post(f"/organize/tournaments/{tournament.slug}/broadcast/issue/", {"delay": "0"})
    assert answer.status_code == 302
    tournament.refresh_from_db()
    token = tournament.broadcast_token
    assert len(token) >= 32
    assert f"/broadcast/{token}/" in office.get(f"/organize/tournaments/{tournament.slug}/").content.decode()
    listing = Client().get(f"/broadcast/{token}/").content.decode()
    assert f"/broadcast/{token}/games/{game.pk}/" in listing
    overlay = Client().get(f"/broadcast/{token}/games/{game.pk}/").content.decode()
    assert 'class="broadcast"' in overlay and "css/broadcast.css" in overlay
    assert ">Sheriff<" in overlay and ">Don<" in overlay  # roles shown
    # a new link stops the old one; withdrawing stops the new one
    office.post(f"/organize/tournaments/{tournament.slug}/broadcast/issue/", {"delay": "120"})
    tournament.refresh_from_db()
    assert tournament.broadcast_token != token and tournament.broadcast_delay == 120
    assert Client().get(f"/broadcast/{token}/games/{game.pk}/table/").status_code == 404
    office.post(f"/organize/tournaments/{tournament.slug}/broadcast/revoke/")
    tournament.refresh_from_db()
    assert tournament.broadcast_token == ""
    assert Client().get("/broadcast//").status_code == 404
    actions = list(AuditEntry.objects.filter(object_id=str(tournament.pk), action__startswith="tournament.broadcast")
                   .order_by("pk").values_list("action", "data"))
    assert [action for action, _ in actions] == ["tournament.broadcast_issued", "tournament.broadcast_issued",
                                                 "tournament.broadcast_revoked"]
    assert all(token not in str(data) for _, data in actions)  # the trail never holds the link


def test_a_delay_shows_the_table_as_it_stood_that_long_ago(running):
    tournament, game, judge, organizer = running
    tournament = services.broadcast_issue(tournament=tournament, actor=organizer, delay=120)
    three_minutes_ago = timezone.now() - datetime.timedelta(minutes=3)
    ProtocolVersion.objects.filter(game=game).update(created_at=three_minutes_ago)
    game = protocol_replace(game=game, document={**game.protocol, "events": EVENTS[:FIRST_NOMINATION + 1]},
                            expected_version=game.protocol_version, actor=judge.user)  # a nomination, now
    url = f"/broadcast/{tournament.broadcast_token}/games/{game.pk}/table/"
    html = Client().get(url).content.decode()
    assert "Day 1" in html and "Voting list" not in html  # two minutes behind: not yet
    ProtocolVersion.objects.filter(game=game).update(created_at=three_minutes_ago)
    assert "Voting list" in Client().get(url).content.decode()


def test_a_delay_is_refused_outside_its_range_and_changes_nothing(running):
    tournament, _, _, organizer = running
    office = _organizer_client(organizer)
    for delay in ("-1", "100000", "abc", "1e400", ""):
        office.post(f"/organize/tournaments/{tournament.slug}/broadcast/issue/", {"delay": delay})
        tournament.refresh_from_db()
        assert tournament.broadcast_token == "", delay
