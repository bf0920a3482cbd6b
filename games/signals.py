"""What the games app announces; the apps above it listen (docs/architecture.md).

Both are sent inside the transaction of the change, under the game's lock, so a listener's writes
commit or roll back with it.

* ``protocol_saved(game, version, record)``: a new version of a game's protocol was stored
  (``services.save_protocol_version``, the one writer). ``record``: the replayed document, or
  None when the action did not replay it. Discipline brings its cases in step.
* ``results_publication_changed(game_ids)``: games' results were published or hidden (a game's
  button, a tournament's or an evening's switch). Standings and ratings count only published
  games, so both ask for a recompute.
"""

from django.dispatch import Signal

protocol_saved = Signal()
results_publication_changed = Signal()
