"""Derived data: recomputed by the pipeline from the protocols, so read-only here."""

from django.contrib import admin

from core.admin import ReadOnlyAdmin

from .models import SeatScore


@admin.register(SeatScore)
class SeatScoreAdmin(ReadOnlyAdmin):
    list_display = ["game", "seat", "player", "role", "won", "total", "protocol_version", "computed_at"]
    list_filter = ["role", "won", "game__status", "game__club", "game__tournament"]
    search_fields = ["player__nickname", "game__tournament__name", "game__club__name"]
    list_select_related = ["game__round", "player"]
    raw_id_fields = ["game", "player"]
