#!/usr/bin/env bash
# The screenshot tour: walk the judges', organizers' and players' main paths in Chromium (the
# browser tests of tests/audiences/) at 390x844 and 1024x768, in English and Russian, and save a
# picture of every page under a folder (default: var/tour), named audience-size-language-step.png.
# Needs what `make test` needs (PostgreSQL, Redis, chromium). Usage: bash scripts/tour.sh [FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
folder="$(realpath -m "${1:-var/tour}")"
rm -rf "$folder" && mkdir -p "$folder"
SCREENSHOTS="$folder" bash scripts/test.sh tests/audiences -q -p no:randomly
echo "The tour: $(ls "$folder" | wc -l) pictures in $folder"
