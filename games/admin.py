from django.contrib import admin

from .models import Game, GameSeat, ProtocolVersion


class GameSeatInline(admin.TabularInline):
    model = GameSeat
    extra = 0
    fields = ["seat", "player", "role"]
    raw_id_fields = ["player"]


class ProtocolVersionInline(admin.TabularInline):
    """The protocol's history is never edited: every change is a new version (games.services)."""

    model = ProtocolVersion
    extra = 0
    fields = ["version", "action", "author", "reason", "via_link", "created_at"]
    readonly_fields = fields
    ordering = ["-version"]
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "club", "tournament", "evening", "judge", "ruleset", "status", "winner", "end",
                    "protocol_version", "played_at"]
    list_filter = ["status", "ruleset", "winner", "end", "results_published", "club", "tournament"]
    search_fields = ["club__name", "tournament__name", "evening__title", "judge__nickname", "seats__player__nickname"]
    date_hierarchy = "played_at"
    list_select_related = ["club", "tournament", "evening", "judge", "round"]
    raw_id_fields = ["club", "tournament", "round", "evening", "judge", "submitted_by", "confirmed_by"]
    # The protocol and what is derived from it change only through the services (a new version).
    readonly_fields = ["protocol", "protocol_version", "protocol_changed_at", "status", "winner", "end",
                       "judge_token", "submitted_by", "submitted_at", "confirmed_by", "confirmed_at", "created_at"]
    inlines = [GameSeatInline, ProtocolVersionInline]

    def get_search_results(self, request, queryset, search_term):
        queryset, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        return queryset, True if search_term else may_have_duplicates


@admin.register(GameSeat)
class GameSeatAdmin(admin.ModelAdmin):
    list_display = ["game", "seat", "player", "role"]
    list_filter = ["role", "game__status", "game__club"]
    search_fields = ["player__nickname", "game__tournament__name", "game__club__name"]
    list_select_related = ["game__round", "game__club", "player"]
    raw_id_fields = ["game", "player"]


@admin.register(ProtocolVersion)
class ProtocolVersionAdmin(admin.ModelAdmin):
    list_display = ["game", "version", "action", "author", "via_link", "created_at"]
    list_filter = ["action", "via_link", "game__club"]
    search_fields = ["reason", "author__username", "game__tournament__name", "game__club__name"]
    list_select_related = ["game__round", "author"]
    date_hierarchy = "created_at"
    readonly_fields = ["game", "version", "action", "document", "author", "reason", "via_link", "created_at"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
