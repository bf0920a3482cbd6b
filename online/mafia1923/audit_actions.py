"""The online games' audit actions in words (core/actions.py): Mafia 1923's moderators' console."""

from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "m1923.created": _("event created"),
    "m1923.moderator-added": _("moderator added"),
    "m1923.families-formed": _("families formed"),
    "m1923.entry-moved": _("player moved to another family"),
    "m1923.enrolled-and-dealt": _("players enrolled and roles dealt"),
    "m1923.dealt-again": _("roles dealt again"),
    "m1923.deal-adjusted": _("deal adjusted"),
    "m1923.started": _("event started"),
    "m1923.question-answered": _("question answered"),
    "m1923.override": _("announcement overridden"),
    "m1923.published": _("announcements published"),
    "m1923.delivered": _("announcements delivered"),
    "m1923.exiled": _("player exiled"),
    "m1923.struck": _("improper vote struck"),
    "m1923.webhook": _("webhook address set"),
}
