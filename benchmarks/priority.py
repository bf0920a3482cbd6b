"""Run a benchmark ahead of the rest of a shared machine: ``--priority N`` in the server benchmarks.

On a machine whose other work keeps the load average at 10 on 2 CPUs, a server gets a fraction of
a CPU and its latencies measure the neighbours. ``raise_priority(n)`` lowers this process's nice
value by ``n`` (root only) in a session of its own whose autogroup gets the same nice value, so
gunicorn, the Celery worker and the load generator started from it inherit it, and ``BackendPriority`` does the same for the PostgreSQL backends that serve the
benchmark's database while it runs. What it measures is then close to the same set-up on a
machine of its own; the figures printed say which way they were taken.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from pathlib import Path


def raise_priority(steps: int) -> int:
    """Lower this process's nice value by ``steps``; returns the nice value now.

    With the kernel's autogroups (``/proc/sys/kernel/sched_autogroup_enabled``) a nice value only
    counts inside the process's session: the benchmark first moves into a session of its own
    (re-executing itself under ``setsid``) and gives that session's autogroup the nice value."""
    if steps <= 0:
        return os.nice(0)
    if os.environ.get("BENCH_OWN_SESSION") != "1":
        os.environ["BENCH_OWN_SESSION"] = "1"
        os.execvp("setsid", ["setsid", "--wait", sys.executable, *sys.argv])
    try:
        nice = os.nice(-steps)
    except PermissionError as error:
        raise SystemExit(f"--priority needs root: {error}") from error
    with contextlib.suppress(OSError):  # no autogroups: the nice value alone decides
        Path("/proc/self/autogroup").write_text(str(-steps))
    return nice


class BackendPriority(threading.Thread):
    """While it runs, gives every PostgreSQL backend connected to ``database_url``'s database this
    process's nice value (checked twice a second: gunicorn's threads connect as they first serve)."""

    def __init__(self, database_url: str):
        super().__init__(daemon=True)
        self.database_url, self.stopped = database_url, threading.Event()
        self.nice = os.nice(0)

    def run(self):
        import psycopg

        with psycopg.connect(self.database_url, autocommit=True) as connection:
            while not self.stopped.is_set():
                for (pid,) in connection.execute(
                        "SELECT pid FROM pg_stat_activity WHERE datname = current_database()").fetchall():
                    with contextlib.suppress(OSError):  # gone since
                        os.setpriority(os.PRIO_PROCESS, pid, self.nice)
                self.stopped.wait(0.5)

    def stop(self):
        self.stopped.set()
        self.join(5)
