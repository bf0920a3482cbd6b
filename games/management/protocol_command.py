"""What `validate_protocol` and `score_protocol` share: the document they are given (a file, or
`-` for standard input) and the refusal they print, `{"valid": false, "error": {...}}` with exit
status 1 and never a traceback (the protocol format's command line)."""

from __future__ import annotations

import json
import sys
from typing import NoReturn

from django.core.management.base import BaseCommand


class ProtocolCommand(BaseCommand):
    def add_arguments(self, parser):
        parser.add_argument("file", help="the protocol document (JSON); - reads standard input")

    def read_document(self, path: str) -> bytes:
        try:
            if path == "-":
                return sys.stdin.buffer.read()
            with open(path, "rb") as handle:
                return handle.read()
        except OSError as error:
            self.refuse({"event": None, "rule": "document.unreadable",
                         "message": f"cannot read {path}: {error.strerror}"})  # fmt: skip

    def emit(self, payload: dict) -> None:
        # JSON on stdout only, so that the output can be piped into other tools.
        self.stdout.write(json.dumps(payload, ensure_ascii=False, indent=2))
        self.stdout.flush()

    def refuse(self, error: dict) -> NoReturn:
        self.emit({"valid": False, "error": error})
        sys.exit(1)
