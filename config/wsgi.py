import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# Anonymous GETs of the published standings are answered in front of Django from its own recent
# answers (tournaments/standings/fast.py); every other request goes to Django unchanged.
from tournaments.standings.fast import FastStandings  # noqa: E402  (after Django is set up)

application = FastStandings(application)
