from django.contrib import admin

from . import services
from .models import Club, ClubMembership, Player

# A club role is a permission (organizer, judge): the admin changes it only through the audited
# services, like every other role change, so the audit trail tells who made whom an organizer.


def save_membership(membership: ClubMembership, *, actor, moved_from: ClubMembership | None = None) -> None:
    if moved_from is not None:  # the row was pointed at another player or club: the old one ends
        services.membership_remove(membership=moved_from, actor=actor)
    services.membership_set_role(club=membership.club, player=membership.player, role=membership.role, actor=actor)


def former(membership: ClubMembership) -> ClubMembership | None:
    """The stored membership an edited row was, when the edit moved it to another player or club."""
    if membership.pk is None:
        return None
    stored = ClubMembership.objects.get(pk=membership.pk)
    moved = (stored.club_id, stored.player_id) != (membership.club_id, membership.player_id)
    return stored if moved else None


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

    def save_formset(self, request, form, formset, change):
        if formset.model is not ClubMembership:
            return super().save_formset(request, form, formset, change)
        for membership in formset.save(commit=False):
            save_membership(membership, actor=request.user, moved_from=former(membership))
        for membership in formset.deleted_objects:
            services.membership_remove(membership=membership, actor=request.user)


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

    def save_model(self, request, obj, form, change):
        save_membership(obj, actor=request.user, moved_from=former(obj))
        obj.pk = ClubMembership.objects.get(club=obj.club, player=obj.player).pk  # for the redirect

    def delete_model(self, request, obj):
        services.membership_remove(membership=obj, actor=request.user)

    def delete_queryset(self, request, queryset):
        for membership in queryset.select_related("club"):
            services.membership_remove(membership=membership, actor=request.user)
