"""Rating games one after another: tracks, history rows, skipping, order, provisional shares."""

import subprocess
import sys
from pathlib import Path

import pytest

from ratings.engine import (
    RatingConfig,
    RatingError,
    RatingGame,
    RatingState,
    apply_game,
    process_games,
    rate_games,
    rebuild,
)
from tests.ratings.kit import BLACKS, REDS, table

CONFIG = RatingConfig()


def test_history_rows_are_complete_for_all_ten_players():
    state = RatingState()
    apply_game(state, table(1, winner="black"), CONFIG)
    changes = apply_game(state, table(2, winner="red", tier="major"), CONFIG)
    assert [c.player_id for c in changes] == list(REDS + BLACKS)
    assert [c.track for c in changes] == ["red"] * 7 + ["black"] * 3
    assert [c.won for c in changes] == [True] * 7 + [False] * 3
    for change in changes:
        now = state.get(change.player_id)
        assert (change.game_id, change.order_key) == (2, 2)
        assert change.after - change.before == pytest.approx(change.delta)
        assert change.overall_after - change.overall_before == pytest.approx(change.delta)
        assert change.overall_after == pytest.approx(now.overall)
        assert (change.red_rating, change.black_rating) == (now.red, now.black)
        assert (change.red_games, change.black_games) == (now.red_games, now.black_games)
    assert changes[0].red_games == 2
    assert changes[0].expected + changes[-1].expected == pytest.approx(1.0)


def test_a_red_game_never_changes_black_ratings_and_vice_versa():
    state = RatingState()
    apply_game(state, table(1, winner="black"), CONFIG)  # 8–10 now have black ratings
    swapped = table(2, winner="black", red=(8, 9, 10, 11, 12, 13, 14), black=(1, 2, 3))
    black_before = {p: state.get(p).black for p in (8, 9, 10)}
    red_before = {p: state.get(p).red for p in (1, 2, 3)}
    changes = apply_game(state, swapped, CONFIG)
    for change in changes:
        if change.track == "red":
            assert change.black_rating == state.get(change.player_id).black
    assert {p: state.get(p).black for p in (8, 9, 10)} == black_before
    assert {p: state.get(p).red for p in (1, 2, 3)} == red_before


def test_the_expectation_reads_each_player_on_the_track_of_their_colour():
    state = RatingState()
    apply_game(state, table(1, winner="black"), CONFIG)  # blacks 8–10 gain on the black track
    # Now 8, 9, 10 sit red: their red rating is still the baseline, so the teams are equal.
    changes = apply_game(
        state, table(2, red=(8, 9, 10, 11, 12, 13, 14), black=(15, 16, 17)), CONFIG
    )
    assert changes[0].expected == pytest.approx(0.5)


def test_a_game_without_a_winner_is_skipped():
    state = RatingState()
    apply_game(state, table(1), CONFIG)
    snapshot = state.to_dict()
    assert apply_game(state, table(2, winner=None), CONFIG) == []
    assert state.to_dict() == snapshot
    rows = list(process_games(state, [table(3, winner=None), table(4)], CONFIG))
    assert {r.game_id for r in rows} == {4}
    assert state.get(1).red_games == 2


def test_games_out_of_order_are_refused():
    state = RatingState()
    apply_game(state, table(5), CONFIG)
    with pytest.raises(RatingError, match="not after the last rated game"):
        apply_game(state, table(5), CONFIG)
    with pytest.raises(RatingError, match="strictly increasing"):
        list(process_games(RatingState(), [table(2), table(3, winner=None), table(3)], CONFIG))


def test_state_and_config_must_agree_on_the_baseline():
    with pytest.raises(RatingError, match="baseline"):
        apply_game(RatingState(1000.0), table(1), CONFIG)


@pytest.mark.parametrize(
    ("red", "black", "winner", "tier", "message"),
    [
        (REDS[:6], BLACKS, "red", "club", "7 red and 3 black players, not 6 and 3"),
        (REDS, BLACKS + (11,), "red", "club", "not 7 and 4"),
        (REDS, (8, 9, 1), "red", "club", "a player sits at the table twice"),
        (REDS, BLACKS, "draw", "club", "winner must be 'red', 'black' or None"),
        (REDS, BLACKS, "red", "friendly", "unknown tier 'friendly'"),
    ],
)
def test_a_malformed_game_is_refused(red, black, winner, tier, message):
    with pytest.raises(RatingError, match=message):
        RatingGame(game_id=1, order_key=1, red=red, black=black, winner=winner, tier=tier)


def test_a_newcomer_among_veterans_takes_a_double_share():
    veterans = RatingState.from_dict(
        {
            "version": 1,
            "baseline": 1500.0,
            "last_order_key": None,
            "players": [[p, 1500.0, 1500.0, 40, 40] for p in (1, 2, 3, 4, 5, 6, 8, 9, 10)],
        }
    )
    state = veterans  # player 7 has never played
    changes = apply_game(state, table(1, winner="red"), CONFIG)
    points = 5 * 20 * 0.5
    assert changes[6].delta == pytest.approx(points * 2 / 8)  # 7 reds, 8 shares
    assert changes[0].delta == pytest.approx(points / 8)
    assert sum(c.delta for c in changes[:7]) == pytest.approx(points)


def test_the_provisional_share_ends_after_the_provisional_games():
    config = RatingConfig(provisional_games=2, provisional_weight=3)
    state = RatingState()
    for key in (1, 2, 3):
        apply_game(state, table(key), config)  # players 1–10 are past their provisional games
    ratios = []
    for key in (4, 5, 6):
        changes = apply_game(state, table(key, red=(1, 2, 3, 4, 5, 6, 99)), config)
        ratios.append(changes[6].delta / changes[0].delta)
    assert ratios == pytest.approx([3, 3, 1])


def test_an_all_new_table_splits_equally_whatever_the_provisional_weight():
    changes = apply_game(RatingState(), table(1), RatingConfig(provisional_weight=5))
    assert len({round(c.delta, 12) for c in changes[:7]}) == 1


def test_rating_is_deterministic(synthetic):
    first_state, second_state = RatingState(), RatingState()
    first = list(process_games(first_state, synthetic, CONFIG))
    second = list(process_games(second_state, synthetic, CONFIG))
    assert first == second
    assert first_state == second_state


def test_rebuild_returns_the_final_state(synthetic):
    state = RatingState()
    for _ in process_games(state, synthetic, CONFIG):
        pass
    assert rebuild(synthetic, CONFIG) == state


def test_the_rating_engine_imports_nothing_from_django():
    root = Path(__file__).resolve().parents[2]
    code = "import sys, ratings.engine; sys.exit('django' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=root).returncode == 0


def test_rate_games_gives_each_games_rows_as_process_games(synthetic):
    by_game = list(rate_games(RatingState(), synthetic, CONFIG))
    assert [game for game, _ in by_game] == list(synthetic)
    assert [row for _, rows in by_game for row in rows] == list(process_games(RatingState(), synthetic, CONFIG))


def test_an_unchecked_game_is_the_checked_one():
    game = table(1, winner="black", tier="major")
    unchecked = RatingGame.unchecked(game.game_id, game.order_key, game.red, game.black, game.winner, game.tier)
    assert unchecked == game
    assert apply_game(RatingState(), unchecked, CONFIG) == apply_game(RatingState(), game, CONFIG)
