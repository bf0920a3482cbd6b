"""What the Pro Mafia rules ask of a replayed game, derived once from the `GameRecord`."""

from __future__ import annotations

from functools import lru_cache

from games.engine import GameRecord
from games.engine.seatsets import is_critical
from vocabulary import BLACK_ROLES, SHERIFF

from ..review import NO_REVIEW, Review
from .values import BlackValues


@lru_cache(maxsize=4096)
def _deal(roles: tuple[str, ...]) -> tuple[list[bool], tuple, tuple, int, int]:
    """Per deal (the roles of seats 1..10): black flags by seat, the black and red seats, the
    black seats' bitmask, the Sheriff's seat."""
    black = [False] + [role in BLACK_ROLES for role in roles]
    seats = range(1, len(roles) + 1)
    blacks = tuple(seat for seat in seats if black[seat])
    reds = tuple(seat for seat in seats if not black[seat])
    sheriff = roles.index(SHERIFF) + 1
    return black, blacks, reds, sum(1 << seat for seat in blacks), sheriff


class GameFacts:
    """Derived facts shared by the rule modules (read-only)."""

    def __init__(self, record: GameRecord, review: Review = NO_REVIEW) -> None:
        self.record = record
        self.review = review  # discipline decisions that change penalties (scoring/engine/review.py)
        self.events = record.events
        self._when: dict[int, str] = {}
        roles = tuple(info.role for info in record.seats)
        self.seats = range(1, len(roles) + 1)
        deal = _deal(roles)
        self.black, self.blacks, self.reds, self.black_mask, self.sheriff = deal
        self.masks = record.alive_bitsets()  # alive seats after each event as bit sets; [0] the deal
        self.winner = record.winner
        # The record's lists, read once: the rules loop over them many times.
        self.votes = record.votes
        self.raises = record.raises
        self.nights = record.nights
        self.checks = record.checks
        self.departures = record.departures
        self.wills = record.wills
        self.disqualifications = record.disqualifications
        self.departure = {departure.seat: departure for departure in self.departures}
        self.alive_at_end = record.alive
        self.self_shots = [night for night in self.nights if night.self_shot]
        self.values = BlackValues(self.self_shots, self.masks, self.blacks)
        self.exit_index = self._exits()
        # the Sheriff's black checks, chronological
        self.sheriff_black_checks = [
            check for check in self.checks if check.by == "sheriff" and check.result == "black"
        ]
        # the red players' wills by kind, chronological ("black players do not receive scoring
        # from their own wills")
        self.red_wills: dict[str, list] = {}
        black = self.black
        for will in self.wills:
            if not black[will.seat]:
                self.red_wills.setdefault(will.kind, []).append(will)

    # --- moments ----------------------------------------------------------------------------
    def mask_before(self, index: int) -> int:
        """The seats at the table before event `index`, as a bitmask (bit s is seat s)."""
        return self.masks[index]

    def mask_after(self, index: int) -> int:
        return self.masks[index + 1]

    def players_before(self, index: int) -> int:
        return self.masks[index].bit_count()

    def alive_before(self, index: int) -> frozenset[int]:
        return self.record.alive_before(index)

    def alive_after(self, index: int) -> frozenset[int]:
        return self.record.alive_after(index)

    def critical_before(self, index: int) -> bool:
        return is_critical(self.masks[index], self.black_mask)

    def critical_after(self, index: int) -> bool:
        return is_critical(self.masks[index + 1], self.black_mask)

    def margin_lost_at(self, index: int) -> bool:
        """Event `index` took the city's margin for error away (not critical → critical)."""
        masks, blacks = self.masks, self.black_mask
        return not is_critical(masks[index], blacks) and is_critical(masks[index + 1], blacks)

    def when(self, index: int) -> str:
        """The phase of event `index` for a note ("day 2", "night 1")."""
        text = self._when.get(index)
        if text is None:
            event = self.events[index]
            if "day" in event:
                text = f"day {event['day']}"
            elif "night" in event:
                text = f"night {event['night']}"
            else:
                text = f"event {index}"
            self._when[index] = text
        return text

    # --- seats ------------------------------------------------------------------------------
    def is_black(self, seat: int) -> bool:
        return self.black[seat]

    def is_red(self, seat: int) -> bool:
        return not self.black[seat]

    def value(self, black: int, index: int) -> int:
        return self.values.at(black, index)

    def left_after(self, seat: int, index: int) -> bool:
        """`seat` left the table (any way) after event `index`."""
        departure = self.departure.get(seat)
        return departure is not None and departure.event_index > index

    def black_won_at_table(self, black: int) -> bool:
        return self.winner == "black" and black in self.alive_at_end

    def _exits(self) -> dict[int, int]:
        """When each black target "left the table" for red scoring, by event index.

        Vote, raise, disqualification; the last black's self-shot ("as if that black had been
        eliminated by vote"); surrender ("treated as black targets that left the table"); a
        DD of a black at the table (a removal). A self-shot that leaves black allies is not a
        leave: its value is redistributed to the allies.
        """
        record = self.record
        masks = self.masks
        exits: dict[int, int] = {}
        for seat in self.blacks:
            departure = self.departure.get(seat)
            if departure is None:
                continue
            index = departure.event_index
            if departure.how == "shot" and masks[index + 1] & self.black_mask:
                continue
            exits[seat] = index
        index = record.surrender_index
        if index is not None:
            for seat in self.blacks:
                if masks[index + 1] >> seat & 1:
                    exits.setdefault(seat, index)
        dd = record.dd
        if dd is not None and self.black[dd.seat] and masks[dd.index] >> dd.seat & 1:
            exits.setdefault(dd.seat, dd.index)
        return exits

    def blacks_alive_after(self, index: int) -> list[int]:
        alive = self.masks[index + 1]
        return [seat for seat in self.blacks if alive >> seat & 1]

    def blacks_alive_before(self, index: int) -> list[int]:
        alive = self.masks[index]
        return [seat for seat in self.blacks if alive >> seat & 1]

    def reds_alive_after(self, index: int) -> list[int]:
        alive = self.masks[index + 1]
        return [seat for seat in self.reds if alive >> seat & 1]

    def reds_alive_before(self, index: int) -> list[int]:
        alive = self.masks[index]
        return [seat for seat in self.reds if alive >> seat & 1]

    def has_black_check_before(self, index: int) -> bool:
        return any(check.index < index for check in self.sheriff_black_checks)
