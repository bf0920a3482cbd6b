#!/usr/bin/env bash
# The smoke suite (smoke/) on the embedded default exactly as `make run` serves it: a SQLite file
# under var/, Celery tasks in-process, the local-memory cache (config/smoke_settings.py).
# Arguments go to pytest (e.g. scripts/smoke.sh -k browser).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh dev
paths=(smoke)
for argument in "$@"; do
  case "$argument" in smoke*) paths=() ;; esac  # the arguments name what to run
done
exec env -u DATABASE_URL -u REDIS_URL -u DJANGO_SETTINGS_MODULE \
  .venv/bin/python -m pytest --ds=config.smoke_settings -p no:cacheprovider "${paths[@]}" "$@"
