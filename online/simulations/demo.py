"""The simulation runs' demo data: one small run asked for by the organizer. Safe to run again
(called by online/demo.py)."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from .models import SimulationRun
from .services import simulation_request

# One small run for the simulations' page: rule-based bots against themselves and, on the same
# seeds, rule-based red players against random black ones (about a second; played after the
# demo's commit, in-process under `make run`, by a worker with a broker).
SIMULATION = {"games": 200, "seed": "demo", "spec": "rule", "compare_spec": "red=rule,black=random"}


def build(stdout) -> None:
    organizer = get_user_model().objects.get(username="organizer")
    if not SimulationRun.objects.filter(seed=SIMULATION["seed"], requested_by=organizer).exists():
        simulation_request(requested_by=organizer, **SIMULATION)
    stdout.write("Simulations of the auto-judged table: /online/simulations/ (200 bot games, head to head)")
