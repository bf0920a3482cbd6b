"""Places with ties (records/engine/ranking.py; docs/records.md, "Leaderboards", reading L1)."""

from fractions import Fraction

import pytest

from records.engine.ranking import competition_places, ranked


def test_equal_keys_share_a_place_and_the_next_key_takes_its_position():
    assert competition_places([9, 7, 7, 5]) == [1, 2, 2, 4]
    assert competition_places([3, 3, 3]) == [1, 1, 1]
    assert competition_places([5, 4, 3]) == [1, 2, 3]
    assert competition_places([]) == []


def test_rates_compare_as_exact_fractions():
    # 2 of 4 and 1 of 2 are the same rate and the same place; 2 of 3 is ahead of both
    assert competition_places([Fraction(2, 3), Fraction(2, 4), Fraction(1, 2), Fraction(0, 1)]) == [1, 2, 2, 4]


def test_ranked_keeps_the_rows_order_and_reads_the_key():
    rows = [("Ann", 10), ("Bob", 8), ("Cid", 8), ("Dan", 1)]
    assert ranked(rows, key=lambda row: row[1]) == [(1, ("Ann", 10)), (2, ("Bob", 8)), (2, ("Cid", 8)),
                                                    (4, ("Dan", 1))]


def test_rows_out_of_order_are_refused():
    with pytest.raises(ValueError):
        competition_places([5, 4, 5])
