"""What the scoring app announces; the apps above it listen (docs/architecture.md).

``game_scores_stored(game_id)``: a game's stored scores were just recomputed from its protocol
(or dropped: the game is unfinished, annulled or gone). Sent by the outbox's runner, in the run's
own transaction; standings and ratings ask for their recompute when the game counts for them.
"""

from django.dispatch import Signal

game_scores_stored = Signal()
