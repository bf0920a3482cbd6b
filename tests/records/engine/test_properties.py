"""Random legal games (games/engine/simulate.py): the seats' facts always account for the record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import replay
from games.engine.simulate import random_game
from records.engine import Totals, seat_facts
from scoring.engine import score


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), city_skill=st.sampled_from([0.0, 0.5]))
def test_the_facts_account_for_every_event_of_the_record(seed, city_skill):
    record = replay(random_game(seed, city_skill=city_skill, fouls_per_phase=1))
    result = score(record)
    facts = seat_facts(record, result)
    totals = Totals.of_all(facts)
    assert [f.seat for f in facts] == list(range(1, len(record.seats) + 1))
    assert totals.nominated.total == totals.nominated_by.total == len(record.nominations)
    ballots = sum(len(vote.ballots) for vote in record.votes)
    assert totals.voted.total == totals.voted_by.total == ballots
    assert totals.checked_by_don + totals.checked_by_sheriff == len(record.checks)
    assert totals.fouls_ordinary + totals.fouls_technical == len(record.fouls)
    assert totals.disqualified == len(record.disqualifications)
    assert totals.declared_defeats == (record.dd is not None)
    assert totals.games - totals.stayed == len(record.departures)
    assert totals.shot_first_night <= 1 and totals.first_night_wills <= totals.shot_first_night
    assert totals.points_milli == sum(player.total_milli for player in result.players)
    assert sum(entry.items for entry in totals.rule_points) == sum(len(p.items) for p in result.players)
    if record.winner is None:
        assert totals.undecided == 10
    else:
        assert (totals.wins, totals.losses) == ((7, 3) if record.winner == "red" else (3, 7))
