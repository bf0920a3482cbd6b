"""Derived data: recomputed by the pipeline from the protocols, so read-only here."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin

from .models import PlayerRating, RatingEntry, SeatScore


@admin.register(SeatScore)
class SeatScoreAdmin(ReadOnlyAdmin):
    list_display = ["game", "seat", "player", "role", "won", "total", "protocol_version", "computed_at"]
    list_filter = ["role", "won", "game__status", "game__club", "game__tournament"]
    search_fields = ["player__nickname", "game__tournament__name", "game__club__name"]
    list_select_related = ["game__round", "player"]
    raw_id_fields = ["game", "player"]


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
