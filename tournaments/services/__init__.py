"""Writes for tournaments, evenings, applications and seating (HackSoft services).

Every service is keyword-only, runs in one transaction, locks the row whose numbers it
allocates (pretix style: the Tournament or Evening row, ``select_for_update``) and leaves an
audit entry through ``core.audit.log_action``. Bad requests raise ``core.errors.ApplicationError``.
"""

from .applications import (
    application_decide,
    application_set_note,
    application_status_mail,
    application_submit,
    application_withdraw,
)
from .broadcast import broadcast_issue, broadcast_revoke
from .events import (
    evening_create,
    evening_set_status,
    evening_update,
    publication_set,
    tournament_create,
    tournament_set_status,
    tournament_update,
)
from .seating import (
    final_create,
    game_assign_judge,
    seating_generate,
    seating_publish,
    seating_swap,
    table_judges_assign,
)

__all__ = [
    "broadcast_issue",
    "broadcast_revoke",
    "application_decide",
    "application_set_note",
    "application_status_mail",
    "application_submit",
    "application_withdraw",
    "evening_create",
    "evening_set_status",
    "evening_update",
    "final_create",
    "game_assign_judge",
    "publication_set",
    "seating_generate",
    "seating_publish",
    "seating_swap",
    "table_judges_assign",
    "tournament_create",
    "tournament_set_status",
    "tournament_update",
]
