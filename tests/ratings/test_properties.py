"""Properties over random game sequences (hypothesis)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.engine import TIERS, RatingConfig, RatingGame, RatingState, process_games


@st.composite
def game_sequences(draw):
    pool = draw(st.integers(min_value=10, max_value=16))
    games = []
    for key in range(draw(st.integers(min_value=1, max_value=40))):
        seats = draw(st.permutations(range(pool)))[:10]
        games.append(
            RatingGame(
                game_id=key,
                order_key=key,
                red=tuple(seats[:7]),
                black=tuple(seats[7:]),
                winner=draw(st.sampled_from(["red", "black", None])),
                tier=draw(st.sampled_from(TIERS)),
            )
        )
    return games


configs = st.builds(
    RatingConfig,
    k_club=st.floats(1, 60),
    k_tournament=st.floats(1, 60),
    k_major=st.floats(1, 100),
    provisional_games=st.integers(0, 20),
    provisional_weight=st.floats(1, 5),
)


@settings(max_examples=150, deadline=None)
@given(games=game_sequences(), config=configs)
def test_every_game_is_zero_sum(games, config):
    state = RatingState(config.baseline)
    rows = list(process_games(state, games, config))
    for game in games:
        deltas = [row.delta for row in rows if row.game_id == game.game_id]
        assert len(deltas) == (0 if game.winner is None else 10)
        assert sum(deltas) == pytest.approx(0.0, abs=1e-9)
    # so the points in the pool never change: every player holds 2 × baseline in all
    total = sum(rating.red + rating.black for _, rating in state.items())
    assert total == pytest.approx(2 * config.baseline * len(state), abs=1e-6)


@settings(max_examples=150, deadline=None)
@given(games=game_sequences(), config=configs)
def test_winners_gain_losers_lose_and_overall_is_red_plus_black_edges(games, config):
    state = RatingState(config.baseline)
    for row in process_games(state, games, config):
        assert (row.delta > 0) == row.won
        assert 0.0 < row.expected < 1.0
        assert row.overall_after == pytest.approx(
            row.red_rating + row.black_rating - config.baseline
        )
    for _, rating in state.items():
        assert rating.overall == pytest.approx(rating.red + rating.black - config.baseline)


@settings(max_examples=100, deadline=None)
@given(games=game_sequences(), cut=st.integers(0, 40))
def test_any_cut_restored_from_a_snapshot_gives_the_same_history(games, cut):
    config = RatingConfig()
    whole = RatingState()
    rows = list(process_games(whole, games, config))
    state = RatingState()
    head = list(process_games(state, games[:cut], config))
    restored = RatingState.from_dict(state.to_dict())
    assert head + list(process_games(restored, games[cut:], config)) == rows
    assert restored == whole
