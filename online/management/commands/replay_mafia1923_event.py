"""Replay a "Mafia 1923" event from its log (and the seed the log's first event holds) and print
the whole event as JSON: every player with family, level, role and fate, each window's public and
private announcements, the result (docs/mafia1923-site.md). It also checks that the replay reaches
the state the site stored (the same number of events, the same outcome) and lists the
moderators' overrides of each window (the site's records, not the engine's).

    manage.py replay_mafia1923_event <event slug>       # the stored log
    manage.py replay_mafia1923_event --file log.json    # a log exported earlier (a JSON list)

It names every role: it is for the moderators, or a finished event.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from online.engine import LogError
from online.engine.mafia1923 import replay_event
from online.mafia1923.models import Override
from online.mafia1923.selectors import events as stored_events

from .replay_online_game import read_log_file


class Command(BaseCommand):
    help = "Replay a Mafia 1923 event's log and print the whole event as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="the event's slug")
        parser.add_argument("--file", help="a log as a JSON list of events, instead of a stored event")

    def handle(self, *args, slug=None, file=None, **options):
        game = None
        if file:
            log = read_log_file(file)
        elif slug:
            game = stored_events().filter(slug=slug).first()
            if game is None:
                raise CommandError(f"No Mafia 1923 event {slug!r}.")
            log = list(game.events.order_by("index").values_list("data", flat=True))
        else:
            raise CommandError("Name an event's slug or give --file.")
        if not log or log[0].get("ruleset") != "mafia1923":
            raise CommandError("That log is not a Mafia 1923 event.")
        try:
            replayed = replay_event(log)
        except LogError as error:
            raise CommandError(f"The log does not replay: {error}") from error
        replayed["seed"] = log[0].get("seed")
        replayed["events"] = len(log)
        if game is not None:
            replayed["overrides"] = list(Override.objects.filter(game=game).order_by("pk").values(
                "phase", "kind", "slot", "text", "reason"))
        self.stdout.write(json.dumps(replayed, ensure_ascii=False, indent=2, default=str))
