"""An audit trail: who changed what, when, from what to what (after pretix's log_action)."""

from django.contrib.contenttypes.models import ContentType

from .models import AuditEntry


def log_action(obj, *, action: str, actor=None, data: dict | None = None) -> AuditEntry:
    """Record that ``actor`` did ``action`` to ``obj``; ``data`` holds the before/after details."""
    return AuditEntry.objects.create(
        content_type=ContentType.objects.get_for_model(obj),
        object_id=str(obj.pk),
        action=action,
        actor=actor if actor is not None and actor.is_authenticated else None,
        data=data or {},
    )


def audit_trail(obj):
    return AuditEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(obj), object_id=str(obj.pk)
    ).select_related("actor__player")
