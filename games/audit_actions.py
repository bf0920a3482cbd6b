"""The games' audit actions in words (core/actions.py): a game, its judge's link, and each kind of
protocol version (``protocol.<ProtocolVersion.Action>``)."""

from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "game.create": _("game created"),
    "game.judge_assigned": _("judge assigned"),
    "game.publish": _("results published"),
    "game.unpublish": _("results hidden"),
    "judge_link.rotated": _("judge's link replaced"),
    "judge_link.revoked": _("judge's link withdrawn"),
    "protocol.deal": _("protocol: the deal"),
    "protocol.append": _("protocol: event added"),
    "protocol.undo": _("protocol: last event undone"),
    "protocol.replace": _("protocol: replaced"),
    "protocol.edit": _("protocol: edited after confirmation"),
    "protocol.submit": _("protocol: submitted"),
    "protocol.confirm": _("protocol: confirmed"),
    "protocol.decision": _("protocol: discipline decision"),
    "protocol.phase": _("protocol: next phase"),
    "protocol.seat": _("protocol: seat's player changed"),
}
