"""Celery tasks of a "Mafia 1923" event's delivery (docs/mafia1923-site.md, "Delivery"): the
e-mails of a published window, each in its recipient's language, and the public announcement to
the event's chat-server webhook. They read what was delivered in-site (the window's posts, with
the moderators' overrides), so they send exactly what the site shows."""

from __future__ import annotations

import json
import logging
import urllib.request

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage, get_connection
from django.urls import reverse
from django.utils import translation

from core.site import absolute
from online.core import delivery
from online.core.models import Game, Post

from .models import EventSettings
from .recipients import PRIVATE, PUBLIC, recipient_languages, spectator_ids
from .texts import private_lines, public_headline, public_lines, result_lines

log = logging.getLogger(__name__)
WEBHOOK_TIMEOUT = 10


def _window(game_id: int, phase: str):
    game = Game.objects.get(pk=game_id)
    posts = Post.objects.filter(game=game, phase=phase, system=True, event__type__in=[PUBLIC, PRIVATE]) \
        .select_related("thread")
    public = next((p.event for p in posts if p.event["type"] == PUBLIC), None)
    private = {int(p.thread.key.split(":")[1]): p.event for p in posts if p.event["type"] == PRIVATE}
    return game, public, private


def render_public(game, public: dict, names: dict[int, str] | None = None) -> tuple[str, str]:
    """The public announcement's subject and text, in the active language."""
    names = names if names is not None else dict(game.slots.values_list("number", "name"))
    lines = public_lines(public["public"], names, public.get("notes", ())) + result_lines(public.get("result"), names)
    return f"{game.title}: {public_headline(public['phase'], bool(public.get('result')))}", "\n".join(lines)


def mail_key(phase: str) -> str:
    return f"m1923-mail:{phase}"


def webhook_key(phase: str) -> str:
    return f"m1923-webhook:{phase}"


@shared_task(name="online.mafia1923_tasks.mail_window")  # the name queued messages carry
def mail_window(game_id: int, phase: str) -> int:
    """One e-mail per recipient with an address: the public announcement, and their own private
    message when they have one (the living only: the dead got none). Once per recipient and
    window however often it runs (online/core/delivery.py): answers how many this run sent."""
    game, public, private = _window(game_id, phase)
    if public is None:
        return 0
    slots = {slot.user_id: slot for slot in game.slots.all()}
    users = set(slots) | set(spectator_ids(game))
    addresses = dict(get_user_model().objects.filter(pk__in=users).exclude(email="").values_list("pk", "email"))
    languages = recipient_languages(game, addresses)
    names = {slot.number: slot.name for slot in slots.values()}
    key = mail_key(phase)

    rendered: dict[str, tuple[str, str]] = {}  # the public part, once per language

    def send(user_id: int) -> bool:
        language = languages[user_id]
        with translation.override(language):
            if language not in rendered:
                rendered[language] = render_public(game, public, names)
            subject, body = rendered[language]
            slot = slots.get(user_id)
            if slot is not None and slot.number in private:
                body += "\n\n" + "\n".join(private_lines(private[slot.number], names))
            body += "\n\n" + absolute(reverse("m1923:event", kwargs={"slug": game.slug}))
        message = EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [addresses[user_id]])
        return bool(connection.send_messages([message]))  # 0: refused, and a later run sends it

    with get_connection(fail_silently=True) as connection:
        return delivery.send_once(sorted(addresses), lambda user_id: (game.pk, key, user_id), send)


@shared_task(name="online.mafia1923_tasks.webhook_window")
def webhook_window(game_id: int, phase: str) -> bool:
    """The public announcement, POSTed as JSON to the event's webhook (if it has one), once per
    window however often it runs (online/core/delivery.py). A chat server that is down or refuses it
    loses this post until the task runs again; the site's pages and e-mails have it all the same."""
    url = EventSettings.objects.filter(game_id=game_id).values_list("webhook_url", flat=True).first()
    if not url:
        return False
    game, public, _private = _window(game_id, phase)
    if public is None:
        return False
    subject, text = render_public(game, public)
    payload = json.dumps({"event": game.title, "phase": phase, "content": f"**{subject}**\n{text}",
                          "public": public["public"]}).encode()

    def post(url: str) -> bool | None:
        request = urllib.request.Request(url, data=payload, headers={"Content-Type": "application/json"},
                                         method="POST")
        try:
            with urllib.request.urlopen(request, timeout=WEBHOOK_TIMEOUT) as response:  # noqa: S310 (http/https only)
                if 200 <= response.status < 300:
                    return True
        except OSError as error:  # refused, unreachable, an error status; or a timeout
            if isinstance(error, TimeoutError) or isinstance(getattr(error, "reason", None), TimeoutError):
                log.warning("game %s: the webhook for %s timed out (it may have arrived)", game_id, phase)
                return None  # the post may have arrived: it stays claimed (at most once)
        log.warning("game %s: the webhook for %s failed", game_id, phase)
        return False

    return delivery.send_once([url], lambda _url: (game.pk, webhook_key(phase), delivery.WEBHOOK), post) == 1
