"""The seasons' audit actions in words (core/actions.py)."""

from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "season.created": _("season created"),
    "season.changed": _("season changed"),
}
