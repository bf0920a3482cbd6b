"""Rebuild the players' records from the games that count (docs/records.md, "The rebuild")."""

import time

from django.core.management.base import BaseCommand

from records.rebuild import default_processes, player_records_rebuild


class Command(BaseCommand):
    help = "Rebuild every player's record (one row per seat) from the confirmed, published games."

    def add_arguments(self, parser):
        parser.add_argument("--quiet", action="store_true", help="No progress lines.")
        parser.add_argument("--processes", type=int, default=default_processes(),
                            help="Worker processes for the replay and the facts (default: one per CPU; "
                                 "1: this process only).")
        parser.add_argument("--rescore", action="store_true",
                            help="Score every game again instead of reading its stored scores.")
        parser.add_argument("--online", action="store_true",
                            help="PostgreSQL: delete the old rows and keep the store's indexes during the load "
                                 "(slower; the record pages and leaderboards read the old rows until the commit "
                                 "instead of waiting for it).")

    def handle(self, *args, quiet=False, processes=None, rescore=False, online=False, **options):
        started = last = time.monotonic()

        def progress(done: int, total: int) -> None:
            nonlocal last
            if done == total or time.monotonic() - last >= 1:  # a line a second at most
                last = time.monotonic()
                self.stderr.write(f"{done:,}/{total:,} games  {last - started:6.1f}s")

        summary = player_records_rebuild(processes=processes, rescore=rescore, online=online,
                                         progress=None if quiet else progress)
        self.stdout.write(
            f"Rebuilt the players' records of {summary.games:,} games: {summary.rows:,} rows "
            f"in {time.monotonic() - started:.1f}s."
        )
