#!/usr/bin/env bash
# Compile the protocol engine's hot module with Cython (optional; docs/rules.md, "Speed").
# Never fails: without Cython (--optional: silently) or a C compiler, or on any error, it prints
# one warning line and the pure-Python engine stays in use. Rebuilds only when the sources
# changed. Arguments go to `python -m games.engine.build` (--force, --optional).
set -uo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  echo "warning: compiled engine not built (no .venv); using the pure-Python engine." >&2
  exit 0
fi
.venv/bin/python -m games.engine.build "$@" \
  || echo "warning: compiled engine not built (the build crashed); using the pure-Python engine." >&2
exit 0
