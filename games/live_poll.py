"""The live view's polls answered before the rest of the site runs (docs/entry.md, "The live view").

A thousand spectators ask for their table's fragment every 1.5 s (static/js/live.js), and nearly
every answer is "unchanged" (304). The fragment's view marks the tag it answered with as current
for the table's *generation*; every change a spectator may see (a protocol version, a host-mode
tap, a save of the game's row or of its tournament, a publication) starts a new generation. ``LivePollMiddleware``
answers a poll whose tag is current for the table's generation with 304 at once — no session, no
database, two cache reads — and sends every other request on to the view, which checks who may
watch and renders as before. A 304 tells only that the fragment the spectator already holds is
still the one to show, and a tag is a digest of bytes the view gave out: nothing new reaches anyone.

A change this module is not told of (a bulk update elsewhere) reaches the spectators within
``CURRENT_SECONDS``, when the mark runs out and the view answers again.
"""

from __future__ import annotations

import re
import uuid

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified

from core.polling import with_server_time
from tournaments.models import Tournament

from .models import Game
from .signals import results_publication_changed

LIVE_TABLE_PATH = re.compile(r"^/games/(\d+)/live/table/$")
CURRENT_SECONDS = 5


def _generation_key(pk: int) -> str:
    return f"live-poll:generation:{pk}"


def generation(pk: int) -> str:
    """The table's current generation (read by the view *before* it reads the game)."""
    current = cache.get(_generation_key(pk))
    if current is None:
        current = uuid.uuid4().hex
        if not cache.add(_generation_key(pk), current, None):
            current = cache.get(_generation_key(pk)) or current
    return current


def mark_current(pk: int, generation_read: str, tag: str) -> None:
    cache.set(f"live-poll:current:{pk}:{generation_read}:{tag}", 1, CURRENT_SECONDS)


def is_current(pk: int, tag: str) -> bool:
    current = cache.get(_generation_key(pk))
    return current is not None and cache.get(f"live-poll:current:{pk}:{current}:{tag}") is not None


def table_changed(pk: int) -> None:
    """A change spectators may see: a new generation now, and again once the change is committed
    (a view that read the old row before the commit cannot have marked its tag current after it)."""
    cache.set(_generation_key(pk), uuid.uuid4().hex, None)
    transaction.on_commit(lambda: cache.set(_generation_key(pk), uuid.uuid4().hex, None))


@receiver(post_save, sender=Game, dispatch_uid="live_poll_game_saved")
def _game_saved(sender, instance, **kwargs):
    """Every save of the game's row: a protocol version too (services.save_protocol_version saves
    the row), so protocol_saved needs no receiver of its own here."""
    table_changed(instance.pk)


@receiver(results_publication_changed, dispatch_uid="live_poll_publication")
def _publication_changed(sender, game_ids, **kwargs):
    for pk in game_ids:
        table_changed(pk)


@receiver(post_save, sender=Tournament, dispatch_uid="live_poll_tournament_saved")
def _tournament_saved(sender, instance, **kwargs):
    """Its seating's publication decides who may watch its tables: each asks the view again."""
    for pk in Game.objects.filter(tournament=instance).values_list("pk", flat=True):
        table_changed(pk)


class LivePollMiddleware:
    """Before the session, the language and the rest: a live poll with a current tag is a 304."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "GET":
            tag = request.headers.get("If-None-Match", "")
            match = LIVE_TABLE_PATH.match(request.path_info)
            if match and tag and "," not in tag and is_current(int(match[1]), tag):
                response = HttpResponseNotModified()
                response["ETag"] = tag
                response["Cache-Control"] = "no-cache"
                return with_server_time(response)  # the clock counts from the server's time
        return self.get_response(request)
