"""The players' records: one row per seat of every game that counts (docs/records.md, "The store").

Derived data: each row is the records engine's ``SeatFacts`` of one seat, rewritten by
``records.services`` whenever its game changes, and never edited by hand. The game's club,
tournament, evening, ruleset and time are copied onto the row so a player's figures for any
filter are summed over the player's own rows, with no join (records.selectors).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from games.models import Game
from games.rulesets import ROLE_CHOICES, RulesetChoice
from scoring.engine.points import as_number
from tournaments.models import Evening, Tournament


class HowLeft(models.TextChoices):
    """How a seat left the table (the protocol engine's ``Departure.how``); blank: it stayed."""

    VOTE = "vote", _("voted out")
    RAISE = "raise", _("raised out")
    SHOT = "shot", _("shot")
    DISQUALIFIED = "disqualified", _("disqualified")


def _count(label):
    return models.PositiveSmallIntegerField(label, default=0)


class SeatFactColumns(models.Model):
    """The columns of one seat's facts (records.engine.SeatFacts; ``records.engine.rows.FACT_COLUMNS``),
    shared by the store's rows and the facts kept with each game's scores."""

    seat = models.PositiveSmallIntegerField(_("seat"))
    role = models.CharField(_("role"), max_length=10, choices=ROLE_CHOICES)
    team = models.CharField(_("team"), max_length=5)  # vocabulary.RED or BLACK
    ruleset = models.CharField(_("ruleset"), max_length=20, choices=RulesetChoice.choices)
    # the result and the points
    won = models.BooleanField(_("won"), null=True)  # None: the game has no winner
    points_milli = models.IntegerField(_("points (thousandths)"))
    # [[rule slug, items, thousandths], …] in the order the rules first gave the seat an item
    rule_points = models.JSONField(_("points by rule"), default=list)
    # the departure, the first night and discipline
    left = models.CharField(_("left the table"), max_length=12, choices=HowLeft.choices, blank=True)
    shot_first_night = models.BooleanField(_("shot on the first night"), default=False)
    first_night_will = models.BooleanField(_("first-night will"), default=False)
    first_night_blacks_guessed = _count(_("blacks guessed by the first-night will"))
    # the engine's reading of "guessed three / two" (exactly), kept so the store never re-reads it
    guessed_three = models.BooleanField(_("guessed three blacks"), default=False)
    guessed_two = models.BooleanField(_("guessed two blacks"), default=False)
    fouls_ordinary = _count(_("fouls"))
    fouls_technical = _count(_("technical fouls"))
    disqualified = models.BooleanField(_("disqualified"), default=False)
    declared_defeat = models.BooleanField(_("declared defeat"), default=False)
    # nominations and ballots given and received, by the other seat's role
    nominated_civilian = _count(_("nominated civilians"))
    nominated_sheriff = _count(_("nominated the Sheriff"))
    nominated_mafia = _count(_("nominated the mafia"))
    nominated_don = _count(_("nominated the Don"))
    nominated_by_civilian = _count(_("nominated by civilians"))
    nominated_by_sheriff = _count(_("nominated by the Sheriff"))
    nominated_by_mafia = _count(_("nominated by the mafia"))
    nominated_by_don = _count(_("nominated by the Don"))
    voted_civilian = _count(_("votes against civilians"))
    voted_sheriff = _count(_("votes against the Sheriff"))
    voted_mafia = _count(_("votes against the mafia"))
    voted_don = _count(_("votes against the Don"))
    voted_by_civilian = _count(_("votes by civilians"))
    voted_by_sheriff = _count(_("votes by the Sheriff"))
    voted_by_mafia = _count(_("votes by the mafia"))
    voted_by_don = _count(_("votes by the Don"))
    checked_by_don = _count(_("checked by the Don"))
    checked_by_sheriff = _count(_("checked by the Sheriff"))

    class Meta:
        abstract = True


class SeatRecord(SeatFactColumns):
    """One seat of one counting game: what the seat did (records.engine.SeatFacts).

    The foreign keys check nothing in the database (``db_constraint=False``), as the ratings'
    history does: the rows are rewritten in bulk by a rebuild, and Django still cascades deletes.
    Each index is one more to maintain per row: the unique (game, seat) serves a game's rows, and
    the indexes below a player's rows, a club's and a period's.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_records",
                             db_constraint=False, db_index=False)
    # None: a seat the protocol names without a registered player (it has its facts, no record)
    player = models.ForeignKey(Player, verbose_name=_("player"), null=True, blank=True, on_delete=models.CASCADE,
                               related_name="seat_records", db_constraint=False, db_index=False)
    # copied from the game, for the filters
    played_at = models.DateTimeField(_("played at"))
    club = models.ForeignKey(Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="+",
                             db_constraint=False, db_index=False)
    tournament = models.ForeignKey(Tournament, verbose_name=_("tournament"), null=True, blank=True,
                                   on_delete=models.CASCADE, related_name="+", db_constraint=False)
    evening = models.ForeignKey(Evening, verbose_name=_("evening"), null=True, blank=True,
                                on_delete=models.CASCADE, related_name="+", db_constraint=False)

    class Meta:
        ordering = ["-played_at", "-game_id", "seat"]
        verbose_name = _("seat in a player's record")
        verbose_name_plural = _("seats in players' records")
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_seat_record_per_game_seat")]
        indexes = [
            models.Index(fields=["player", "played_at"], name="seat_record_player_time"),
            models.Index(fields=["player", "role"], name="seat_record_player_role"),
            models.Index(fields=["club", "played_at"], name="seat_record_club_time"),
            # a period's two ends over all clubs (records.selectors.period_sums): without it, a
            # sequential scan of the whole store (1.7 s at ten million rows for 20 days, 0.19 s with it)
            models.Index(fields=["played_at"], name="seat_record_time"),
        ]

    def __str__(self) -> str:
        return f"{self.game} #{self.seat}"

    @property
    def points(self) -> float | int:
        return as_number(self.points_milli)

    @property
    def event(self):
        """Where the game was played, as its page names it: the tournament, else the evening, else the club."""
        return self.tournament or self.evening or self.club

    @property
    def event_name(self) -> str:
        """The event's name alone: every list of the record shows the game's day beside it (an
        evening's own name, "Club evening (2026-05-01)", said the day twice)."""
        event = self.event
        return event.title if event is self.evening else event.name


class KeptSeatFacts(SeatFactColumns):
    """A seat's facts of its game's protocol version, scored under a rules edition, kept when the
    pipeline writes the game's rows (docs/records.md, "The rebuild"): the rebuild copies them into
    the store for every counting game whose protocol version, rules edition and pending jobs say
    they are still its facts, and replays only the others. Never read by a page (they outlive a
    game's hiding, as its stored scores do)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+", db_constraint=False, db_index=False)
    protocol_version = models.PositiveIntegerField()
    rules_edition = models.CharField(max_length=40)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="one_kept_facts_per_game_seat")]

    def __str__(self) -> str:
        return f"{self.game_id} #{self.seat} (v{self.protocol_version})"


class TotalsScope(models.TextChoices):
    """What a player's totals sum: every counting game, a club's, a calendar month's (UTC) of all
    clubs or of a club (``records.totals.SCOPE_KEYS`` names each scope's rows)."""

    ALL = "all", _("all time")
    CLUB = "club", _("club")
    MONTH = "month", _("month")
    CLUB_MONTH = "club_month", _("a club's month")


class PlayerTotals(models.Model):
    """A player's sums over the store's rows in one scope (docs/records.md, "Leaderboards"): what a
    leaderboard reads instead of summing the seat rows. Kept by the writes of the store (a game's
    rows out, then in) and rebuilt with it; ``records.totals`` defines each sum once."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+", db_constraint=False,
                               db_index=False)
    scope = models.CharField(max_length=10, choices=TotalsScope.choices)
    scope_id = models.BigIntegerField()  # the club's id; 0 for all time; a month's number (records.totals)
    games = models.IntegerField()
    wins = models.IntegerField()
    decided = models.IntegerField()
    points_milli = models.BigIntegerField()
    guessed_three = models.IntegerField()
    guessed_two = models.IntegerField()
    shot_first_night = models.IntegerField()
    fouls_ordinary = models.IntegerField()
    fouls_technical = models.IntegerField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "scope_id", "player"], name="one_totals_per_scope")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.scope} {self.scope_id}"
