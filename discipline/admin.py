from django.contrib import admin

from .models import DisciplineAppeal, DisciplineCase, DisciplineNote


class DisciplineNoteInline(admin.TabularInline):
    model = DisciplineNote
    extra = 0
    fields = ["text", "author", "created_at"]
    readonly_fields = ["author", "created_at"]


@admin.register(DisciplineCase)
class DisciplineCaseAdmin(admin.ModelAdmin):
    """Cases are opened by the protocol and decided on the review page (discipline.services)."""

    list_display = ["id", "opened_at", "kind", "cause", "player", "seat", "game", "judge", "status", "decision",
                    "decided_by"]
    list_filter = ["status", "kind", "cause", "decision", "game__club", "game__tournament"]
    search_fields = ["player__nickname", "judge__nickname", "judge_reason", "decision_reason",
                     "game__tournament__name", "game__club__name"]
    date_hierarchy = "opened_at"
    list_select_related = ["player", "judge", "game__round", "decided_by"]
    readonly_fields = ["game", "kind", "event_key", "seat", "player", "judge", "recorded_by", "cause", "judge_reason",
                       "event", "event_index", "version", "status", "opened_at", "decision", "decision_reason",
                       "decided_by", "decided_at", "decision_version", "updated_at"]
    fields = readonly_fields + ["appeal_deadline"]
    inlines = [DisciplineNoteInline]

    def has_add_permission(self, request):
        return False


@admin.register(DisciplineAppeal)
class DisciplineAppealAdmin(admin.ModelAdmin):
    list_display = ["case", "filed_by", "filed_at", "updated_at"]
    list_filter = ["case__status", "case__kind"]
    search_fields = ["text", "filed_by__username", "case__player__nickname"]
    list_select_related = ["case__player", "case__game__round", "filed_by"]
    readonly_fields = ["case", "filed_by", "text", "filed_at", "updated_at"]

    def has_add_permission(self, request):
        return False


@admin.register(DisciplineNote)
class DisciplineNoteAdmin(admin.ModelAdmin):
    list_display = ["case", "author", "created_at"]
    search_fields = ["text", "author__username", "case__player__nickname"]
    list_select_related = ["case__player", "author"]
    raw_id_fields = ["case", "author"]
    readonly_fields = ["created_at"]
