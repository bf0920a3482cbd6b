"""The live view's polls answered before the rest of the site runs (docs/entry.md, "The live view").

A thousand spectators ask for their table's fragment every 1.5 s (static/js/live.js), and nearly
every answer is "unchanged" (304). The fragment's view keeps its answer for the table's
*generation*; every change a spectator may see (a protocol version, a host-mode tap, a save of the
game's row or of its tournament, a publication) starts a new generation. For a table everyone may
watch (games.visibility.everyone_may_watch_live) the view keeps the bytes themselves, per language,
and ``LivePolls`` (a WSGI wrapper in front of Django, config/wsgi.py) answers every poll of that generation with them — 200, or 304 to whoever
holds their tag — with no session and no database: the bytes are the ones the view sends anyone.
For a table only some may watch (a tournament's unpublished seating, seen by its organizers) it
keeps only the tag, and the wrapper answers 304 to a poll that carries it, since a 304 tells
only that what the poller already holds is still current; every other request goes on to the view,
which checks who may watch and renders as before.

A change this module is not told of (a bulk update elsewhere) reaches the spectators within
``CURRENT_SECONDS``, when what the view kept runs out and the view answers again.
"""

from __future__ import annotations

import logging
import re
import time
import uuid

from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_save
from django.dispatch import receiver
from django.http import parse_cookie

from core.polling import server_time
from core.wsgi_visitor import request_host, request_language
from tournaments.models import Tournament

from .models import Game
from .signals import results_publication_changed

logger = logging.getLogger(__name__)
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
    return current is not None and _marked_current(pk, current, tag)


def _marked_current(pk: int, current: str, tag: str) -> bool:
    return cache.get(f"live-poll:current:{pk}:{current}:{tag}") is not None


def _public_key(pk: int, generation_read: str, language: str) -> str:
    return f"live-poll:public:{pk}:{generation_read}:{language}"


def keep_public_answer(pk: int, generation_read: str, language: str, tag: str, body: bytes) -> None:
    """The fragment of a table everyone may watch, in ``language``, for every poll of this
    generation: the same bytes the view would send anyone (games.visibility.everyone_may_watch_live)."""
    until = time.time() + CURRENT_SECONDS
    cache.set(_public_key(pk, generation_read, language), (tag, body, until), CURRENT_SECONDS)


# (table, generation, language) → (tag, body, until): this process's copies of the kept answers,
# so that a poll costs one cache read (the generation); a copy lasts no longer than the kept answer
_copies: dict[tuple[int, str, str], tuple[str, bytes, float]] = {}
COPIES = 512


def public_answer(pk: int, language: str) -> tuple[str, bytes] | None:
    current = cache.get(_generation_key(pk))
    return None if current is None else _kept_public(pk, current, language)


def _kept_public(pk: int, current: str, language: str) -> tuple[str, bytes] | None:
    copy = _copies.get((pk, current, language))
    if copy is None or copy[2] <= time.time():
        copy = cache.get(_public_key(pk, current, language))
        if copy is None:
            return None
        if len(_copies) >= COPIES:
            _copies.clear()  # tables come and go: their old generations are never asked again
        _copies[(pk, current, language)] = copy
    return copy[0], copy[1]


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


class LivePolls:
    """WSGI middleware (config/wsgi.py), in front of Django: the live polls it can answer from the
    cache, with the headers Django gave the last poll it answered in that language; every other
    request, and a poll it cannot answer, goes to Django unchanged."""

    # the headers of one answer, not of every answer in that language
    OWN_HEADERS = frozenset({"etag", "content-length", "x-server-time", "date", "set-cookie"})

    def __init__(self, app):
        self.app = app
        self.headers: dict[str, tuple[tuple[str, str], ...]] = {}  # language → Django's, less OWN_HEADERS

    def __call__(self, environ, start_response):
        match = LIVE_TABLE_PATH.match(environ.get("PATH_INFO", "")) if environ.get("REQUEST_METHOD") == "GET" else None
        if match is None:
            return self.app(environ, start_response)
        try:
            answer = self.answer(int(match[1]), environ)
        except Exception:  # a speed-up: on any doubt Django answers
            logger.exception("live polls: falling through to Django")
            answer = None
        if answer is None:
            return self.app(environ, self.noting_headers(start_response))
        status, headers, body = answer
        start_response(status, headers)
        return [body]

    def answer(self, pk: int, environ) -> tuple[str, list[tuple[str, str]], bytes] | None:
        if request_host(environ) is None:
            return None  # Django refuses it
        language = request_language(environ, parse_cookie(environ.get("HTTP_COOKIE", "")))
        headers = self.headers.get(language)
        if headers is None:
            return None
        current = cache.get(_generation_key(pk))  # one read for both kinds of kept answer
        if current is None:
            return None
        held = environ.get("HTTP_IF_NONE_MATCH", "")
        now = ("X-Server-Time", server_time())
        kept = _kept_public(pk, current, language)
        if kept is not None:
            tag, body = kept
            if tag not in held:
                return "200 OK", [*headers, ("ETag", tag), ("Content-Length", str(len(body))), now], body
        elif not (held and "," not in held and _marked_current(pk, current, held)):
            return None
        else:
            tag = held
        bodiless = [(name, value) for name, value in headers if name.lower() != "content-type"]
        return "304 Not Modified", [*bodiless, ("ETag", tag), now], b""

    def noting_headers(self, start_response):
        def noted(status, headers, exc_info=None):
            named = {name.lower(): value for name, value in headers}
            if status.startswith("200 ") and "set-cookie" not in named and "content-language" in named:
                self.headers[named["content-language"]] = tuple(
                    (name, value) for name, value in headers if name.lower() not in self.OWN_HEADERS)
            return start_response(status, headers, exc_info) if exc_info else start_response(status, headers)
        return noted
