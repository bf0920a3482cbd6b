"""``manage.py generate_seating``: print a tournament seating and its quality report as JSON."""

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.seating import SeatingError, generate_seating, seating_quality


class Command(BaseCommand):
    help = (
        "Generate a tournament seating (players numbered 1..N, ten seats per table) and print "
        'it as JSON: {"players", "tables", "rounds", "seed", "seating", "quality"}.'
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, required=True, help="accepted players")
        parser.add_argument("--tables", type=int, required=True, help="tables of ten seats")
        parser.add_argument("--rounds", type=int, required=True, help="rounds to play")
        parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
        parser.add_argument(
            "--iterations",
            type=int,
            default=None,
            help="search steps (default: scaled to the size of the tournament)",
        )
        parser.add_argument(
            "--time-budget",
            type=float,
            default=None,
            help="stop the search after this many seconds (the result then depends on the machine)",
        )
        parser.add_argument("--indent", type=int, default=None, help="pretty-print the JSON")

    def handle(self, *args, **options):
        players, tables, rounds, seed = (
            options["players"],
            options["tables"],
            options["rounds"],
            options["seed"],
        )
        try:
            seating = generate_seating(
                players,
                tables,
                rounds,
                seed,
                time_budget=options["time_budget"],
                iterations=options["iterations"],
            )
        except SeatingError as exc:
            raise CommandError(str(exc)) from exc
        payload = {
            "players": players,
            "tables": tables,
            "rounds": rounds,
            "seed": seed,
            "seating": seating.to_lists(),
            "quality": seating_quality(seating),
        }
        self.stdout.write(json.dumps(payload, indent=options["indent"]))
