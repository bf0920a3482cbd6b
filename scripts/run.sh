#!/usr/bin/env bash
# Set everything up and serve the site at http://127.0.0.1:8000 (or ADDRESS=host:port) with the
# embedded defaults: SQLite under var/, Celery tasks in-process, demo data, e-mail written to
# var/mail.log. Nothing else to install or start. The demo accounts are the last thing it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh ""
.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py compilemessages --ignore=.venv >/dev/null 2>&1 || true
export ADDRESS="${ADDRESS:-127.0.0.1:8000}"  # the links in e-mails follow it (SITE_URL)
echo "E-mail the site sends is written to var/mail.log (tail -f var/mail.log)."
# Said before the demo data load (a minute on a slow machine), so that nobody opens the address too early.
echo "Loading the demo data; then serving on http://${ADDRESS} (Ctrl-C stops; another address: ADDRESS=127.0.0.1:8080 make run)"
.venv/bin/python manage.py seed_demo
exec .venv/bin/python manage.py runserver "${ADDRESS}"
