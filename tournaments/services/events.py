"""Tournaments and evenings: creation, edits, the status machine and the publication switches."""

from __future__ import annotations

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs.models import Club
from core import outbox
from core.audit import changes_applied, log_action
from core.errors import ApplicationError
from games.services import results_publication_follow_switch

from ..models import PUBLICATION_SWITCHES, Evening, TieBreak, Tournament
from ..signals import tournament_dates_changing

TOURNAMENT_FIELDS = (
    "name", "starts_on", "ends_on", "venue", "description", "ruleset", "qualifying_rounds", "tables",
    "capacity", "final_size", "final_coefficient", "win_points", "rating_tier", "application_deadline",
    "tie_break_order",
)
EVENING_FIELDS = ("title", "starts_at", "venue", "ruleset", "tables", "capacity", "application_deadline",
                  "publish_results")


def _unique_slug(name: str) -> str:
    base = slugify(name)[:70] or "tournament"
    slug, n = base, 2
    while Tournament.objects.filter(slug=slug).exists():
        slug = f"{base}-{n}"
        n += 1
    return slug


def _check_tournament(fields: dict) -> None:
    if fields.get("starts_on") and fields.get("ends_on") and fields["ends_on"] < fields["starts_on"]:
        raise ApplicationError(_("The tournament cannot end before it starts."), code="dates")
    final_size = fields.get("final_size")
    if final_size is not None and (final_size < 10 or final_size % 10):
        raise ApplicationError(_("The final is played at full tables: its size must be 10, 20, 30…"),
                               code="final_size")
    order = fields.get("tie_break_order") or []
    unknown = [key for key in order if key not in TieBreak.values]
    if unknown:
        raise ApplicationError(_("Unknown tie-break: %(keys)s.") % {"keys": ", ".join(map(str, unknown))},
                               code="tie_break")


@transaction.atomic
def tournament_create(*, club: Club, actor, name: str, starts_on, ends_on, slug: str = "", **fields) -> Tournament:
    unknown = set(fields) - set(TOURNAMENT_FIELDS)
    if unknown:
        raise TypeError(f"Unknown tournament fields: {sorted(unknown)}")
    if not name.strip():
        raise ApplicationError(_("Give the tournament a name."), code="name")
    _check_tournament({"starts_on": starts_on, "ends_on": ends_on, **fields})
    slug = slug or _unique_slug(name)
    if Tournament.objects.filter(slug=slug).exists():
        raise ApplicationError(_("That address is already taken."), code="slug")
    tournament = Tournament.objects.create(club=club, name=name.strip(), slug=slug, starts_on=starts_on,
                                           ends_on=ends_on, **fields)
    log_action(tournament, action="tournament.created", actor=actor, data={"name": tournament.name})
    return tournament


@transaction.atomic
def tournament_update(*, tournament: Tournament, actor, **fields) -> Tournament:
    unknown = set(fields) - set(TOURNAMENT_FIELDS)
    if unknown:
        raise TypeError(f"Unknown tournament fields: {sorted(unknown)}")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    merged = {f: getattr(tournament, f) for f in TOURNAMENT_FIELDS} | fields
    _check_tournament(merged)
    seated = tournament.rounds.filter(is_final=False).exists()
    if seated and any(fields.get(f, getattr(tournament, f)) != getattr(tournament, f)
                      for f in ("tables", "qualifying_rounds")):
        raise ApplicationError(
            _("Tables and rounds are fixed once the seating exists: regenerate the seating after changing them."),
            code="seated",
        )
    if any(merged[f] != getattr(tournament, f) for f in ("starts_on", "ends_on")):
        tournament_dates_changing.send(Tournament, tournament=tournament, starts_on=merged["starts_on"],
                                       ends_on=merged["ends_on"])  # a listener may refuse
    changes = changes_applied(tournament, fields)
    if changes:
        tournament.save()
        log_action(tournament, action="tournament.updated", actor=actor, data=changes)
        if changes.keys() & {"win_points", "tie_break_order"}:
            outbox.request_standings(tournament.pk)
    return tournament


@transaction.atomic
def tournament_set_status(*, tournament: Tournament, status: str, actor) -> Tournament:
    """Move the tournament along its status machine (``Tournament.TRANSITIONS``), or refuse."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    before = tournament.status
    if status not in Tournament.Status.values:
        raise ApplicationError(_("Unknown status."), code="status")
    if status not in tournament.allowed_transitions():
        raise ApplicationError(
            _("A tournament cannot go from “%(from)s” to “%(to)s”.")
            % {"from": Tournament.Status(before).label, "to": Tournament.Status(status).label},
            code="transition",
        )
    if status in (Tournament.Status.SEATING_PUBLISHED, Tournament.Status.RUNNING) and not (
        tournament.rounds.filter(is_final=False, games__isnull=False).exists()
    ):
        raise ApplicationError(_("Generate the seating first."), code="no_seating")
    update = ["status", "updated_at"]
    tournament.status = status
    if status == Tournament.Status.SEATING_PUBLISHED:
        tournament.publish_seating = True
        update.append("publish_seating")
        tournament.rounds.filter(is_final=False).update(seating_published=True)
    tournament.save(update_fields=update)
    log_action(tournament, action="tournament.status", actor=actor, data={"from": before, "to": status})
    return tournament


@transaction.atomic
def publication_set(*, tournament: Tournament, actor, **switches: bool) -> Tournament:
    """Turn publication switches on or off: ``publication_set(tournament=t, actor=u, publish_standings=True)``."""
    unknown = set(switches) - set(PUBLICATION_SWITCHES)
    if unknown:
        raise ApplicationError(_("Unknown publication switch."), code="switch")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changes = changes_applied(tournament, {name: bool(value) for name, value in switches.items()}, as_text=False)
    if changes:
        tournament.save(update_fields=[*changes, "updated_at"])
        if "publish_seating" in changes:
            tournament.rounds.filter(is_final=False).update(seating_published=tournament.publish_seating)
        if "publish_results" in changes:
            results_publication_follow_switch(games=tournament.games.all(), published=tournament.publish_results)
        log_action(tournament, action="tournament.publication", actor=actor, data=changes)
    return tournament


@transaction.atomic
def evening_create(*, club: Club, actor, title: str, starts_at, **fields) -> Evening:
    unknown = set(fields) - set(EVENING_FIELDS)
    if unknown:
        raise TypeError(f"Unknown evening fields: {sorted(unknown)}")
    if not title.strip():
        raise ApplicationError(_("Give the evening a title."), code="title")
    evening = Evening.objects.create(club=club, title=title.strip(), starts_at=starts_at, **fields)
    log_action(evening, action="evening.created", actor=actor, data={"title": evening.title})
    return evening


@transaction.atomic
def evening_update(*, evening: Evening, actor, **fields) -> Evening:
    unknown = set(fields) - set(EVENING_FIELDS)
    if unknown:
        raise TypeError(f"Unknown evening fields: {sorted(unknown)}")
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    changes = changes_applied(evening, fields)
    if changes:
        evening.save()
        log_action(evening, action="evening.updated", actor=actor, data=changes)
        if "publish_results" in changes:
            results_publication_follow_switch(games=evening.games.all(), published=evening.publish_results)
    return evening


@transaction.atomic
def evening_set_status(*, evening: Evening, status: str, actor) -> Evening:
    evening = Evening.objects.select_for_update().get(pk=evening.pk)
    before = evening.status
    if status not in Evening.Status.values:
        raise ApplicationError(_("Unknown status."), code="status")
    if status not in evening.allowed_transitions():
        raise ApplicationError(
            _("An evening cannot go from “%(from)s” to “%(to)s”.")
            % {"from": Evening.Status(before).label, "to": Evening.Status(status).label},
            code="transition",
        )
    evening.status = status
    evening.save(update_fields=["status"])
    log_action(evening, action="evening.status", actor=actor, data={"from": before, "to": status})
    return evening
