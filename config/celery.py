"""The Celery app. Without REDIS_URL the settings make every task run eagerly in-process."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("mafia")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
