"""The ratings' rows: the history of rating changes and each player's current ratings
(docs/ratings.md). Derived data, rewritten by ``ratings.services.ratings_recompute``.

They moved here from the scoring app with their tables (``db_table``): ratings/migrations/0001_initial.py.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Player


class RatingTrack(models.TextChoices):
    RED = "red", _("red")
    BLACK = "black", _("black")


class RatingEntry(models.Model):
    """One player's rating change in one rated game: the rating history (docs/ratings.md).

    Each row also holds the player's whole rating state after the game, so the latest row per
    player before a game is the snapshot that a recompute from that game starts from.
    """

    # Derived rows, rewritten in bulk by every recompute: no database-level FK checks (a million
    # deferred trigger events made a rebuild three times slower); Django still cascades deletes.
    # Each column's index would be one more to maintain per row: the unique (game, player) and the
    # (player, time) index below serve every lookup.
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rating_entries", db_constraint=False,
                               db_index=False)
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_entries",
                             db_constraint=False, db_index=False)
    rated_at = models.DateTimeField(_("played at"))
    track = models.CharField(_("track"), max_length=5, choices=RatingTrack.choices)
    won = models.BooleanField(_("won"))
    expected = models.FloatField(_("expected to win"))
    before = models.FloatField(_("before"))
    after = models.FloatField(_("after"))
    delta = models.FloatField(_("change"))
    overall_before = models.FloatField()
    overall_after = models.FloatField(_("overall after"))
    red_rating = models.FloatField()
    black_rating = models.FloatField()
    red_games = models.PositiveIntegerField()
    black_games = models.PositiveIntegerField()

    class Meta:
        db_table = "scoring_ratingentry"  # the table it had in the scoring app (migrations/0001_initial.py)
        ordering = ["rated_at", "game_id"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating history")
        constraints = [models.UniqueConstraint(fields=["game", "player"], name="one_rating_entry_per_game_player")]
        indexes = [
            models.Index(fields=["player", "rated_at", "game"], name="rating_entry_player_order"),
            models.Index(fields=["rated_at", "game"], name="rating_entry_order"),
        ]

    def __str__(self) -> str:
        return f"{self.player} {self.track} {self.before:.0f}→{self.after:.0f}"


class PlayerRating(models.Model):
    """A player's current ratings, kept in step with the history for fast leaderboards."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating", primary_key=True)
    overall = models.FloatField(_("rating"), db_index=True)
    red = models.FloatField(_("red rating"), db_index=True)
    black = models.FloatField(_("black rating"), db_index=True)
    red_games = models.PositiveIntegerField(_("games as red"), default=0)
    black_games = models.PositiveIntegerField(_("games as black"), default=0)
    games = models.PositiveIntegerField(_("rated games"), default=0, db_index=True)
    last_played_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "scoring_playerrating"  # the table it had in the scoring app
        ordering = ["-overall"]
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")

    def __str__(self) -> str:
        return f"{self.player}: {self.overall:.0f}"
