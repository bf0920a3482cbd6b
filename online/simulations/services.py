"""Simulation runs of the auto-judged table on the site (docs/auto-judged-table.md,
"Simulations"): the service that asks for one, the worker's runner that plays it, the record of
and the record of a run the command line played (the pages' reads: selectors.py).

A run asked for on the site is a ``SimulationRun`` row (queued) and a job of the recompute outbox
(``core.outbox.request_simulation``), both in one transaction: the Celery message follows the
commit, and the minute's sweep resends it if it is lost. The runner, registered in
``OnlineConfig.ready()``, plays the games with the scoring app's engine
(``games.protocol_scoring``) and stores the report, or the reason it failed. Without a broker
(``make run``) the job runs in-process right after the commit.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core import outbox
from core.errors import ApplicationError
from games.protocol_scoring import scorer
from online.agents.simulate import report_json, simulate_pair
from online.agents.spec import SpecError, parse_spec
from online.core.refusals import table_refusal
from online.engine.errors import RuleError
from online.engine.judged_table import TableConfig, TableError

from .models import SimulationRun

Status = SimulationRun.Status
# The agents a run asked for on the site may use: the built-in bots. An HTTP agent would make
# the site call any address it is given, a Python class import any module, and the chat adapter
# spend the key's money; those stay with the command line, whose operator chose them.
SITE_KINDS = ("rule", "random", "sloppy")
SEED_MAX = 64
# The failures that the same inputs would give again (a refused spec or setting, a game the
# protocol engine reads differently from the judge): not worth the outbox's retries.
SAME_AGAIN = (SpecError, RuleError, AssertionError, ValueError, TypeError)
SPEC_MAX = 200


def _checked_spec(spec: str, *, what: str) -> str:
    spec = (spec or "").strip()
    if len(spec) > SPEC_MAX:
        raise ApplicationError(_("%(what)s: at most %(limit)s characters.") % {"what": what, "limit": SPEC_MAX},
                               code="simulation.spec")
    try:
        parts = parse_spec(spec)
    except SpecError as error:
        raise ApplicationError(_("%(what)s: %(error)s.") % {"what": what, "error": error},
                               code="simulation.spec") from None
    for kind in parts.values():
        if kind not in SITE_KINDS:
            raise ApplicationError(
                _("%(what)s: the agent “%(kind)s” is not played on the site; choose rule, random or sloppy.")
                % {"what": what, "kind": kind}, code="simulation.agent")
    return spec


def _checked_config(config: object) -> dict:
    """The settings as given (an object of TableConfig's fields), once TableConfig took them."""
    if config is None or config == {}:
        return {}
    try:
        TableConfig.from_dict(config)
        return dict(config)
    except TableError as error:  # the site's own words for the engine's refusal
        raise ApplicationError(table_refusal(error).message, code="simulation.config") from None
    except TypeError:
        raise ApplicationError(_("The table's settings: a value has the wrong type."),
                               code="simulation.config") from None


def simulation_request(*, requested_by, games: int, seed: str, spec: str = "rule", compare_spec: str = "",
                       config: dict | None = None) -> SimulationRun:
    """Ask for a run (the caller checked the permission: ``online.core.permissions.may_create``).
    Bad input: ApplicationError with a clear message, nothing stored."""
    limit = settings.TABLE_SIMULATION_MAX_GAMES
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= limit:
        raise ApplicationError(_("The number of games is a whole number from 1 to %(limit)s.") % {"limit": limit},
                               code="simulation.games")
    seed = str(seed or "").strip()
    if not seed or len(seed) > SEED_MAX or "\x00" in seed:
        raise ApplicationError(_("Give the run a seed of 1 to %(limit)s characters.") % {"limit": SEED_MAX},
                               code="simulation.seed")
    spec = _checked_spec(spec, what=_("The agents")) or "rule"
    compare_spec = _checked_spec(compare_spec, what=_("The compared agents"))
    table = _checked_config(config)
    waiting = _unfinished(requested_by)
    if waiting is not None:
        # The runs share the workers with the scores' and standings' recomputes: one at a time each.
        raise ApplicationError(_("Your run #%(id)s is not finished yet: ask for another once it is.")
                               % {"id": waiting}, code="simulation.waiting")
    with transaction.atomic():
        run = SimulationRun.objects.create(seed=seed, spec=spec, compare_spec=compare_spec, games=games,
                                           config=table, requested_by=requested_by)
        outbox.request_simulation(run.pk)
    return run


def _unfinished(user) -> int | None:
    if user is None:
        return None
    return (SimulationRun.objects.filter(requested_by=user, status__in=(Status.QUEUED, Status.RUNNING))
            .values_list("pk", flat=True).first())


def play(run: SimulationRun) -> dict:
    """The run's report: its games (and the compared spec's, on the same seeds) played and scored."""
    table = TableConfig.from_dict(run.config or None)
    _played, report = simulate_pair(run.games, run.seed, run.spec, run.compare_spec, table, scorer=scorer())
    return report


def run_simulation(run_id: int, *, from_game_id=None, job_id=None) -> None:
    """The outbox's runner: play a queued run and store its report, or why it failed. A run that
    is done already is left as it is (a message sent twice plays nothing twice)."""
    run = SimulationRun.objects.filter(pk=run_id).first()
    if run is None or run.status == Status.DONE:
        return
    started = timezone.now()
    SimulationRun.objects.filter(pk=run.pk).update(status=Status.RUNNING, started_at=started, error="",
                                                   finished_at=None)
    clock = time.monotonic()
    try:
        report = play(run)
    except Exception as error:
        _finish(run, clock, status=Status.FAILED,
                error=_("The run failed: %(error)s") % {"error": f"{type(error).__name__}: {error}"[:2000]})
        if isinstance(error, SAME_AGAIN):
            return  # the same inputs would fail the same way: recorded, not retried
        raise  # anything else (a database hiccup): recorded, and the outbox retries it
    _finish(run, clock, status=Status.DONE, report=report)


def _finish(run: SimulationRun, clock: float, *, status: str, report: dict | None = None,
            error: str = "") -> None:
    SimulationRun.objects.filter(pk=run.pk).update(
        status=status, report_text=report_json(report) if report else "",
        red_win_rate=report["run"]["red_win_rate"] if report else None,
        error=error, finished_at=timezone.now(),
        duration_ms=int((time.monotonic() - clock) * 1000))


def simulation_record(*, report: dict, config: dict, duration_ms: int, started_at) -> SimulationRun:
    """Store a run the command line played (``simulate_games --record``): done, its report as
    the command wrote it."""
    run_summary = report["run"]
    return SimulationRun.objects.create(
        seed=run_summary["seed"][:SEED_MAX], spec=run_summary["spec"][:SPEC_MAX],
        compare_spec=report["compare"]["spec"][:SPEC_MAX] if "compare" in report else "",
        games=run_summary["games"], config=config, status=Status.DONE, origin=SimulationRun.Origin.COMMAND,
        report_text=report_json(report), red_win_rate=run_summary["red_win_rate"], started_at=started_at,
        finished_at=timezone.now(), duration_ms=duration_ms)
