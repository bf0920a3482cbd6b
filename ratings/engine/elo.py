"""The rating rules: one function per rule, then `apply_game` and `process_games` that use them.

The rules (docs/ratings.md has the reasons and worked examples):

- Expected result: red's chance is 1 / (1 + 10^((B − R) / 400)), R the mean red-track rating of
  the seven red players, B the mean black-track rating of the three black players.
- Table points: the game moves 5 · K · (S − E) points from the losing side to the winning side
  (S = 1 when red wins, 0 when black wins); K by the kind of game. Zero-sum.
- Shares: inside a side the points are split by shares: one each, `provisional_weight` for a
  player in their first `provisional_games` games on that track.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ratings.engine.config import BLACK_SEATS, ELO_SCALE, RED_SEATS, RatingConfig
from ratings.engine.errors import RatingError
from ratings.engine.model import RatingChange, RatingGame
from ratings.engine.state import RatingState

#: Half the table: with one share each, the mean |change| over the ten seats is K · |S − E|.
POINTS_PER_K = (RED_SEATS + BLACK_SEATS) / 2

_row = tuple.__new__


def expected_red_win(avg_black: float, avg_red: float) -> float:
    """Rule "Expected result": the probability that red wins, 1 / (1 + 10^((B − R) / 400))."""
    return 1.0 / (1.0 + 10.0 ** ((avg_black - avg_red) / ELO_SCALE))


def table_points(k: float, red_score: float, expected: float) -> float:
    """Rule "Table points": the points red gains (black loses that many), 5 · K · (S − E)."""
    return POINTS_PER_K * k * (red_score - expected)


def shares(track_games: int, config: RatingConfig) -> float:
    """Rule "Shares": a provisional player takes more of their side's points."""
    return config.provisional_weight if track_games < config.provisional_games else 1.0


def apply_game(state: RatingState, game: RatingGame, config: RatingConfig) -> list[RatingChange]:
    """Rate one game: update `state` in place and return the ten history rows (red players
    first, in seat order given, then black). A game without a winner changes nothing and
    returns []. Raises RatingError if the game is not after the state's last rated game."""
    if config.baseline != state.baseline:
        raise RatingError(
            f"the state was built with baseline {state.baseline}, the config says {config.baseline}"
        )
    last = state.last_order_key
    if last is not None and not last < game.order_key:
        raise RatingError(
            f"game {game.game_id!r} (order key {game.order_key!r}) is not after the last rated "
            f"game (order key {last!r}); rebuild from a snapshot taken before it"
        )
    if game.winner is None:
        return []

    baseline = state.baseline
    players = state._players  # the engine owns the records: [red, black, red games, black games]
    red = [
        players.get(player_id) or players.setdefault(player_id, [baseline, baseline, 0, 0])
        for player_id in game.red
    ]
    black = [
        players.get(player_id) or players.setdefault(player_id, [baseline, baseline, 0, 0])
        for player_id in game.black
    ]

    avg_red = sum([record[0] for record in red]) / RED_SEATS
    avg_black = sum([record[1] for record in black]) / BLACK_SEATS
    expected = expected_red_win(avg_black, avg_red)
    red_won = game.winner == "red"
    points = table_points(config.k(game.tier), 1.0 if red_won else 0.0, expected)

    # Rule "Shares" (`shares`), inlined: ten calls a game were a tenth of the engine's time.
    provisional, weight = config.provisional_games, config.provisional_weight
    red_shares = [weight if record[2] < provisional else 1.0 for record in red]
    black_shares = [weight if record[3] < provisional else 1.0 for record in black]
    red_unit = points / sum(red_shares)
    black_unit = -points / sum(black_shares)

    # Rows are built with tuple.__new__: the same RatingChange, without the keyword-handling
    # layer of its generated __new__ (a tenth of the time of a rebuild).
    game_id, order_key = game.game_id, game.order_key
    changes = []
    append = changes.append
    for player_id, record, share in zip(game.red, red, red_shares, strict=True):
        before, black_rating = record[0], record[1]
        delta = red_unit * share
        after = record[0] = before + delta
        red_games = record[2] = record[2] + 1
        overall_before = before + black_rating - baseline
        append(
            _row(RatingChange, (
                game_id, order_key, player_id, "red", red_won, expected, before, after, delta,
                overall_before, overall_before + delta, after, black_rating,
                red_games, record[3],
            ))
        )  # fmt: skip
    black_expected = 1.0 - expected
    black_won = not red_won
    for player_id, record, share in zip(game.black, black, black_shares, strict=True):
        red_rating, before = record[0], record[1]
        delta = black_unit * share
        after = record[1] = before + delta
        black_games = record[3] = record[3] + 1
        overall_before = red_rating + before - baseline
        append(
            _row(RatingChange, (
                game_id, order_key, player_id, "black", black_won, black_expected, before,
                after, delta, overall_before, overall_before + delta, red_rating, after,
                record[2], black_games,
            ))
        )  # fmt: skip
    state.last_order_key = order_key
    return changes


def process_games(
    state: RatingState, games: Iterable[RatingGame], config: RatingConfig
) -> Iterator[RatingChange]:
    """Rate `games` (in strictly increasing order key) one after another from `state`,
    yielding ten history rows per rated game. Lazy: `state` is updated as the rows are
    consumed, and holds the result once the iterator is exhausted. Games without a winner
    are skipped. Raises RatingError on a game out of order."""
    for _game, changes in rate_games(state, games, config):
        yield from changes


def rate_games(
    state: RatingState, games: Iterable[RatingGame], config: RatingConfig
) -> Iterator[tuple[RatingGame, list[RatingChange]]]:
    """`process_games` a game at a time: each game with its ten history rows (none for a game
    without a winner), for a caller that handles a game's rows together (the site's bulk
    writer packs the red and the black rows apart)."""
    previous = state.last_order_key
    for game in games:
        if previous is not None and not previous < game.order_key:
            raise RatingError(
                f"game {game.game_id!r} (order key {game.order_key!r}) is not after order key "
                f"{previous!r}; games must be given in strictly increasing order"
            )
        previous = game.order_key
        yield game, apply_game(state, game, config)


def rebuild(games: Iterable[RatingGame], config: RatingConfig) -> RatingState:
    """All games from the start, discarding the history rows; the final state."""
    state = RatingState(config.baseline)
    for _ in process_games(state, games, config):
        pass
    return state
