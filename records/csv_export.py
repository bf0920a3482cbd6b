"""A player's games as CSV (issue 29: "CSV export of … a player's games"), written the house way
(tournaments/csv_export.py: UTF-8 with a BOM, headers in the reader's language, no formula in a
cell): the record page's games list for its filters, each game's day and time in its club's zone,
as ISO 8601 (2026-10-02, 01:30) so that a spreadsheet reads them as dates in any language."""

from __future__ import annotations

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core.written import local
from tournaments.csv_export import csv_response

from .serializers import LOST, WON


def games_csv(request, player, rows) -> HttpResponse:
    """``rows``: the player's ``SeatRecord`` rows, newest first, with their club, tournament and
    evening. Points are the exact number (a dot before the decimals), as the API gives them."""
    header = [_("Date"), pgettext("the time of day", "Time"), pgettext("where a game was played", "Event"),
              _("Club"), _("Seat"), _("Role"), _("Result"), _("Points"), _("Game")]
    results = {WON: _("won"), LOST: _("lost")}

    def line(row):
        there = local(row.played_at, row.club)
        result = WON if row.won else LOST if row.won is False else None
        return [there.date().isoformat(), there.time().isoformat(timespec="minutes"), row.event_name, row.club.name, row.seat,
                row.get_role_display(), results.get(result, _("no winner")), row.points,
                request.build_absolute_uri(reverse("games:detail", args=[row.game_id]))]

    return csv_response(f"player-{player.pk}-games.csv", header, (line(row) for row in rows.iterator(chunk_size=500)))
