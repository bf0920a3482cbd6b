"""The clubs' audit actions in words (core/actions.py)."""

from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "player.signed_up": _("signed up"),
    "membership.role_set": _("club role changed"),
    "membership.removed": _("removed from the club"),
}
