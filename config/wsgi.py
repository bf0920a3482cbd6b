import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Anonymous GETs of the published standings are answered in front of Django from its own recent
# answers (tournaments/standings/fast.py); every other request goes to Django unchanged.
from tournaments.standings.fast import FastStandings  # noqa: E402  (after Django is set up)

application = FastStandings(application)

# Anonymous GETs of the leaderboards, answered from Django's own answer for the query kept under
# the store's generation (records/fast.py): a change of the store reaches the next request.
from records.fast import FastLeaderboards, FastRecords  # noqa: E402

application = FastRecords(FastLeaderboards(application))

# The live view's polls, a thousand spectators' every 1.5 s, answered from the fragment each table's
# view keeps for its current generation (games/live_poll.py); the rest goes on to Django.
from games.live_poll import LivePolls  # noqa: E402

application = LivePolls(application)
