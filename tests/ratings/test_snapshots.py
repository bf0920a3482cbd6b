"""Rebuilding from a game onwards: snapshot, restore, continue == everything at once."""

import json

import pytest

from ratings.engine import RatingConfig, RatingError, RatingState, process_games

CONFIG = RatingConfig()


@pytest.mark.parametrize("cut", [0, 1, 137, 599, 600])
def test_snapshot_restore_then_process_equals_processing_everything(synthetic, cut):
    whole = RatingState()
    all_rows = list(process_games(whole, synthetic, CONFIG))

    state = RatingState()
    head = list(process_games(state, synthetic[:cut], CONFIG))
    stored = json.loads(json.dumps(state.to_dict()))  # as the site would store it
    restored = RatingState.from_dict(stored)
    assert restored == state
    tail = list(process_games(restored, synthetic[cut:], CONFIG))

    assert head + tail == all_rows
    assert restored == whole


@pytest.mark.parametrize("cut", [1, 250, 599])
def test_the_latest_history_row_per_player_is_a_snapshot(synthetic, cut):
    whole = RatingState()
    all_rows = list(process_games(whole, synthetic, CONFIG))
    before_cut = [row for row in all_rows if row.order_key < synthetic[cut].order_key]

    restored = RatingState.from_changes(reversed(before_cut), baseline=CONFIG.baseline)
    tail = list(process_games(restored, synthetic[cut:], CONFIG))

    assert before_cut + tail == all_rows
    assert restored == whole


def test_a_copy_is_independent(synthetic):
    state = RatingState()
    list(process_games(state, synthetic[:100], CONFIG))
    copy = state.copy()
    list(process_games(state, synthetic[100:200], CONFIG))
    assert copy != state
    assert copy.last_order_key == synthetic[99].order_key


def test_a_snapshot_cannot_replay_games_it_already_holds(synthetic):
    state = RatingState()
    list(process_games(state, synthetic[:100], CONFIG))
    restored = RatingState.from_dict(state.to_dict())
    with pytest.raises(RatingError, match="is not after"):
        list(process_games(restored, synthetic[50:], CONFIG))


def test_an_unknown_snapshot_version_is_refused():
    with pytest.raises(RatingError, match="unknown rating snapshot version 2"):
        RatingState.from_dict({"version": 2, "baseline": 1500.0, "players": []})
