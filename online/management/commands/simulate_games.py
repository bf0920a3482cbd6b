"""Play N games of the auto-judged table with agents and write every game's protocol, log and
transcript, and the run's report (docs/auto-judged-table.md, "Simulations").

    manage.py simulate_games --games 1000 --seed s1 --out var/sim
    manage.py simulate_games --games 200 --seed s1 --agents red=rule,black=random --compare random --out var/h2h

The same seed writes the same files.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from games.protocol_scoring import scorer
from online.agents.simulate import simulate_pair, write_game, write_report
from online.agents.spec import SpecError
from online.engine.judged_table import TableConfig, TableError
from online.simulations.services import simulation_record


def chat_settings() -> dict | None:
    if not settings.TABLE_CHAT_URL:
        return None
    return {
        "url": settings.TABLE_CHAT_URL,
        "model": settings.TABLE_CHAT_MODEL,
        "key": settings.TABLE_CHAT_KEY,
    }


class Command(BaseCommand):
    help = "Play games of the auto-judged table with agents; write protocols, transcripts and a report."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
        parser.add_argument(
            "--seed", default="table", help="the run's seed: game i has the seed SEED-i"
        )
        parser.add_argument(
            "--agents", default="rule", help="the agent spec (default: rule-based bots everywhere)"
        )
        parser.add_argument(
            "--compare", default=None, help="a second spec played on the same seeds, head to head"
        )
        parser.add_argument("--out", required=True, help="the directory to write to")
        parser.add_argument(
            "--config",
            default=None,
            help="the table's settings as JSON, e.g. '{\"speech_limit\": 100}'",
        )
        parser.add_argument(
            "--no-games", action="store_true", help="write only the report, not every game's files"
        )
        parser.add_argument(
            "--record",
            action="store_true",
            help="store the run on the site too (its page under /online/simulations/)",
        )

    def handle(self, *args, games, seed, agents, compare, out, config, no_games, record, **options):
        if games < 1:
            raise CommandError("--games must be at least 1")
        try:
            table_config = TableConfig.from_dict(json.loads(config)) if config else TableConfig()
        except (json.JSONDecodeError, TableError) as error:
            raise CommandError(f"--config: {error}") from None
        directory = Path(out)
        directory.mkdir(parents=True, exist_ok=True)
        started_at = timezone.now()
        started = time.perf_counter()
        try:
            score = scorer()  # the scoring app's engine (games.protocol_scoring)
            run, report = simulate_pair(
                games,
                seed,
                agents,
                compare,
                table_config,
                chat_settings(),
                keep_games=not no_games,
                scorer=score,
            )
        except SpecError as error:
            raise CommandError(str(error)) from None
        for game, document in run.played:
            write_game(directory, int(game.seed.rsplit("-", 1)[1]), game, document)
        write_report(report, directory)
        elapsed = time.perf_counter() - started
        if record:
            stored = simulation_record(
                report=report,
                config=json.loads(config) if config else {},
                duration_ms=int(elapsed * 1000),
                started_at=started_at,
            )
            self.stdout.write(f"recorded on the site: {stored.get_absolute_url()}")
        summary = report["run"]
        low, high = summary["red_win_rate_ci95"]
        self.stdout.write(
            f"{games} games ({agents}) in {elapsed:.2f} s: red wins {summary['red_win_rate']:.1%} "
            f"(95% {low:.1%}–{high:.1%}); files and report.json / report.html in {directory}"
        )
        if compare:
            h2h, against = report["head_to_head"], report["compare"]
            self.stdout.write(
                f"against {compare}: red wins {against['red_win_rate']:.1%}; "
                f"difference {h2h['red_win_rate_difference']:+.1%} (95% {h2h['difference_ci95'][0]:+.1%} "
                f"to {h2h['difference_ci95'][1]:+.1%})"
            )
