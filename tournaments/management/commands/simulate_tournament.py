"""Seat a whole tournament with the seating generator, play every game at auto-judged tables
with agents, and confirm and publish the protocols through the site's pipeline, so the
standings and ratings fill up (docs/auto-judged-table.md, "Simulations").

    manage.py simulate_tournament --name "Bots cup" --tables 2 --rounds 5 --seed 7 --agents rule
"""

from __future__ import annotations

import time

from django.core.management.base import BaseCommand, CommandError

from core.errors import ApplicationError
from tournaments.simulation import simulate_tournament


class Command(BaseCommand):
    help = "Play a whole tournament at auto-judged tables and put it through the site's pipeline."

    def add_arguments(self, parser):
        parser.add_argument("--name", default="Auto-judged cup", help="the tournament's name")
        parser.add_argument("--slug", default="", help="its address (default: from the name)")
        parser.add_argument("--tables", type=int, default=2, help="tables (ten players each)")
        parser.add_argument("--rounds", type=int, default=5, help="qualifying rounds")
        parser.add_argument("--seed", type=int, default=1, help="the seating's and the games' seed")
        parser.add_argument(
            "--agents", default="rule", help="the agent spec (default: rule-based bots)"
        )

    def handle(self, *args, name, slug, tables, rounds, seed, agents, **options):
        if tables < 1 or rounds < 1:
            raise CommandError("--tables and --rounds must be at least 1")
        started = time.perf_counter()
        try:
            run = simulate_tournament(
                name=name, slug=slug, tables=tables, rounds=rounds, seed=seed, spec=agents
            )
        except (ApplicationError, ValueError) as error:  # a bad agent spec is a ValueError
            raise CommandError(str(error)) from None
        self.stdout.write(
            f"{run.tournament.name} (/tournaments/{run.tournament.slug}/): {run.games} games confirmed and "
            f"published in {time.perf_counter() - started:.1f} s; red won {run.red_wins}."
        )
