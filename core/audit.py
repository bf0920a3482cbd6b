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


def changes_applied(obj, fields: dict, *, as_text: bool = True) -> dict:
    """Set on ``obj`` each of ``fields`` whose value differs, and return what changed as the trail
    records it: ``{field: {"from": before, "to": after}}``, the values as text unless ``as_text``
    is false (the caller saves ``obj``)."""
    changes = {}
    for field, value in fields.items():
        before = getattr(obj, field)
        if before != value:
            changes[field] = {"from": str(before), "to": str(value)} if as_text else {"from": before, "to": value}
            setattr(obj, field, value)
    return changes


def audit_trail(obj):
    return AuditEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(obj), object_id=str(obj.pk)
    ).select_related("actor__player")
