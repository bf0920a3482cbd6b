"""CSV exports (UTF-8 with a BOM so spreadsheet programs read Cyrillic nicknames right)."""

from __future__ import annotations

import csv

from django.http import HttpResponse
from django.utils.translation import gettext as _


def csv_response(filename: str, header: list[str], rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")
    writer = csv.writer(response)
    writer.writerow(header)
    for row in rows:
        writer.writerow([_safe(v) for v in row])
    return response


def _safe(value):
    """Keep spreadsheet formulas out of exported cells typed by players (CSV injection)."""
    text = "" if value is None else str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") and not _is_number(text) else text


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def applications_csv(event, applications):
    header = [_("Player"), _("Status"), _("Waiting list"), _("Home club"), _("Contact"), _("E-mail"),
              _("Message"), _("Note"), _("Applied"), _("Decided")]
    rows = (
        [a.player.nickname, a.get_status_display(), a.waitlist_position or "",
         a.player.home_club.name if a.player.home_club_id else "", a.player.contact,
         a.player.user.email if a.player.user_id else "", a.message, a.organizer_note,
         a.created_at.isoformat(timespec="minutes"), a.decided_at.isoformat(timespec="minutes") if a.decided_at else ""]
        for a in applications
    )
    slug = getattr(event, "slug", None) or f"evening-{event.pk}"
    return csv_response(f"{slug}-applications.csv", header, rows)


def standings_csv(tournament, standings, roles):
    header = [_("Place"), _("Player"), _("Total"), _("Wins"), _("Games"), _("Extra"), _("Penalty"),
              *[str(label) for _key, label in roles]]
    rows = ([s.place, s.nickname, s.total, s.wins, s.games, s.extra, s.penalty,
             *[s.by_role.get(key, 0) for key, _label in roles]] for s in standings)
    return csv_response(f"{tournament.slug}-standings.csv", header, rows)
