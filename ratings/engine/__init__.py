"""Player ratings: Elo on a red track and a black track, pure Python (no Django).

docs/ratings.md has the formula, the choices and worked examples. The API:

Input and configuration
    RatingGame(game_id, order_key, red, black, winner, tier="club")
        red: 7 player ids, black: 3 player ids (Don included), winner "red" | "black" | None
        (None = no winner: skipped), tier "club" | "tournament" | "major". order_key is any
        comparable value, strictly increasing over the games rated; the site uses
        (played_at, game_id). Checked on construction (RatingError); RatingGame.unchecked(...)
        builds one without the checks, for a source that guarantees them (the site's database).
    RatingConfig(baseline=1500, k_club=20, k_tournament=30, k_major=40,
                 provisional_games=10, provisional_weight=2)
        .k(tier), .to_dict(), RatingConfig.from_dict(d)

State
    RatingState(baseline)                  every player's red/black ratings and game counts
        .get(player_id) -> PlayerRating(red, black, overall, red_games, black_games; .games)
        .items(), len(), `in`, .last_order_key (the last rated game's key)
        .copy(), .to_dict(), RatingState.from_dict(d)            snapshot / restore
        RatingState.from_changes(rows, baseline=...)   state from each player's latest row

Rating
    apply_game(state, game, config) -> list[RatingChange]       10 rows, or [] if no winner
    process_games(state, games, config) -> Iterator[RatingChange]  lazy; updates state
    rate_games(state, games, config) -> Iterator[(RatingGame, list[RatingChange])]  the same by game
    rebuild(games, config) -> RatingState
    RatingChange(game_id, order_key, player_id, track, won, expected, before, after, delta,
                 overall_before, overall_after, red_rating, black_rating,
                 red_games, black_games)                  one history row per (player, game)
    expected_red_win(avg_black, avg_red) -> float
    table_points(k, red_score, expected), shares(track_games, config)   the rules themselves

Reading
    leaderboard(state, track="overall", min_games=0, limit=None) -> list[LeaderboardEntry]
        LeaderboardEntry(rank, player_id, rating, games)
    display_rating(value) -> int                              rounding for display only

Rebuilding from game X (a protocol changed): restore the state before X — either a stored
`to_dict()` snapshot, or `RatingState.from_changes(latest history row per player before X)` —
then `process_games(state, games X.. in order, config)` and replace the history rows from X on.

Errors: RatingError (a ValueError) with the reason, for a bad game, config, snapshot or order.
"""

from ratings.engine.config import (
    BLACK_SEATS,
    ELO_SCALE,
    RED_SEATS,
    TIERS,
    TRACKS,
    RatingConfig,
)
from ratings.engine.elo import (
    apply_game,
    expected_red_win,
    process_games,
    rate_games,
    rebuild,
    shares,
    table_points,
)
from ratings.engine.errors import RatingError
from ratings.engine.leaderboard import display_rating, leaderboard
from ratings.engine.model import LeaderboardEntry, PlayerRating, RatingChange, RatingGame
from ratings.engine.state import RatingState, overall_rating

__all__ = [
    "BLACK_SEATS",
    "ELO_SCALE",
    "RED_SEATS",
    "TIERS",
    "TRACKS",
    "LeaderboardEntry",
    "PlayerRating",
    "RatingChange",
    "RatingConfig",
    "RatingError",
    "RatingGame",
    "RatingState",
    "apply_game",
    "display_rating",
    "expected_red_win",
    "leaderboard",
    "overall_rating",
    "process_games",
    "rate_games",
    "rebuild",
    "shares",
    "table_points",
]
