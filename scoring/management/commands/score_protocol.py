"""`manage.py score_protocol FILE`: print the scores of a `mafia-protocol/1` document.

Thin: reading the file and printing are here; replaying and scoring are the pure engines'.
A refused document prints `{"valid": false, "error": {...}}` and exits 1, never a traceback.
"""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from games.engine import ProtocolError
from scoring.engine import score_document


class Command(BaseCommand):
    help = "Score a mafia-protocol/1 game document (FILE, or - for standard input) and print the scores as JSON."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the protocol document (JSON); - reads standard input")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                document = sys.stdin.buffer.read()
            else:
                with open(path, "rb") as handle:
                    document = handle.read()
        except OSError as error:
            self._refuse(
                {
                    "event": None,
                    "rule": "document.unreadable",
                    "message": f"cannot read {path}: {error.strerror}",
                }
            )
        try:
            result = score_document(document)
        except ProtocolError as error:  # ScoringError is a ProtocolError too
            self._refuse(error.to_dict())
        self.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False, indent=2))

    def _refuse(self, error: dict):
        self.stdout.write(json.dumps({"valid": False, "error": error}, ensure_ascii=False))
        sys.exit(1)
