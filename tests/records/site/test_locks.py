"""The store's locks: runs for different games never wait for each other, and a rebuild waits
for the runs under way (and they for it), so a run never writes into a half-rebuilt store."""

import threading
import time

import pytest
from django.db import connections

from records import rebuild as rebuilding_module
from records import services
from records.models import SeatRecord
from tests.discipline.helpers import Cup, dd_game, red_disqualification_game
from tests.pipeline.test_faults import PROMPT, Held, timed


@pytest.mark.django_db(transaction=True)
def test_runs_for_two_games_share_the_store_and_a_rebuild_waits_for_them(monkeypatch):
    cup = Cup()  # confirmed games are published at once; the pipeline runs at each commit
    first = cup.confirm(cup.play(red_disqualification_game()))
    second = cup.confirm(cup.play(dd_game()))
    assert SeatRecord.objects.count() == 20
    held = Held()
    monkeypatch.setattr(services, "seat_records_of", held.wrap(services.seat_records_of))
    run = held.run(lambda: services.game_records_replace(game_id=first.pk))  # holds the store, shared
    rebuilt = []

    def rebuild():
        try:
            rebuilt.append(rebuilding_module.player_records_rebuild())
        finally:
            connections.close_all()

    rebuilding = threading.Thread(target=rebuild, daemon=True)
    try:
        elapsed = timed(lambda: services.game_records_replace(game_id=second.pk))
        assert elapsed < PROMPT, f"a run for another game waited {elapsed:.1f} s"
        rebuilding.start()
        time.sleep(1.0)
        assert rebuilding.is_alive() and not rebuilt  # the rebuild waits for the held run
    finally:
        held.release.set()
        run.join(20)
        rebuilding.join(20)
    assert rebuilt and (rebuilt[0].games, rebuilt[0].rows) == (2, 20)
    assert SeatRecord.objects.count() == 20
