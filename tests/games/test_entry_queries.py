"""What one tap on the entry page costs the database: pinned, so that it cannot grow unnoticed.

An action through the private link is one transaction (here a savepoint: the test runs in a
transaction of its own): the game read once, under its row lock, with everything the page shows
of it; the Game update; the ProtocolVersion insert; the audit entry. The discipline review looks
at the game's cases when an event may have gone (an undo; discipline.services.cases_sync_for_game).
The page is then rendered from the saved document and the record the service replayed, without
another query.
"""

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.models import Game, ProtocolVersion
from games.selectors import game_for_entry
from tournaments.models import Evening

from .factories import dealt_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}

# SAVEPOINT, the locked read, UPDATE games_game, INSERT protocol version, INSERT audit entry,
# RELEASE SAVEPOINT. (In production BEGIN … COMMIT instead of the savepoint.)
EVENT_QUERIES = 6
UNDO_QUERIES = EVENT_QUERIES + 1  # the discipline cases of the game
PHASE_QUERIES = EVENT_QUERIES  # a move to the next day or night: a version without an event
# Logged in: the session, the account, and its player (clubs.middleware's time zone).
LOGIN_QUERIES = 3


def post(client, base, action, data):
    response = client.post(f"{base}{action}/", data, headers=HTMX)
    assert response.status_code == 200 and "X-Entry-Refused" not in response, response.content.decode()[:500]
    return response


def test_one_event_through_the_private_link(client, django_assert_max_num_queries):
    game = dealt_game()
    base = reverse("entry:link", kwargs={"token": game.judge_token})
    with django_assert_max_num_queries(EVENT_QUERIES):
        response = post(client, base, "nominate", {"version": 1, "by": 1, "target": 2})
    assert response["X-Protocol-Version"] == "2"
    assert 'data-candidate="2"' in response.content.decode()
    with django_assert_max_num_queries(EVENT_QUERIES):
        post(client, base, "foul", {"version": 2, "seat": 4})
    with django_assert_max_num_queries(UNDO_QUERIES):
        post(client, base, "undo", {"version": 3})
    with django_assert_max_num_queries(PHASE_QUERIES):
        # Seat 2 waits for its vote: the judge has answered the page's question (entry.question).
        response = post(client, base, "phase", {"version": 4, "phase_key": 2, "confirmed": "1"})
    assert 'data-phase="night-1"' in response.content.decode()
    assert list(ProtocolVersion.objects.filter(game=game).values_list("version", flat=True)) == [1, 2, 3, 4, 5]


def test_the_protocol_is_read_once_per_action(client):
    game = dealt_game()
    base = reverse("entry:link", kwargs={"token": game.judge_token})
    with CaptureQueriesContext(connection) as queries:
        post(client, base, "nominate", {"version": 1, "by": 1, "target": 2})
    reads = [q["sql"] for q in queries if q["sql"].startswith("SELECT") and '"protocol"' in q["sql"]]
    assert len(reads) == 1 and reads[0].endswith(f'FOR UPDATE OF "{Game._meta.db_table}"')


def test_one_event_by_login(client, django_assert_max_num_queries):
    """The judge logged in, by the page's id or by the private link."""
    game = dealt_game()
    client.force_login(game.judge.user)
    base = reverse("entry:page", kwargs={"pk": game.pk})
    with django_assert_max_num_queries(EVENT_QUERIES + LOGIN_QUERIES):
        response = post(client, base, "nominate", {"version": 1, "by": 1, "target": 2})
    assert response["X-Protocol-Version"] == "2"
    link = reverse("entry:link", kwargs={"token": game.judge_token})
    with django_assert_max_num_queries(EVENT_QUERIES + LOGIN_QUERIES):
        post(client, link, "nominate", {"version": 2, "by": 3, "target": 4})
    assert ProtocolVersion.objects.get(game=game, version=3).author == game.judge.user


def test_the_locked_entry_read_locks_the_game_row_only_and_reads_its_relations():
    """game_for_entry(lock=True) is one query: the game with ENTRY_RELATED, the game's row locked
    (FOR UPDATE OF the game's table: the joined judge, round or evening may be null)."""
    game = dealt_game()
    evening = Evening.objects.create(club=game.club, title="Tuesday", starts_at=timezone.now())
    Game.objects.filter(pk=game.pk).update(evening=evening)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        read = game_for_entry(token=game.judge_token, lock=True)
        assert (read.club.name, read.judge.user.pk, read.evening.title, read.round) == (
            game.club.name, game.judge.user.pk, "Tuesday", None)
    [query] = queries.captured_queries
    assert query["sql"].endswith(f'FOR UPDATE OF "{Game._meta.db_table}"')
    assert game_for_entry(token="no-such-link") is None
    Game.objects.filter(pk=game.pk).update(judge=None)
    assert game_for_entry(pk=game.pk).judge is None


def test_marking_the_scores_dirty_again_is_one_locked_read_and_one_update(django_capture_on_commit_callbacks):
    """The action that finishes (or changes a finished) game marks its scores dirty. Once the job's
    row exists, that is its locked read and its update (no savepoint: a failed request fails the
    caller's transaction anyway), and a message already on its way covers the new request: nothing
    more is sent."""
    from core.models import RecomputeJob
    from core.outbox import request_game_scores

    game = dealt_game()
    with django_capture_on_commit_callbacks() as sent:
        request_game_scores(game.pk)
    assert len(sent) == 1
    with CaptureQueriesContext(connection) as queries, django_capture_on_commit_callbacks() as sent:
        request_game_scores(game.pk)
    assert [q["sql"].split()[0] for q in queries] == ["SELECT", "UPDATE"]
    assert sent == []
    job = RecomputeJob.objects.get(kind=RecomputeJob.Kind.GAME_SCORES, target_id=game.pk)
    assert job.status == RecomputeJob.Status.PENDING and job.attempts == 0
    assert job.enqueued_at is not None and job.requested_at > job.enqueued_at
