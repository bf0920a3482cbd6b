# Sourced by run.sh and test.sh: make .venv with the project installed, reinstalling only when
# pyproject.toml changes. $1 is the extra to install ("" or "dev").
set -euo pipefail
extra="${1:-}"
PYTHON="${PYTHON:-}"
if [ -z "$PYTHON" ]; then
  for candidate in python3.11 python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'; then
      PYTHON="$candidate"; break
    fi
  done
fi
if [ -z "$PYTHON" ]; then
  echo "error: Python 3.11 is needed (set PYTHON=/path/to/python3.11)." >&2
  exit 2
fi
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
stamp=".venv/.installed-${extra:-base}"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install --quiet --upgrade pip
  if [ -n "$extra" ]; then
    .venv/bin/python -m pip install --quiet -e ".[$extra]"
  else
    .venv/bin/python -m pip install --quiet -e .
  fi
  touch "$stamp"
fi
# The optional compiled engine (Cython; rebuilt only when its sources change). It never fails
# the setup: without Cython or a compiler the pure-Python engine is used. The base install has
# no Cython, so there it only builds if Cython happens to be installed.
if [ -n "$extra" ]; then
  scripts/build_engine.sh || true
else
  scripts/build_engine.sh --optional || true
fi
