"""`manage.py validate_protocol FILE`: replay a protocol and print the derived result as JSON."""

from __future__ import annotations

import json
import sys

from django.core.management.base import BaseCommand

from games.engine import ProtocolError, replay


class Command(BaseCommand):
    help = (
        "Validate a mafia-protocol/1 document: print the derived result as JSON (exit 0), "
        'or {"valid": false, "error": {...}} (exit 1).'
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the protocol JSON file ('-' reads standard input)")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            if path == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(path, "rb") as handle:
                    data = handle.read()
        except OSError as exc:
            self.emit(
                {
                    "valid": False,
                    "error": {
                        "event": None,
                        "rule": "file.unreadable",
                        "message": f"cannot read {path}: {exc.strerror}",
                    },
                }
            )
            sys.exit(1)
        try:
            result = replay(data).to_result()
        except ProtocolError as error:
            self.emit({"valid": False, "error": error.to_dict()})
            sys.exit(1)
        self.emit(result)

    def emit(self, payload: dict) -> None:
        # JSON on stdout only, so that the output can be piped into other tools.
        self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2))
        self.stdout.flush()
