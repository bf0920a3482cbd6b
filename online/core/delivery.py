"""Messages that leave the site, sent once: the one rule for every online game's e-mails and
webhook posts (docs/online-site.md, "Notifications"; docs/mafia1923-site.md, "Delivery").

A task that sends claims what it is about to send first: one ``Delivery`` row per (game, what,
recipient), inserted with the unique constraint's conflicts ignored, committed before anything is
sent. The rows this run inserted are the ones it sends; a row another run inserted first (a Celery
retry, a re-queued message, a moderator's re-trigger, or a run at the same moment: the database
makes the second insert wait for the first and then skip it) is not sent again.

**At most once per recipient.** A run that dies between its claim and its send leaves the claim:
that e-mail or post is lost, never doubled. ``send_once`` claims ``CHUNK`` recipients at a time,
so a run that dies loses at most the rest of its chunk, not the rest of a 1,000-player window. The site's own copy (the in-site notification,
the system post) is written before any task runs, so nothing is lost from the site; a repeated
e-mail is the defect this prevents, and an e-mail cannot be taken back. A send that fails for
certain (the mail server refused it, the chat server answered an error or could not be reached)
is ``release``d, so a later run sends it; one whose outcome is unknown (a timeout after the
request went out) stays claimed.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Hashable, Iterable

from django.db import transaction

from . import clock
from .models import Delivery

WEBHOOK = 0  # the recipient of a webhook post: not a user
CHUNK = 50  # claimed together: one insert each, and at most this many lost if a run dies
Claim = tuple[int, str, int]  # (game id, what, recipient)


def claim(items: Iterable[Claim]) -> set[Claim]:
    """Of the (game id, key, recipient) given, those this run may send: the ones no run claimed
    before. Call outside a transaction (a task), so the claim is committed before the send."""
    wanted = set(items)
    if not wanted:
        return set()
    run, now = uuid.uuid4(), clock.now()
    with transaction.atomic():
        Delivery.objects.bulk_create(
            (Delivery(game_id=game_id, key=key, recipient=recipient, run=run, claimed_at=now)
             for game_id, key, recipient in sorted(wanted)),
            ignore_conflicts=True,
        )
    return set(Delivery.objects.filter(run=run).values_list("game_id", "key", "recipient"))


def release(items: Iterable[Claim]) -> None:
    """Give back this run's claims of sends that failed, so that a later run sends them (only
    claims this run holds: no other run can hold the same one while it exists)."""
    grouped: dict[tuple[int, str], list[int]] = {}
    for game_id, key, recipient in items:
        grouped.setdefault((game_id, key), []).append(recipient)
    for (game_id, key), recipients in grouped.items():
        Delivery.objects.filter(game_id=game_id, key=key, recipient__in=recipients).delete()


def send_once(items: Iterable[Hashable], claim_of: Callable[[Hashable], Claim],
              send: Callable[[Hashable], bool | None]) -> int:
    """Send each item whose claim this run wins, ``CHUNK`` claims at a time. ``send`` answers
    True (sent), False (refused for certain: released, a later run sends it) or None (unknown:
    it stays claimed). Answers how many this run sent."""
    items, sent = list(items), 0
    for start in range(0, len(items), CHUNK):
        part = {claim_of(item): item for item in items[start:start + CHUNK]}
        refused = []
        for key in sorted(claim(part)):
            outcome = send(part[key])
            sent += outcome is True
            if outcome is False:
                refused.append(key)
        release(refused)
    return sent
