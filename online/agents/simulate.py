"""Simulated runs of the auto-judged table and their report.

    run = simulate(games=1000, seed="s", spec="rule")
    report = build_report(run, compare=simulate(games=1000, seed="s", spec="random"))
    write_run(run, out_dir); write_report(report, out_dir)

Game *i* of a run has the seed `f"{seed}-{i}"`, so the same seed gives the same games and the
same files (nothing in them depends on the clock). Every game's protocol is validated by the
site's protocol engine and, given the scoring engine's `score_document` as `scorer` (the
command line takes it from `games.protocol_scoring`: the scoring app is not below this one),
scored: that is where the points per role come from.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from games.engine import replay as replay_protocol
from online.engine.judged_table import DRAW, TableConfig
from online.engine.judged_table.protocol import to_protocol, transcript
from vocabulary import BLACK_ROLES
from vocabulary import ROLES as VOCABULARY_ROLES

from .charts import gettext_noop, report_charts
from .play import PlayedGame, play_game
from .spec import agents_from_spec, parse_spec

ROLES = VOCABULARY_ROLES
# The rule paths a report counts, each from the judge's log: (key, title). The titles are
# English in the report; the site's page shows them translated (charts.py).
PATHS = (
    ("tie", gettext_noop("ties (tie speeches and a revote)")),
    ("revote", gettext_noop("revote rounds")),
    ("hands", gettext_noop("votes to eliminate all")),
    ("hands_passed", gettext_noop("… that eliminated all")),
    ("hands_even_or_less", gettext_noop("… that kept all")),
    ("day_one_single", gettext_noop("Day 1 single nominations (no vote)")),
    ("later_single", gettext_noop("later single nominations (the nominee leaves)")),
    ("no_nominations", gettext_noop("days without nominations")),
    ("vote_cancelled", gettext_noop("votes cancelled by a removal")),
    ("foul", gettext_noop("fouls")),
    ("disqualified", gettext_noop("removals (fourth foul)")),
    ("no_kill", gettext_noop("nights without a kill")),
    ("self_shot", gettext_noop("black players killed by their own team")),
    ("default", gettext_noop("defaults for missed or malformed answers")),
    ("draw", gettext_noop("draws (nobody left the table for rounds in a row)")),
)


@dataclass
class GameSummary:
    index: int
    seed: str
    winner: str
    days: int
    speeches: int
    events: int
    paths: dict[str, int]
    points: dict[int, float]
    roles: dict[int, str]
    agents: dict[int, str]
    problems: int


@dataclass
class Run:
    seed: str
    spec: str
    games: list[GameSummary] = field(default_factory=list)
    played: list[tuple[PlayedGame, dict]] = field(default_factory=list)  # kept only when asked


def count_paths(log: list[dict]) -> dict[str, int]:
    paths = Counter()
    for event in log:
        kind = event["type"]
        if kind == "tie":
            paths["tie"] += 1
        elif kind == "votes_counted":
            paths["revote"] += event["round"] > 1
            paths["later_single"] += bool(event.get("single"))
        elif kind == "hands_counted":
            paths["hands"] += 1
            paths["hands_passed" if event["passes"] else "hands_even_or_less"] += 1
        elif kind == "no_vote":
            reason = event["reason"]
            paths["day_one_single" if reason == "day-one-single-nomination" else
                  "no_nominations" if reason == "no-nominations" else "vote_cancelled"] += 1  # fmt: skip
        elif kind == "foul":
            paths["foul"] += 1
        elif kind == "disqualified":
            paths["disqualified"] += 1
        elif kind == "kill_decided" or (kind == "default_applied" and event["step"] == "kill"):
            target = event.get("target")
            paths["no_kill"] += target is None
        elif kind == "default_applied":
            paths["default"] += 1
        elif kind == "game_over":
            paths["draw"] += event["winner"] == DRAW
    roles = next(event["roles"] for event in log if event["type"] == "roles_dealt")
    for event in log:
        if event["type"] == "kill_decided" and event["target"] is not None:
            paths["self_shot"] += roles[str(event["target"])] in BLACK_ROLES
    return {key: paths.get(key, 0) for key, _ in PATHS}


def simulate(
    games: int,
    seed: str | int,
    spec: str | None = None,
    config: TableConfig | dict | None = None,
    chat_settings: dict | None = None,
    keep_games: bool = False,
    scorer: Callable[[dict], dict] | None = None,
) -> Run:
    spec = spec or "rule"
    parse_spec(spec)  # a bad spec fails before the first game
    run = Run(seed=str(seed), spec=spec)
    for index in range(1, games + 1):
        game_seed = f"{seed}-{index}"
        game = play_game(
            lambda roles: agents_from_spec(spec, roles, chat_settings), game_seed, config=config
        )
        document = to_protocol(game.log)
        result = replay_protocol(document).to_result()
        if not result.get("valid") or result.get("winner") != game.state.winning_team:
            raise AssertionError(
                f"game {game_seed}: the protocol engine reads {result}, the judge {game.state.winner}"
            )
        score = scorer(document) if scorer is not None else {"players": []}
        st = game.state
        run.games.append(
            GameSummary(
                index=index,
                seed=game_seed,
                winner=st.winner,
                days=st.number,  # the last day played (a game that ends at night N has had N days)
                speeches=sum(1 for event in game.log if event["type"] == "speech"),
                events=len(game.log),
                paths=count_paths(game.log),
                points={player["seat"]: player["total"] for player in score["players"]},
                roles={seat: st.roles[seat] for seat in range(1, 11)},
                agents=game.agents,
                problems=len(game.problems),
            )
        )
        if keep_games:
            run.played.append((game, document))
    return run


def simulate_pair(
    games: int,
    seed: str | int,
    spec: str | None = None,
    compare_spec: str | None = None,
    config: TableConfig | dict | None = None,
    chat_settings: dict | None = None,
    *,
    keep_games: bool = False,
    scorer: Callable[[dict], dict] | None = None,
) -> tuple[Run, dict]:
    """A run and, given ``compare_spec``, the same seeds played by those agents: the run (its
    games kept if ``keep_games``) and the report of the two, head to head. The one way both the
    command line (``simulate_games``) and the site's runs (``online.simulations``) play."""
    run = simulate(games, seed, spec, config, chat_settings, keep_games=keep_games, scorer=scorer)
    other = simulate(games, seed, compare_spec, config, chat_settings, scorer=scorer) if compare_spec else None
    return run, build_report(run, other)


def wilson(successes: int, total: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if total == 0:
        return (0.0, 1.0)
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def summarize(run: Run) -> dict:
    games = run.games
    total = len(games)
    red = sum(1 for game in games if game.winner == "red")
    points: dict[str, list[float]] = {role: [] for role in ROLES}
    for game in games:
        for seat, role in game.roles.items():
            if seat in game.points:  # scored (a run without a scorer has no points)
                points[role].append(game.points[seat])
    days = Counter(game.days for game in games)
    path_totals = {key: sum(game.paths[key] for game in games) for key, _ in PATHS}
    path_games = {key: sum(1 for game in games if game.paths[key]) for key, _ in PATHS}
    return {
        "spec": run.spec,
        "seed": run.seed,
        "games": total,
        "red_wins": red,
        "red_win_rate": round(red / total, 4) if total else None,
        "red_win_rate_ci95": list(wilson(red, total)),
        "draws": sum(1 for game in games if game.winner == DRAW),
        "points_per_role": {
            role: {
                "mean": round(sum(values) / len(values), 4) if values else None,
                "players": len(values),
            }
            for role, values in points.items()
        },
        "length": {
            "mean_days": round(sum(game.days for game in games) / total, 3) if total else None,
            "mean_speeches": round(sum(game.speeches for game in games) / total, 2)
            if total
            else None,
            "mean_events": round(sum(game.events for game in games) / total, 2) if total else None,
            "days": {str(day): days[day] for day in sorted(days)},
        },
        "rule_paths": {
            key: {
                "title": title,
                "total": path_totals[key],
                "per_game": round(path_totals[key] / total, 4) if total else 0,
                "games": path_games[key],
            }
            for key, title in PATHS
        },  # fmt: skip
        "agent_problems": sum(game.problems for game in games),
    }


def build_report(run: Run, compare: Run | None = None) -> dict:
    report = {"format": "table-simulation-report/1", "run": summarize(run)}
    if compare is not None:
        other = summarize(compare)
        report["compare"] = other
        a, b = report["run"], other
        n1, n2 = a["games"], b["games"]
        p1, p2 = a["red_wins"] / n1, b["red_wins"] / n2
        se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
        report["head_to_head"] = {
            "same_seeds": run.seed == compare.seed and n1 == n2,
            "red_win_rate_difference": round(p1 - p2, 4),
            "difference_ci95": [
                round(p1 - p2 - 1.959964 * se, 4),
                round(p1 - p2 + 1.959964 * se, 4),
            ],
            "games_with_another_winner": sum(
                1 for x, y in zip(run.games, compare.games, strict=False) if x.winner != y.winner
            ),
        }
    return report


# --- files ----------------------------------------------------------------------------------


def write_game(out: Path, index: int, game: PlayedGame, document: dict) -> None:
    stem = out / f"game-{index:04d}"
    stem.with_suffix(".protocol.json").write_text(
        json.dumps(document, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    stem.with_suffix(".log.json").write_text(
        "[\n"
        + ",\n".join(json.dumps(event, ensure_ascii=False, sort_keys=True) for event in game.log)
        + "\n]\n",
        encoding="utf-8",
    )
    lines = transcript(game.log)  # in the table's language
    stem.with_suffix(".transcript.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def report_json(report: dict) -> str:
    """The report as the run's `report.json` holds it (the site serves the same text)."""
    return json.dumps(report, indent=1, ensure_ascii=False) + "\n"


def write_report(report: dict, out: Path) -> None:
    (out / "report.json").write_text(report_json(report))
    (out / "report.html").write_text(report_html(report))


def _run_text(summary: dict) -> str:
    low, high = summary["red_win_rate_ci95"]
    rate = summary["red_win_rate"] or 0
    length = summary["length"]
    return (
        f"<h2>{escape(summary['spec'])} — {summary['games']} games, seed {escape(summary['seed'])}</h2>"
        f"<p>Red win rate <strong>{rate:.1%}</strong> (95% interval {low:.1%}–{high:.1%}); "
        f"black {1 - rate:.1%}. Agent problems (defaults given): {summary['agent_problems']}. "
        f"Mean days {length['mean_days']}, speeches {length['mean_speeches']}, "
        f"log events {length['mean_events']}.</p>"
    )


def report_html(report: dict) -> str:
    """A page of its own (no script, nothing fetched): the charts are the site's (charts.py)."""
    body = [_run_text(report["run"])]
    if "compare" in report:
        body.append(_run_text(report["compare"]))
        h2h = report["head_to_head"]
        body.append(
            f"<p>Head to head: {h2h['games_with_another_winner']} seeds changed their winner.</p>"
        )
    body.extend(chart for _, chart in report_charts(report))
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>Auto-judged table: simulation report</title>"
        "<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:1rem auto;padding:0 1rem}"
        "figure{margin:1rem 0}figcaption{font-weight:600;margin-bottom:.3rem}"
        ".chart-legend{margin:.2rem 0;display:flex;gap:1rem}</style></head><body>"
        "<h1>Auto-judged table: simulation report</h1>" + "\n".join(body) + "</body></html>\n"
    )


def play_protocol(seed: str, names: list[str], spec: str) -> tuple[dict, str]:
    """One whole game with agents of `spec` at seats named `names`: its protocol and winner
    (what `games.automatic_play` provides to a simulated tournament). ValueError for a bad spec."""
    parse_spec(spec)
    game = play_game(lambda roles: agents_from_spec(spec, roles), seed, names=names)
    return to_protocol(game.log), game.state.winner
