"""What the tournaments app announces; the apps above it listen (docs/architecture.md).

* ``tournament_dates_changing(tournament, starts_on, ends_on)``: an organizer is changing a
  tournament's days (``services.tournament_update``), sent inside its transaction, under the
  tournament's row lock, before anything is saved. A listener that holds the tournament to its
  days (a series' season: leagues) refuses the change by raising ``core.errors.ApplicationError``
  with a message for the organizer; nothing is saved then.
"""

from django.dispatch import Signal

tournament_dates_changing = Signal()
