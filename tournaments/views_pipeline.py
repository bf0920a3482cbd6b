from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.shortcuts import render

from clubs.permissions import clubs_user_organizes
from core.models import RecomputeJob
from core.outbox import job_progress
from games.models import Game

from .models import Tournament

Kind = RecomputeJob.Kind
PER_GAME = (Kind.GAME_SCORES, Kind.PLAYER_RECORDS)  # the kinds whose target is a game


@login_required
def pipeline_status(request):
    """Where the recompute pipeline stands for the clubs this organizer runs."""
    clubs = clubs_user_organizes(request.user)
    if not clubs.exists():
        raise PermissionDenied
    game_ids = Game.objects.filter(club__in=clubs).values("pk")
    tournament_ids = Tournament.objects.filter(club__in=clubs).values("pk")
    jobs = list(
        RecomputeJob.objects.filter(
            Q(kind=Kind.RATINGS)
            | Q(kind__in=PER_GAME, target_id__in=game_ids)
            | Q(kind=Kind.STANDINGS, target_id__in=tournament_ids)
        ).order_by("-requested_at")[:200]
    )
    games = Game.objects.select_related("club").in_bulk([j.target_id for j in jobs if j.kind in PER_GAME])
    tournaments = Tournament.objects.select_related("club").in_bulk(
        [j.target_id for j in jobs if j.kind == Kind.STANDINGS])
    targets = {**dict.fromkeys(PER_GAME, games), Kind.STANDINGS: tournaments}
    rows = []
    for job in jobs:
        target = targets.get(job.kind, {}).get(job.target_id)
        progress = job_progress(job)
        rows.append({
            # its times in the zone of the club it recomputes for (the ratings': the reader's)
            "job": job, "target": target, "owner": target,
            "progress": progress, "percent": int(100 * progress[0] / progress[1]) if progress and progress[1] else None,
        })
    counts = {status: sum(1 for j in jobs if j.status == status) for status in RecomputeJob.Status.values}
    busy = counts["pending"] + counts["running"] > 0
    # each status with its label: the badges read in the reader's language
    tally = [(status, label, counts[status]) for status, label in RecomputeJob.Status.choices]
    template = "tournaments/pipeline.html#jobs" if request.htmx else "tournaments/pipeline.html"
    return render(request, template, {"rows": rows, "tally": tally, "busy": busy})
