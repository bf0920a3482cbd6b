#!/usr/bin/env bash
# Set everything up and serve the site at http://127.0.0.1:8000 with the embedded defaults:
# SQLite under var/, Celery tasks in-process, demo data. Nothing else to install or start.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh ""
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py compilemessages --ignore=.venv >/dev/null 2>&1 || true
.venv/bin/python manage.py seed_demo
echo "Serving on http://${ADDRESS:-127.0.0.1:8000}  (Ctrl-C stops)"
exec .venv/bin/python manage.py runserver "${ADDRESS:-127.0.0.1:8000}"
