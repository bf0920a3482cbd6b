#!/usr/bin/env bash
# Write this checkout's .env for local development, once: DEBUG on and a secret key of its own,
# so that `make run` and every `manage.py` command read the same development settings. The file is
# git-ignored and never overwritten; production sets its environment itself (docs/deployment.md),
# and without DEBUG the site refuses to start with no SECRET_KEY.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -f .env ]; then
  exit 0
fi
key="$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')"
umask 077
cat > .env <<ENV
# Local development settings for this checkout, written by \`make run\` (git-ignored).
# Variables exported in the shell take precedence. See the README's settings table.
DEBUG=1
SECRET_KEY=${key}
ENV
echo "Wrote .env (local development settings: DEBUG on, a generated SECRET_KEY)."
