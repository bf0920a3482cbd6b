"""The ratings are derived data, rewritten by every recompute: read-only here."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin

from .models import PlayerRating, RatingEntry


@admin.register(RatingEntry)
class RatingEntryAdmin(ReadOnlyAdmin):
    list_display = ["rated_at", "player", "game", "track", "won", "expected", "before", "after", "delta"]
    list_filter = ["track", "won"]
    search_fields = ["player__nickname"]
    list_select_related = ["player", "game__round"]
    raw_id_fields = ["game", "player"]
    show_full_result_count = False  # the history may hold millions of rows


@admin.register(PlayerRating)
class PlayerRatingAdmin(ReadOnlyAdmin):
    list_display = ["player", "overall", "red", "black", "games", "red_games", "black_games", "last_played_at"]
    search_fields = ["player__nickname"]
    list_select_related = ["player"]
    raw_id_fields = ["player"]
