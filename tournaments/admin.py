from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from core.errors import ApplicationError

from .models import Application, Evening, Round, StandingsSnapshot, Tournament
from .signals import tournament_dates_changing


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "is_final", "coefficient", "seating_published"]


class TournamentAdminForm(forms.ModelForm):
    """The admin's edit asks the same listeners as the organizers' form (``tournament_update``)
    before a tournament's days change: a series' season may refuse them (docs/leagues.md)."""

    class Meta:
        model = Tournament
        fields = "__all__"  # noqa: DJ007 (the admin shows every field, as before)

    def clean(self):
        data = super().clean()
        starts_on, ends_on = data.get("starts_on"), data.get("ends_on")
        saved = self.instance
        if saved.pk and starts_on and ends_on and (starts_on, ends_on) != (saved.starts_on, saved.ends_on):
            try:
                tournament_dates_changing.send(Tournament, tournament=saved, starts_on=starts_on, ends_on=ends_on)
            except ApplicationError as refusal:
                raise ValidationError(refusal.message, code=refusal.code) from refusal
        return data


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    form = TournamentAdminForm
    list_display = ["name", "club", "starts_on", "ends_on", "status", "tables", "qualifying_rounds",
                    "publish_seating", "publish_standings", "publish_results"]
    list_filter = ["status", "club", "ruleset", "rating_tier", "publish_seating", "publish_standings",
                   "publish_results", "publish_protocols"]
    search_fields = ["name", "slug", "venue", "club__name"]
    date_hierarchy = "starts_on"
    prepopulated_fields = {"slug": ["name"]}
    list_select_related = ["club"]
    raw_id_fields = ["chief_judge"]
    readonly_fields = ["seating_seed", "seating_generated_at", "created_at", "updated_at"]
    inlines = [RoundInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "is_final", "coefficient", "seating_published"]
    list_filter = ["is_final", "seating_published", "tournament__club"]
    search_fields = ["tournament__name"]
    list_select_related = ["tournament"]


@admin.register(Evening)
class EveningAdmin(admin.ModelAdmin):
    list_display = ["title", "club", "starts_at", "status", "tables", "capacity", "publish_results"]
    list_filter = ["status", "club", "ruleset"]
    search_fields = ["title", "venue", "club__name"]
    date_hierarchy = "starts_at"
    list_select_related = ["club"]


@admin.register(Application)
class ApplicationAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "evening", "status", "waitlist_position", "created_at", "decided_at"]
    list_filter = ["status", "tournament", "evening__club"]
    search_fields = ["player__nickname", "player__contact", "tournament__name", "evening__title",
                     "organizer_note"]
    list_select_related = ["player", "tournament", "evening"]
    raw_id_fields = ["player", "tournament", "evening"]
    readonly_fields = ["created_at", "decided_at"]


@admin.register(StandingsSnapshot)
class StandingsSnapshotAdmin(admin.ModelAdmin):
    """Derived by the pipeline from the confirmed games: read-only."""

    list_display = ["tournament", "games", "computed_at"]
    list_filter = ["tournament__club"]
    search_fields = ["tournament__name"]
    list_select_related = ["tournament"]
    readonly_fields = ["tournament", "rows", "games", "computed_at"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
