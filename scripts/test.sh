#!/usr/bin/env bash
# Set up and run the whole test suite against the real PostgreSQL and Redis.
# Starts them when they are installed but stopped; fails loudly when they cannot be reached.
# Then the smoke suite (smoke/) on the embedded default that `make run` uses: SQLite, Celery
# eager, the local-memory cache. Both run in parallel (pytest-xdist, TEST_WORKERS processes, 2 by
# default; each has its own PostgreSQL database, test_<name>_gw0..., its own Redis database,
# TEST_REDIS_URL's number plus its index, and its own SQLite file); TEST_WORKERS=0 runs them in
# one process. With arguments, only pytest on the full suite's settings runs, with those arguments
# and in one process unless they say -n (e.g. scripts/test.sh tests/engine -x);
# scripts/smoke.sh runs the smoke suite.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/_venv.sh dev

PGHOST_ADDR="${PGHOST_ADDR:-127.0.0.1}"; PGPORT_NUM="${PGPORT_NUM:-5432}"
REDIS_HOST="${REDIS_HOST:-127.0.0.1}"; REDIS_PORT="${REDIS_PORT:-6379}"

pg_up() { pg_isready -q -h "$PGHOST_ADDR" -p "$PGPORT_NUM" 2>/dev/null; }
redis_up() { .venv/bin/python - "$REDIS_HOST" "$REDIS_PORT" <<'PY' 2>/dev/null
import sys, redis
redis.Redis(host=sys.argv[1], port=int(sys.argv[2]), socket_connect_timeout=1).ping()
PY
}

if ! pg_up; then
  echo "PostgreSQL is not answering on $PGHOST_ADDR:$PGPORT_NUM; starting it."
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  fi
  for _ in $(seq 1 30); do pg_up && break; sleep 1; done
fi
if ! pg_up; then
  echo "FATAL: PostgreSQL cannot be reached on $PGHOST_ADDR:$PGPORT_NUM. The tests never fall back to SQLite." >&2
  exit 3
fi
if ! redis_up; then
  echo "Redis is not answering on $REDIS_HOST:$REDIS_PORT; starting it."
  if command -v redis-server >/dev/null 2>&1; then
    redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no || true
  fi
  for _ in $(seq 1 20); do redis_up && break; sleep 0.5; done
fi
if ! redis_up; then
  echo "FATAL: Redis cannot be reached on $REDIS_HOST:$REDIS_PORT." >&2
  exit 3
fi

# Browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
    || echo "warning: could not install chromium; browser tests will fail." >&2
fi

.venv/bin/python manage.py compilemessages --ignore=.venv >/dev/null 2>&1 || true

full_suite() {
  DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@$PGHOST_ADDR:$PGPORT_NUM/mafia}" \
  REDIS_URL="${TEST_REDIS_URL:-redis://$REDIS_HOST:$REDIS_PORT/1}" \
  DJANGO_SETTINGS_MODULE=config.test_settings DEBUG= EXPECT_COMPILED_ENGINE=1 \
    .venv/bin/python -m pytest "$@"
}

if [ "$#" -gt 0 ]; then
  full_suite "$@"  # the arguments choose what runs: the full suite's settings (PostgreSQL, Redis)
  exit $?
fi
# A whole test file stays on one worker (--dist loadfile): its module-level fixtures (a browser
# page, a Celery worker, a built world) are made once, as in a serial run.
parallel=()
if [ "${TEST_WORKERS:-2}" != "0" ]; then
  parallel=(-n "${TEST_WORKERS:-2}" --dist loadfile)
fi
status=0
echo "== The full suite: PostgreSQL and Redis"
full_suite "${parallel[@]}" || status=$?
echo "== The smoke suite: the embedded default of \`make run\` (SQLite, Celery eager, local-memory cache)"
bash scripts/smoke.sh "${parallel[@]}" || status=$?
exit "$status"
