"""Replay an online game's log and print the outcome as JSON (docs/online-site.md).

    manage.py replay_online_game <game slug>          # the stored log
    manage.py replay_online_game --file log.json      # a log exported earlier (a JSON list)
    manage.py replay_online_game <slug> --log         # print the log itself instead

The outcome names every role: it is for the moderator or a finished game.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from online.core.models import Game
from online.engine import LogError, replay_outcome


def read_log_file(path: str) -> list:
    """A log exported earlier: a JSON list of events."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, json.JSONDecodeError) as error:
        raise CommandError(f"Cannot read {path}: {error}") from error


class Command(BaseCommand):
    help = "Replay an online game's event log and print the outcome as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", nargs="?", help="the game's slug")
        parser.add_argument(
            "--file", help="a log as a JSON list of events, instead of a stored game"
        )
        parser.add_argument(
            "--log", action="store_true", help="print the stored log, not the outcome"
        )

    def handle(self, *args, slug=None, file=None, log=False, **options):
        if file:
            events = read_log_file(file)
        elif slug:
            game = Game.objects.filter(slug=slug).first()
            if game is None:
                raise CommandError(f"No online game {slug!r}.")
            events = list(game.events.order_by("index").values_list("data", flat=True))
        else:
            raise CommandError("Name a game's slug or give --file.")
        if log:
            self.stdout.write(json.dumps(events, ensure_ascii=False, indent=2))
            return
        try:
            outcome = replay_outcome(events)
        except LogError as error:
            raise CommandError(f"The log does not replay: {error}") from error
        self.stdout.write(json.dumps(outcome, ensure_ascii=False, indent=2))
