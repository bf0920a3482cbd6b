"""The test run's own machinery (tests/demo_world.py, config/test_database, tests/conftest.py):
what one test leaves must not reach the next, however the tests are ordered."""

from __future__ import annotations

import pytest
from django.core.management.color import no_style
from django.db import connection

from clubs.models import Club
from online.core import play
from tests.factories import ClubFactory
from tests.online.factories import a_game

pytestmark = pytest.mark.django_db


def _numbers(snapshot, table: str) -> list[int]:
    """The first column (the id) of the snapshot's rows of ``table`` (COPY's text)."""
    return [int(line.split(b"\t", 1)[0]) for line in snapshot.rows[table].splitlines()]


def test_rows_made_after_the_demo_was_built_take_numbers_above_its_own(demo_snapshot):
    """The demo is built and the database emptied again with the sequences where they were: a
    test that makes rows then never takes a number the demo's rows have (the kept replayed states
    of the online games are kept by a game's number: the demo's forum game would meet another
    game's state under its own number)."""
    assert ClubFactory().pk > max(_numbers(demo_snapshot, Club._meta.db_table))


def test_the_demo_laid_down_keeps_the_sequences_ahead_of_its_rows(demo_world):
    highest = max(Club.objects.values_list("pk", flat=True))
    assert ClubFactory().pk > highest


def test_a_flush_deletes_and_keeps_the_sequences_unless_asked_to_reset_them():
    tables = [Club._meta.db_table]
    assert connection.ops.sql_flush(no_style(), tables) == [f'DELETE FROM "{Club._meta.db_table}";']
    reset = connection.ops.sql_flush(no_style(), tables, reset_sequences=True)
    assert reset[0].startswith("TRUNCATE") and "RESTART IDENTITY" in reset[0]


def test_the_kept_states_are_forgotten_when_asked():
    game, _, _ = a_game("mafia_goon", "townie", "townie")
    kept = play.state_of(game)
    assert play.state_of(game) is kept
    play.forget_kept_states()
    assert play.state_of(game) is not kept
