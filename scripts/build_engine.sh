#!/usr/bin/env bash
# Compile the hot modules (the protocol engine, the judged table, the bots) with Cython
# (optional; docs/rules.md, "Speed"; the list is native.PACKAGES).
# Never fails: without Cython (--optional: silently) or a C compiler, or on any error, it prints
# one warning line and the pure-Python modules stay in use. Rebuilds only when the sources
# changed. Arguments go to `python -m native.build` (--force, --optional).
set -uo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  echo "warning: compiled modules not built (no .venv); using the pure-Python modules." >&2
  exit 0
fi
.venv/bin/python -m native.build "$@" \
  || echo "warning: compiled modules not built (the build crashed); using the pure-Python modules." >&2
exit 0
