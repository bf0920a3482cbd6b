"""Rebuild the players' records from the games that count (docs/records.md, "The store")."""

import time

from django.core.management.base import BaseCommand

from records.services import player_records_rebuild


class Command(BaseCommand):
    help = "Rebuild every player's record (one row per seat) from the confirmed, published games."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true", help="No progress lines.")

    def handle(self, *args, quiet=False, **options):
        started = time.monotonic()

        def progress(done: int, total: int) -> None:
            self.stderr.write(f"{done:,}/{total:,} games  {time.monotonic() - started:6.1f}s")

        summary = player_records_rebuild(progress=None if quiet else progress)
        self.stdout.write(
            f"Rebuilt the players' records of {summary.games:,} games: {summary.rows:,} rows "
            f"in {time.monotonic() - started:.1f}s."
        )
