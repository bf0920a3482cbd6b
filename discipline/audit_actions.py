"""The discipline cases' audit actions in words (core/actions.py)."""

from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "discipline.open": _("case opened"),
    "discipline.event_moved": _("the event moved in the protocol"),
    "discipline.back": _("the event is back in the protocol"),
    "discipline.void": _("case void: the event left the protocol"),
    "discipline.appeal": _("appeal written"),
    "discipline.note": _("note added"),
    "discipline.decide": _("case decided"),
    "discipline.decision": _("discipline decision on the game"),
    "discipline.reopen": _("case reopened"),
    "discipline.notified": _("decision sent by e-mail"),
}
