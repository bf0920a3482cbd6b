"""What online play announces.

``phase_started(game_id, phase, deadline)``: a phase with a deadline began (sent after the commit
by ``play.store``); the deadlines schedule its task (``deadlines.on_phase_started``, connected in
``OnlineConfig.ready``), so play never imports the deadlines that import it.
"""

from django.dispatch import Signal

phase_started = Signal()
