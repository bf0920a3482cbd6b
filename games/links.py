"""The judge's private link (``/t/<token>/``): how long it lives and when it may write.

The lifecycle (docs/entry.md, "The judge's private link"):

* **issued** with the game, and again whenever an organizer rotates it (a new token: the old one
  stops at once);
* **open**: it shows the table and writes to it, acting for the table's judge;
* **read-only** once the protocol is submitted: it still shows the table, but writes nothing, and a
  later reopening does not open it again (an organizer issues a new link for that);
* **expired** ``JUDGE_LINK_LIFETIME_HOURS`` after the latest of: its issue, the start of the game's
  evening, the start of the tournament's last day in the club's time zone;
* **withdrawn** (revoked) by an organizer.

An expired or withdrawn link opens nothing: the holder gets a page that says so and nothing of
the game. ``link_state`` is the one place these rules are decided.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.middleware import club_zone as clubs_zone
from core.errors import ApplicationError

from .models import Game


class LinkState(StrEnum):
    OPEN = "open"
    READ_ONLY = "read_only"
    EXPIRED = "expired"
    REVOKED = "revoked"


def link_lifetime() -> dt.timedelta:
    return dt.timedelta(hours=settings.JUDGE_LINK_LIFETIME_HOURS)


def club_zone(game: Game) -> dt.tzinfo:
    return clubs_zone(game.club)


def link_expires_at(game: Game) -> dt.datetime:
    """When the game's current link stops opening anything.

    ``JUDGE_LINK_LIFETIME_HOURS`` after the latest of: the link's issue, the start of the game's
    evening, the start of its tournament's last day (midnight in the club's time zone). A link
    handed out days before a tournament therefore lasts through its last day; a standalone game's
    link lives for the lifetime from its issue.
    """
    start = game.judge_link_issued_at
    if game.evening_id is not None:
        start = max(start, game.evening.starts_at)
    if game.tournament_id is not None:
        last_day = dt.datetime.combine(game.tournament.ends_on, dt.time.min, tzinfo=club_zone(game))
        start = max(start, last_day)
    return start + link_lifetime()


def link_is_read_only(game: Game) -> bool:
    """The protocol has been handed in: a link writes nothing from then on."""
    return (game.judge_link_closed_at is not None or game.submitted_at is not None
            or game.status in (Game.Status.CONFIRMED, Game.Status.ANNULLED))


def link_state(game: Game, *, now: dt.datetime | None = None) -> LinkState:
    """THE rule of the judge's link: withdrawn, expired, read-only or open."""
    if game.judge_link_revoked_at is not None:
        return LinkState.REVOKED
    if (now or timezone.now()) >= link_expires_at(game):
        return LinkState.EXPIRED
    if link_is_read_only(game):
        return LinkState.READ_ONLY
    return LinkState.OPEN


def read_only_message(game: Game) -> str:
    """Why a valid link no longer writes, in the holder's words (the page's notice, the refusal)."""
    if game.status == Game.Status.ANNULLED:
        reason = _("This game is annulled.")
    elif game.status == Game.Status.CONFIRMED:
        reason = _("The protocol is confirmed.")
    else:
        reason = _("The protocol has been submitted.")
    return _("%(reason)s This link now only shows the table and changes nothing; corrections go "
             "through the organizer.") % {"reason": reason}


def refuse_link_write(game: Game) -> None:
    """Raise unless the game's link may write now (the services call it for every change made
    through the link; the entry page calls it before reading the form)."""
    state = link_state(game)
    if state == LinkState.OPEN:
        return
    if state == LinkState.READ_ONLY:
        raise ApplicationError(read_only_message(game), code="link_read_only")
    raise ApplicationError(
        _("This link no longer works. Ask the organizer for the current link."), code=f"link_{state}",
    )
