"""The leagues' audit actions in words (core/actions.py)."""

from django.utils.translation import gettext_lazy as _

ACTIONS = {
    "league.created": _("league created"),
    "league.updated": _("league edited"),
    "points_table.created": _("points table created"),
    "points_table.version_added": _("points table version added"),
    "points_table.renamed": _("points table renamed"),
    "points_table.version_deleted": _("points table version deleted"),
    "series.created": _("series created"),
    "series.updated": _("series edited"),
    "series.tournament_added": _("tournament added to the series"),
    "series.tournament_removed": _("tournament removed from the series"),
    "series.recomputed": _("series recomputed with the versions in force"),
}
