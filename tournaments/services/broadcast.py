"""The stream's broadcast view of a tournament: a secret link its organizers issue and withdraw
(docs/tournaments.md, "The broadcast view"). The link shows the roles, so it may lag the tables by
a delay; every change of it is audited (the token itself is never written to the trail)."""

from __future__ import annotations

import secrets

from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import log_action
from core.errors import ApplicationError

from ..models import Tournament

# A stream's delay: long enough for a whole day's speeches, short enough to stay a broadcast.
MAX_BROADCAST_DELAY = 1800


def checked_delay(seconds: int) -> int:
    if not 0 <= seconds <= MAX_BROADCAST_DELAY:
        raise ApplicationError(_("The delay is from 0 to %(n)s seconds.") % {"n": MAX_BROADCAST_DELAY},
                               code="broadcast.delay")
    return seconds


@transaction.atomic
def broadcast_issue(*, tournament: Tournament, actor, delay: int) -> Tournament:
    """A new broadcast link (the old one stops at once) with its delay in seconds."""
    delay = checked_delay(delay)
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    renewed = bool(tournament.broadcast_token)
    tournament.broadcast_token = secrets.token_urlsafe(24)
    tournament.broadcast_delay = delay
    tournament.save(update_fields=["broadcast_token", "broadcast_delay", "updated_at"])
    log_action(tournament, action="tournament.broadcast_issued", actor=actor, data={"delay": delay, "renewed": renewed})
    return tournament


@transaction.atomic
def broadcast_revoke(*, tournament: Tournament, actor) -> Tournament:
    """The broadcast link stops working."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.broadcast_token:
        raise ApplicationError(_("There is no broadcast link to withdraw."), code="broadcast.none")
    tournament.broadcast_token = ""
    tournament.save(update_fields=["broadcast_token", "updated_at"])
    log_action(tournament, action="tournament.broadcast_revoked", actor=actor, data={})
    return tournament
