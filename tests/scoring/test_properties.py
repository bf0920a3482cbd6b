"""Property tests: random complete games (see games/engine/simulate.py) always score, and the scores
keep the seed's invariants."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import replay
from games.engine.simulate import random_game
from scoring.engine import score
from scoring.engine.pro_mafia import all_slugs

SLUGS = set(all_slugs())


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_score_and_keep_the_invariants(seed):
    record = replay(random_game(seed))
    result = score(record)
    assert result.winner == record.winner
    removed = {d.seat for d in record.disqualifications} | (
        {record.dd.seat} if record.dd else set()
    )
    for player in result.players:
        assert player.total_milli == sum(item.milli for item in player.items)
        assert player.to_dict()["total"] == round(player.total_milli / 1000, 3)
        for item in player.items:
            assert item.rule in SLUGS
            assert item.note
        if player.seat in removed:
            # DD or disqualification: only that penalty is left
            assert len(player.items) == 1
            assert player.items[0].rule in {"declared-defeat", "technical-disqualification"}
            continue
        targets = Counter(item.target for item in player.items if item.target is not None)
        # best-of: at most one award per black target, never above 0.4 (the highest value)
        assert all(count == 1 for count in targets.values()), player.items
        assert all(item.milli <= 400 for item in player.items if item.target is not None)
        if record.team(player.seat) == "black":
            assert not targets  # blacks never receive black-target awards


def test_the_random_games_are_valid_and_varied():
    ends = Counter(replay(random_game(seed)).end for seed in range(300))
    assert set(ends) >= {"parity", "all_black_out", "surrender", "dd"}
