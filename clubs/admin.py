from django.contrib import admin

from .models import AuditEntry, Club, ClubMembership, Player


class MembershipInline(admin.TabularInline):
    model = ClubMembership
    extra = 0
    autocomplete_fields = ["player"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "city", "timezone"]
    list_filter = ["city", "timezone"]
    search_fields = ["name", "slug", "city"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["nickname", "home_club", "city", "user", "is_pending", "created_at"]
    list_filter = ["is_pending", "home_club", "city"]
    search_fields = ["nickname", "city", "user__username", "user__email", "contact"]
    autocomplete_fields = ["user", "home_club"]
    list_select_related = ["home_club", "user"]


@admin.register(ClubMembership)
class ClubMembershipAdmin(admin.ModelAdmin):
    list_display = ["player", "club", "role", "joined_at"]
    list_filter = ["role", "club"]
    search_fields = ["player__nickname", "club__name"]
    autocomplete_fields = ["player", "club"]
    list_select_related = ["player", "club"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["created_at", "action", "content_type", "object_id", "actor"]
    list_filter = ["action", "content_type"]
    search_fields = ["action", "object_id", "actor__username"]
    readonly_fields = ["content_type", "object_id", "action", "actor", "data", "created_at"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
