"""Online play (issue 17): forum-style games played over days in threads.

The pure engine lives in `online.engine` and imports nothing from Django or the rest of the
site; the Django app (models, views, Celery tasks) is built on it later.
"""
