"""Rebuild every player's rating from the confirmed games, with a progress bar."""

import sys
import time

from django.core.management.base import BaseCommand

from ratings.services import ratings_recompute


class ProgressBar:
    def __init__(self, stream, width: int = 40):
        self.stream = stream
        self.width = width
        self.started = time.monotonic()
        self.interactive = getattr(stream, "isatty", lambda: False)()
        self.last_printed = -1

    def __call__(self, done: int, total: int) -> None:
        share = done / total if total else 1.0
        percent = int(share * 100)
        if not self.interactive and percent == self.last_printed:
            return
        self.last_printed = percent
        filled = int(share * self.width)
        bar = "#" * filled + "-" * (self.width - filled)
        elapsed = time.monotonic() - self.started
        line = f"[{bar}] {done:>9,}/{total:,} games  {percent:3d}%  {elapsed:6.1f}s"
        if self.interactive:
            self.stream.write("\r" + line)
        elif percent % 10 == 0 or done == total:
            self.stream.write(line + "\n")
        self.stream.flush()


class Command(BaseCommand):
    help = "Rebuild all ratings and their history from the confirmed games."

    def add_arguments(self, parser):
        parser.add_argument("--from-game", type=int, default=None,
                            help="Recompute from this game onwards instead of from the start.")
        parser.add_argument("--quiet", action="store_true", help="No progress bar.")

    def handle(self, *args, from_game=None, quiet=False, **options):
        started = time.monotonic()
        progress = None if quiet else ProgressBar(sys.stderr)
        summary = ratings_recompute(from_game_id=from_game, progress=progress)
        if progress is not None and progress.interactive:
            sys.stderr.write("\n")
        elapsed = time.monotonic() - started
        self.stdout.write(
            f"Rated {summary.games:,} games: {summary.entries:,} history rows for {summary.players:,} "
            f"players in {elapsed:.1f}s."
        )
        if summary.skipped:
            self.stdout.write(self.style.WARNING(
                f"Skipped {len(summary.skipped)} confirmed games without a complete deal: "
                + ", ".join(str(g) for g in summary.skipped[:20])
                + (" …" if len(summary.skipped) > 20 else "")
            ))
