from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from .actions import action_label
from .models import AuditEntry, RecomputeJob


class ReadOnlyAdmin(admin.ModelAdmin):
    """A record written by the services only: the admin shows it and changes nothing."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "what", "action", "content_type", "object_id", "actor"]
    list_filter = ["action", "content_type"]
    search_fields = ["action", "object_id", "actor__username"]
    readonly_fields = ["content_type", "object_id", "what", "action", "actor", "data", "created_at"]

    @admin.display(description=_("what happened"))
    def what(self, entry):
        return action_label(entry.action)


@admin.register(RecomputeJob)
class RecomputeJobAdmin(ReadOnlyAdmin):
    list_display = ["kind", "target_id", "status", "requested_at", "enqueued_at", "finished_at", "attempts",
                    "duration_ms"]
    list_filter = ["kind", "status"]
    search_fields = ["target_id", "error"]
