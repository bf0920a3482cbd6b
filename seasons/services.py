"""Writes of the clubs' seasons: an organizer creates or edits one, each change on the audit trail
(docs/seasons.md, "Organizers")."""

from __future__ import annotations

from datetime import date

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.models import Club
from core.audit import log_action
from core.errors import ApplicationError, checked_text

from .models import MAX_MIN_GAMES, ClubSeason, Measure

FIELDS = ("name", "starts_on", "ends_on", "measure", "min_games")


def _checked(club: Club, *, name, starts_on: date, ends_on: date, measure: str, min_games: int,
             exclude_pk: int | None = None) -> dict:
    name = checked_text(name, max_length=ClubSeason._meta.get_field("name").max_length, label=_("The name"))
    if not name:
        raise ApplicationError(_("A season needs a name."), code="name")
    if ends_on < starts_on:
        raise ApplicationError(_("The season ends before it starts."), code="dates")
    if measure not in Measure.values:
        raise ApplicationError(_("Unknown measure of the standings."), code="measure")
    if not 0 <= min_games <= MAX_MIN_GAMES:
        raise ApplicationError(_("The minimum of games is between 0 and %(most)d.") % {"most": MAX_MIN_GAMES},
                               code="min_games")
    taken = ClubSeason.objects.filter(club=club, name__iexact=name)
    if exclude_pk is not None:
        taken = taken.exclude(pk=exclude_pk)
    if taken.exists():
        raise ApplicationError(_("The club already has a season of that name."), code="name_taken")
    return {"name": name, "starts_on": starts_on, "ends_on": ends_on, "measure": measure, "min_games": min_games}


def _written(season: ClubSeason) -> dict:
    """The season's fields as the audit trail keeps them (dates as ISO text)."""
    return {field: value.isoformat() if isinstance(value, date) else value
            for field, value in ((field, getattr(season, field)) for field in FIELDS)}


@transaction.atomic
def season_create(*, club: Club, actor=None, **fields) -> ClubSeason:
    values = _checked(club, **fields)
    try:
        with transaction.atomic():
            season = ClubSeason.objects.create(club=club, **values)
    except IntegrityError as exc:  # the same name, created at this very moment
        raise ApplicationError(_("The club already has a season of that name."), code="name_taken") from exc
    log_action(season, action="season.created", actor=actor, data={"to": _written(season)})
    return season


@transaction.atomic
def season_update(*, season: ClubSeason, actor=None, **fields) -> ClubSeason:
    season = ClubSeason.objects.select_for_update().get(pk=season.pk)
    values = _checked(season.club, exclude_pk=season.pk, **fields)
    before = _written(season)
    for field, value in values.items():
        setattr(season, field, value)
    after = _written(season)
    if after == before:
        return season  # nothing changed: no entry
    try:
        with transaction.atomic():
            season.save(update_fields=list(values))
    except IntegrityError as exc:
        raise ApplicationError(_("The club already has a season of that name."), code="name_taken") from exc
    changed = [field for field in FIELDS if before[field] != after[field]]
    log_action(season, action="season.changed", actor=actor,
               data={"from": {f: before[f] for f in changed}, "to": {f: after[f] for f in changed}})
    return season
