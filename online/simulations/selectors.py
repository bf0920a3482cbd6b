"""The reads of the simulation runs' pages."""

from __future__ import annotations

from django.db.models import QuerySet

from .models import SimulationRun


def simulation_runs() -> QuerySet[SimulationRun]:
    """Every run, newest first, with who asked for it (the list's one query)."""
    return SimulationRun.objects.select_related("requested_by").defer("report_text")


def simulation_run(pk: int) -> SimulationRun | None:
    return SimulationRun.objects.select_related("requested_by").filter(pk=pk).first()
