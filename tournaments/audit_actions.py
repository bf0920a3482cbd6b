"""The tournaments' and evenings' audit actions in words (core/actions.py)."""

from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "tournament.created": _("tournament created"),
    "tournament.updated": _("tournament edited"),
    "tournament.status": _("tournament's status changed"),
    "tournament.publication": _("publication switches changed"),
    "tournament.chief_judge": _("chief judge set"),
    "tournament.broadcast_issued": _("broadcast link issued"),
    "tournament.broadcast_revoked": _("broadcast link withdrawn"),
    "evening.created": _("evening created"),
    "evening.updated": _("evening edited"),
    "evening.status": _("evening's status changed"),
    "application.submitted": _("application submitted"),
    "application.decided": _("application decided"),
    "application.promoted": _("promoted from the waiting list"),
    "application.withdrawn": _("application withdrawn"),
    "application.reopened": _("application reopened"),
    "application.note": _("note on the application"),
    "seating.generated": _("seating generated"),
    "seating.swapped": _("players swapped in the seating"),
    "seating.judges": _("judges given their tables"),
    "final.created": _("final created"),
}
