"""fiim-2025 tournament points (the Official 2025 rules, section 6).

6.1 Main points: win +0.75, loss/draw 0, disqualification −0.5, rules-based team loss −0.75.
6.2 Bonus points: judge bonuses +0.1 … +0.9 for winners, up to +0.5 for losers.
6.3 Penalty points: destructive play −0.2 … −0.4.

The main points are one outcome per player, the first that applies: the DD offender's
rules-based team loss (−0.75), else a disqualification (−0.5), else win (+0.75) or loss (0).
The −0.75 goes to the offender only; the offender's teammates take an ordinary loss (0) — see
docs/scoring.md. Judge `bonus` events add on top and must lie in their ranges.
"""

from __future__ import annotations

from games.engine import Bonus, GameRecord

from .errors import ScoringError
from .points import milli
from .result import GameScore, ScoreItem
from .review import NO_REVIEW, Review

WIN = 750
LOSS = 0
DISQUALIFICATION = -500
RULES_BASED_TEAM_LOSS = -750
WINNER_BONUS = (100, 900)  # "+0.1 to +0.9 for winners"
LOSER_BONUS = (100, 500)  # "up to +0.5 for losers"
DESTRUCTIVE_PLAY = (-400, -200)  # "-0.2 to -0.4 points"


def _main_points(record: GameRecord, seat: int, review: Review = NO_REVIEW) -> ScoreItem | None:
    team = record.team(seat)
    dd = record.dd
    if dd is not None and dd.seat == seat and review.dd_as_disqualification:
        return ScoreItem(
            DISQUALIFICATION,
            "disqualification",
            f"declared defeat ({dd.reason}): {team} team loses; changed on review to a disqualification",
        )
    if dd is not None and dd.seat == seat:
        return ScoreItem(
            RULES_BASED_TEAM_LOSS,
            "rules-based-team-loss",
            f"declared defeat ({dd.reason}): {team} team loses",
        )
    removal = next((d for d in record.disqualifications if d.seat == seat), None)
    if removal is not None and seat not in review.penalty_waived:
        return ScoreItem(DISQUALIFICATION, "disqualification", f"disqualified ({removal.reason})")
    if record.winner is None:
        return None
    if record.winner == team:
        return ScoreItem(WIN, "win", f"{team} team won")
    return ScoreItem(LOSS, "loss", f"{team} team lost")


def _bonus_item(record: GameRecord, bonus: Bonus) -> ScoreItem:
    points = milli(bonus.points)
    if points % 100:
        raise ScoringError(
            bonus.index,
            "bonus.not-tenths",
            f"judge bonuses and penalties are in tenths of a point, not {bonus.points:g} (seat {bonus.seat})",
        )
    team_won = record.winner is not None and record.winner == record.team(bonus.seat)
    if points < 0:
        low, high = DESTRUCTIVE_PLAY
        if not low <= points <= high:
            raise ScoringError(
                bonus.index,
                "bonus.penalty-out-of-range",
                f"a destructive-play penalty is -0.2 to -0.4, not {bonus.points:g} (seat {bonus.seat})",
            )
        return ScoreItem(points, "destructive-play", f"judge's penalty: {bonus.reason}")
    low, high = WINNER_BONUS if team_won else LOSER_BONUS
    if not low <= points <= high:
        who = "a winner" if team_won else "a player whose team did not win"
        raise ScoringError(
            bonus.index,
            "bonus.out-of-range",
            f"a judge bonus for {who} is +{low / 1000:g} to +{high / 1000:g}, not {bonus.points:g} (seat {bonus.seat})",
        )
    return ScoreItem(points, "judge-bonus", f"judge's bonus: {bonus.reason}")


def score_fiim(record: GameRecord, *, review: Review = NO_REVIEW) -> GameScore:
    items: dict[int, list[ScoreItem]] = {info.seat: [] for info in record.seats}
    for info in record.seats:
        main = _main_points(record, info.seat, review)
        if main is not None:
            items[info.seat].append(main)
    for bonus in record.bonuses:
        items[bonus.seat].append(_bonus_item(record, bonus))
    # 6.2: the bonus range is per player and game, so several bonus events add up within it.
    for seat, seat_items in items.items():
        total = sum(item.milli for item in seat_items if item.rule == "judge-bonus")
        low, high = WINNER_BONUS if record.winner == record.team(seat) else LOSER_BONUS
        if total > high:
            index = max(b.index for b in record.bonuses if b.seat == seat)
            raise ScoringError(
                index,
                "bonus.total-out-of-range",
                f"seat {seat}'s judge bonuses add up to +{total / 1000:g}; the most is +{high / 1000:g}",
            )
    return GameScore.of(record, items)
